/**
 * Configuration of every service, read once from the environment with embedded defaults that need no setup.
 * Nothing here names an upstream host: the npm registry is the one npm itself is configured with.
 */
import net from 'node:net';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { findProjectRoot } from './paths.ts';
import { parseCustomEndpoints, type CustomEndpoint } from './customEndpoints.ts';
import { parseEdgeFeeds, type EdgeFeed } from './edgeFeeds.ts';
import { imageProxyConfig, type ImageProxyConfig } from './imageProxy.ts';
import { referenceRendererConfig, type ReferenceRenderer } from './referenceRenderer.ts';
import { npmRegistries, type NpmRegistries } from './npmRegistries.ts';
import { packageAccessConfig, type PackageAccessConfig } from './packageAccess.ts';
import { DEFAULT_MEMORY_CACHE_BYTES } from './memoryCaches.ts';
import { DEFAULT_GITHUB_SIZE_LIMIT, DEFAULT_NPM_SIZE_LIMIT, parseSize, parseSizeExceptions } from './sizeLimits.ts';

export type ServiceName = 'www' | 'cdn' | 'data' | 'search' | 'purge' | 'esmrun';
export const SERVICE_NAMES: readonly ServiceName[] = ['www', 'cdn', 'data', 'search', 'purge', 'esmrun'];

export interface ServiceAddress {
  port: number;
  /** The URL the browser and other services use to reach it (behind a fronting CDN in production). */
  publicUrl: string;
}

export interface Config {
  host: string;
  /** Root of everything a service writes: file cache, request log, SQLite databases. */
  dataDir: string;
  projectRoot: string;
  services: Record<ServiceName, ServiceAddress>;
  upstream: {
    npmRegistry: string;
    /** Per-scope registries and every registry's credentials (`npmRegistries.ts`); tokens print as `[redacted]`. */
    npm: NpmRegistries;
    githubApi: string;
    githubArchive: string;
    /** Where GitHub serves repositories' files raw (readme images a package left out). */
    githubRaw: string;
    /** GitHub's web address: its users' pages and avatars (`/{user}.png`), as package pages show owners. */
    githubWeb: string;
    /** Bearer token for the GitHub API, if any. */
    githubToken: string | undefined;
    /** WordPress.org's plugin repository (Subversion over HTTP: `{slug}/tags/{version}/...`, `{slug}/trunk/...`). */
    wpPlugins: string;
    /** WordPress.org's theme repository (`{slug}/{version}/...`). */
    wpThemes: string;
    timeoutMs: number;
  };
  limits: {
    /** Unpacked size limit of one npm package version, bytes (150 MB); see `sizeLimits.ts`. */
    packageSizeBytes: number;
    /** Unpacked size limit of one GitHub repository version, bytes (50 MB). */
    githubSizeBytes: number;
    /** Packages and repositories with their own limit (`npm:{name}`, `gh:{user}/{repo}` to bytes). */
    sizeExceptions: ReadonlyMap<string, number>;
    /** Largest single file served out of an npm version over its limit, bytes (20 MB). */
    singleFileBytes: number;
    /** Largest file served from the WordPress plugin and theme repositories, bytes (20 MB). */
    wpFileBytes: number;
    combineParts: number;
    /** Bytes the file cache (blobs and generated files) may take before least recently used entries go. */
    cacheBudgetBytes: number;
    /** Memory each CDN and data API process gives its caches together, bytes (`memoryCaches.ts`). */
    memoryCacheBytes: number;
    /** How long after its holder died a fleet's download lock lapses (it is renewed while the holder lives). */
    downloadLockTtlMs: number;
  };
  /** The npm packages served: allow-list and deny-list of names and scopes (`packageAccess.ts`). */
  access: PackageAccessConfig;
  /** Path prefixes of the CDN served from other projects' file hosts (oss-cdn). */
  customEndpoints: CustomEndpoint[];
  /** An S3-compatible bucket the origins share their extracted files through, when configured. */
  sharedFiles: SharedFilesConfig | undefined;
  /**
   * Request headers that a fronting CDN sets, from which the request log takes provider and country, read
   * only from requests of the trusted proxies (addresses or CIDR blocks) or carrying the shared secret.
   */
  edgeHeaders: { provider: string; country: string; trustedProxies: string[]; secret: string | undefined; secretHeader: string };
  /** Folders where edge CDNs deliver their request logs, one per provider (SKYLIFT_EDGE_LOGS, see requestlog/edge/FORMAT.md). */
  edgeLogs: EdgeFeed[];
  /** How often the data API's leader folds new request log lines, ours and the edge's, into the statistics (SKYLIFT_INGEST_INTERVAL_MS, 2 s). */
  ingestIntervalMs: number;
  storage: {
    /** postgres://... to keep statistics in PostgreSQL instead of embedded SQLite. */
    postgresUrl: string | undefined;
    /** redis://... for the state a fleet of origins shares (aliases, locks, purges, rate limits) and purge fan-out. */
    redisUrl: string | undefined;
    /**
     * Where that state is kept without Redis: `sqlite` (`{dataDir}/shared-state.sqlite`, shared by the
     * processes of this machine) for a launcher's service processes, `memory` (this process alone) otherwise
     * and when absent.
     */
    localState?: 'sqlite' | 'memory';
  };
  search: {
    /** Where the browser's algoliasearch client goes; our own search service unless hosted Algolia is configured. */
    appId: string;
    apiKey: string;
    indexName: string;
    /** Full base URL of an Algolia-compatible host; defaults to our search service. */
    hostUrl: string;
    /** CouchDB-style _changes feed to follow, if any. */
    changesFeedUrl: string | undefined;
  };
  purge: PurgeConfig;
  /**
   * Remote name -> URL of its mf-manifest.json, from SKYLIFT_REMOTES: over the web server's defaults, each remote
   * built in this repository where the web server hosts it (`../www/runtimeConfig/remotesManifest.ts`).
   */
  remoteOverrides: Record<string, string>;
  /** A JSON file of remotes manifest entries, read again when it changes (SKYLIFT_REMOTES_FILE). */
  remotesFile: string | undefined;
  /** The operator's site content: figures, links, sponsors, notices (SKYLIFT_CONTENT_FILE). */
  contentFile: string | undefined;
  /**
   * What the esm.run page links to beyond our services, handed to it in /config.json when set: where "Open in
   * JSFiddle" posts (SKYLIFT_ESM_SANDBOX_URL) and the module CDNs its benchmark compares with
   * (SKYLIFT_ESM_MODULE_CDNS, a JSON list of { name, template } with {name} for the package).
   */
  esmTools: { sandboxUrl?: string; moduleCdns?: Array<{ name: string; template: string }> } | undefined;
  /** The website's image proxy: the hosts it may fetch from and its limits (`imageProxy.ts`). */
  imageProxy: ImageProxyConfig;
  /** The script API references are drawn with, and its hash (`referenceRenderer.ts`). */
  referenceRenderer: ReferenceRenderer;
  logLevel: string;
}

type Env = Record<string, string | undefined>;

export interface SharedFilesConfig {
  bucket: string;
  /** An S3-compatible server's URL (addressed with path-style requests); AWS's own endpoint when absent. */
  endpoint: string | undefined;
  region: string;
  /** Prepended to every object key: `skylift/` puts everything under that folder. */
  prefix: string;
  /** Each bucket request's time limit. */
  timeoutMs: number;
}

/** SKYLIFT_S3_*: credentials come from the AWS SDK's usual sources (AWS_ACCESS_KEY_ID..., profiles, roles). */
function sharedFilesConfig(env: Env): SharedFilesConfig | undefined {
  const bucket = env['SKYLIFT_S3_BUCKET'];
  if (!bucket) return undefined;
  const prefix = env['SKYLIFT_S3_PREFIX'] ?? '';
  return {
    bucket,
    endpoint: env['SKYLIFT_S3_ENDPOINT'] ? trimSlash(env['SKYLIFT_S3_ENDPOINT']) : undefined,
    region: env['SKYLIFT_S3_REGION'] || env['AWS_REGION'] || 'us-east-1',
    prefix: prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`,
    timeoutMs: int(env, 'SKYLIFT_S3_TIMEOUT_MS', 5_000),
  };
}

/** Captchas the purge service can check: a self-hosted proof of work, or a hosted one through siteverify. */
export type CaptchaKind = 'altcha' | 'recaptcha' | 'hcaptcha' | 'turnstile';
export const CAPTCHA_KINDS: readonly CaptchaKind[] = ['altcha', 'recaptcha', 'hcaptcha', 'turnstile'];

export interface PurgeConfig {
  captcha: {
    kind: CaptchaKind;
    /** The hosted captcha's secret (siteverify kinds). */
    secret: string | undefined;
    /** The hosted captcha's public site key, handed to the page. */
    siteKey: string | undefined;
    /** The siteverify endpoint; the provider's own unless configured. */
    verifyUrl: string | undefined;
    /** HMAC secret signing the proof-of-work challenges; random per process unless configured. */
    altchaHmacKey: string | undefined;
  };
  /** Fronting CDNs to ask for a purge; a provider is configured when its credentials are. */
  providers: {
    cloudflare?: { apiUrl: string; zoneId: string; token: string };
    fastly?: { apiUrl: string; token: string };
    bunny?: { apiUrl: string; accessKey: string };
    gcore?: { apiUrl: string; resourceId: string; token: string };
  };
  /** Purge requests one client may send per minute. */
  clientRequestsPerMinute: number;
  /** A path purged again within this many seconds is throttled. */
  throttleSeconds: number;
}

function purgeConfig(env: Env): PurgeConfig {
  const secret = env['SKYLIFT_CAPTCHA_SECRET'] || undefined;
  const kind = (env['SKYLIFT_CAPTCHA'] || (secret ? 'recaptcha' : 'altcha')) as CaptchaKind;
  if (!CAPTCHA_KINDS.includes(kind)) throw new Error(`SKYLIFT_CAPTCHA must be one of ${CAPTCHA_KINDS.join(', ')}, got "${kind}"`);
  if (kind !== 'altcha' && !secret) throw new Error(`SKYLIFT_CAPTCHA=${kind} needs SKYLIFT_CAPTCHA_SECRET (and SKYLIFT_CAPTCHA_SITE_KEY for the page).`);
  const providers: PurgeConfig['providers'] = {};
  if (env['SKYLIFT_CLOUDFLARE_ZONE_ID'] && env['SKYLIFT_CLOUDFLARE_API_TOKEN']) {
    providers.cloudflare = {
      apiUrl: trimSlash(env['SKYLIFT_CLOUDFLARE_API_URL'] ?? 'https://api.cloudflare.com/client/v4'),
      zoneId: env['SKYLIFT_CLOUDFLARE_ZONE_ID'],
      token: env['SKYLIFT_CLOUDFLARE_API_TOKEN'],
    };
  }
  if (env['SKYLIFT_FASTLY_API_TOKEN']) {
    providers.fastly = { apiUrl: trimSlash(env['SKYLIFT_FASTLY_API_URL'] ?? 'https://api.fastly.com'), token: env['SKYLIFT_FASTLY_API_TOKEN'] };
  }
  if (env['SKYLIFT_BUNNY_ACCESS_KEY']) {
    providers.bunny = { apiUrl: trimSlash(env['SKYLIFT_BUNNY_API_URL'] ?? 'https://api.bunny.net'), accessKey: env['SKYLIFT_BUNNY_ACCESS_KEY'] };
  }
  if (env['SKYLIFT_GCORE_RESOURCE_ID'] && env['SKYLIFT_GCORE_API_TOKEN']) {
    providers.gcore = {
      apiUrl: trimSlash(env['SKYLIFT_GCORE_API_URL'] ?? 'https://api.gcore.com'),
      resourceId: env['SKYLIFT_GCORE_RESOURCE_ID'],
      token: env['SKYLIFT_GCORE_API_TOKEN'],
    };
  }
  return {
    captcha: {
      kind,
      secret,
      siteKey: env['SKYLIFT_CAPTCHA_SITE_KEY'] || undefined,
      verifyUrl: env['SKYLIFT_CAPTCHA_VERIFY_URL'] || undefined,
      altchaHmacKey: env['SKYLIFT_ALTCHA_HMAC_KEY'] || undefined,
    },
    providers,
    clientRequestsPerMinute: int(env, 'SKYLIFT_PURGE_RATE_LIMIT', 6),
    throttleSeconds: int(env, 'SKYLIFT_PURGE_THROTTLE_SECONDS', 60),
  };
}

function esmToolsConfig(env: Env): Config['esmTools'] {
  const sandboxUrl = env['SKYLIFT_ESM_SANDBOX_URL'] || undefined;
  const cdns = env['SKYLIFT_ESM_MODULE_CDNS'] || undefined;
  if (!sandboxUrl && !cdns) return undefined;
  let moduleCdns: Array<{ name: string; template: string }> | undefined;
  if (cdns) {
    const parsed: unknown = JSON.parse(cdns);
    const valid = (item: unknown): item is { name: string; template: string } =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as { name?: unknown }).name === 'string' &&
      typeof (item as { template?: unknown }).template === 'string' &&
      (item as { template: string }).template.includes('{name}');
    if (!Array.isArray(parsed) || !parsed.every(valid))
      throw new Error('SKYLIFT_ESM_MODULE_CDNS must be a JSON list of { "name", "template" } with {name} in each template');
    moduleCdns = parsed;
  }
  return { ...(sandboxUrl ? { sandboxUrl } : {}), ...(moduleCdns ? { moduleCdns } : {}) };
}

const DEFAULT_PORTS: Record<ServiceName, number> = { www: 4000, cdn: 4001, data: 4002, search: 4003, purge: 4004, esmrun: 4005 };

/** `SKYLIFT_TRUSTED_PROXIES`: addresses and CIDR blocks, separated by commas; a malformed entry stops the start. */
function trustedProxies(value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const bits = net.isIPv6(address) ? 128 : net.isIPv4(address) ? 32 : 0;
    const valid = bits > 0 && (prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= bits));
    if (!valid) throw new Error(`SKYLIFT_TRUSTED_PROXIES: "${entry}" is not an address or a CIDR block`);
  }
  return entries;
}

/**
 * SKYLIFT_SHARED_STATE, or by default SQLite in a process the launcher started (its service's other
 * processes must see the same rate limits and used challenges) and memory in one running alone.
 */
function localState(env: Env): 'sqlite' | 'memory' {
  const raw = env['SKYLIFT_SHARED_STATE'] || (env['SKYLIFT_SERVICE_PROCESS'] ? 'sqlite' : 'memory');
  if (raw !== 'sqlite' && raw !== 'memory') throw new Error(`SKYLIFT_SHARED_STATE must be sqlite or memory, got "${raw}"`);
  return raw;
}

function int(env: Env, key: string, fallback: number): number {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n)) throw new Error(`${key} must be a number, got "${raw}"`);
  return n;
}

/** A size in bytes, or with a unit (`150MB`). */
function size(env: Env, key: string, fallback: number): number {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  const bytes = parseSize(raw);
  if (bytes === null) throw new Error(`${key} must be a size in bytes or with a unit (150MB), got "${raw}"`);
  return bytes;
}

/** The registry npm is configured with: npm passes it to scripts it runs; otherwise ask npm. */
export function npmConfiguredRegistry(env: Env = process.env): string {
  const fromEnv = env['npm_config_registry'];
  if (fromEnv) return fromEnv;
  try {
    return execFileSync('npm', ['config', 'get', 'registry', '--workspaces=false'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    throw new Error('Cannot tell which npm registry to use: set SKYLIFT_NPM_REGISTRY or configure npm.');
  }
}

const trimSlash = (url: string): string => url.replace(/\/+$/, '');

export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const projectRoot = findProjectRoot();
  const host = env['SKYLIFT_HOST'] ?? '127.0.0.1';
  const publicHost = env['SKYLIFT_PUBLIC_HOST'] ?? 'localhost';
  const services = {} as Record<ServiceName, ServiceAddress>;
  for (const name of SERVICE_NAMES) {
    const key = name.toUpperCase();
    const port = int(env, `SKYLIFT_${key}_PORT`, DEFAULT_PORTS[name]);
    services[name] = { port, publicUrl: trimSlash(env[`SKYLIFT_${key}_URL`] ?? `http://${publicHost}:${port}`) };
  }

  const npmRegistry = trimSlash(env['SKYLIFT_NPM_REGISTRY'] ?? npmConfiguredRegistry(env));
  const config: Config = {
    host,
    projectRoot,
    dataDir: path.resolve(env['SKYLIFT_DATA_DIR'] ?? path.join(projectRoot, '.data')),
    services,
    upstream: {
      npmRegistry,
      npm: npmRegistries(env, { projectRoot, defaultRegistry: npmRegistry }),
      githubApi: trimSlash(env['SKYLIFT_GITHUB_API'] ?? 'https://api.github.com'),
      githubArchive: trimSlash(env['SKYLIFT_GITHUB_ARCHIVE'] ?? 'https://codeload.github.com'),
      githubRaw: trimSlash(env['SKYLIFT_GITHUB_RAW'] ?? 'https://raw.githubusercontent.com'),
      githubWeb: trimSlash(env['SKYLIFT_GITHUB_WEB'] ?? 'https://github.com'),
      githubToken: env['SKYLIFT_GITHUB_TOKEN'] || undefined,
      wpPlugins: trimSlash(env['SKYLIFT_WP_PLUGINS_URL'] ?? 'https://plugins.svn.wordpress.org'),
      wpThemes: trimSlash(env['SKYLIFT_WP_THEMES_URL'] ?? 'https://themes.svn.wordpress.org'),
      timeoutMs: int(env, 'SKYLIFT_UPSTREAM_TIMEOUT_MS', 30_000),
    },
    limits: {
      packageSizeBytes: size(env, 'SKYLIFT_PACKAGE_SIZE_LIMIT', DEFAULT_NPM_SIZE_LIMIT),
      githubSizeBytes: size(env, 'SKYLIFT_GITHUB_SIZE_LIMIT', DEFAULT_GITHUB_SIZE_LIMIT),
      sizeExceptions: parseSizeExceptions(env['SKYLIFT_PACKAGE_SIZE_EXCEPTIONS']),
      singleFileBytes: size(env, 'SKYLIFT_SINGLE_FILE_LIMIT', 20 * 1024 * 1024),
      wpFileBytes: size(env, 'SKYLIFT_WP_FILE_LIMIT', 20 * 1024 * 1024),
      combineParts: 50,
      cacheBudgetBytes: int(env, 'SKYLIFT_CACHE_BUDGET_BYTES', 10 * 1024 * 1024 * 1024),
      memoryCacheBytes: size(env, 'SKYLIFT_MEMORY_CACHE_BYTES', DEFAULT_MEMORY_CACHE_BYTES),
      // Renewed every third of it while its holder lives: after a kill -9 the other processes wait this long for
      // the download. At 30 s, a request waiting on a killed process's download met the clients' own timeouts.
      downloadLockTtlMs: int(env, 'SKYLIFT_DOWNLOAD_LOCK_TTL_MS', 5_000),
    },
    access: packageAccessConfig(env),
    customEndpoints: parseCustomEndpoints(env['SKYLIFT_CUSTOM_ENDPOINTS']),
    sharedFiles: sharedFilesConfig(env),
    edgeHeaders: {
      provider: (env['SKYLIFT_PROVIDER_HEADER'] ?? 'x-edge-provider').toLowerCase(),
      country: (env['SKYLIFT_COUNTRY_HEADER'] ?? 'x-edge-country').toLowerCase(),
      trustedProxies: trustedProxies(env['SKYLIFT_TRUSTED_PROXIES']),
      secret: env['SKYLIFT_EDGE_SECRET'] || undefined,
      secretHeader: (env['SKYLIFT_EDGE_SECRET_HEADER'] ?? 'x-edge-secret').toLowerCase(),
    },
    edgeLogs: parseEdgeFeeds(env['SKYLIFT_EDGE_LOGS']),
    ingestIntervalMs: int(env, 'SKYLIFT_INGEST_INTERVAL_MS', 2000),
    storage: {
      postgresUrl: env['SKYLIFT_POSTGRES_URL'] || undefined,
      redisUrl: env['SKYLIFT_REDIS_URL'] || undefined,
      localState: localState(env),
    },
    search: {
      appId: env['SKYLIFT_SEARCH_APP_ID'] ?? 'SKYLIFT',
      apiKey: env['SKYLIFT_SEARCH_API_KEY'] ?? 'public-search-key',
      indexName: env['SKYLIFT_SEARCH_INDEX'] ?? 'npm-search',
      hostUrl: trimSlash(env['SKYLIFT_SEARCH_HOST_URL'] ?? services.search.publicUrl),
      changesFeedUrl: env['SKYLIFT_CHANGES_FEED_URL'] || undefined,
    },
    purge: purgeConfig(env),
    remoteOverrides: env['SKYLIFT_REMOTES'] ? (JSON.parse(env['SKYLIFT_REMOTES']) as Record<string, string>) : {},
    remotesFile: env['SKYLIFT_REMOTES_FILE'] || undefined,
    contentFile: env['SKYLIFT_CONTENT_FILE'] || undefined,
    esmTools: esmToolsConfig(env),
    imageProxy: imageProxyConfig(
      env,
      (key, fallback) => size(env, key, fallback),
      (key, fallback) => int(env, key, fallback),
    ),
    referenceRenderer: referenceRendererConfig(env, services.cdn.publicUrl),
    logLevel: env['SKYLIFT_LOG_LEVEL'] ?? 'info',
  };
  return { ...config, ...overrides };
}
