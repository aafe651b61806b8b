/**
 * Which registry serves which npm package, and the credentials each registry gets: per-scope registries
 * (`@acme:registry=`) and tokens (`//host/path/:_authToken=`), read from npm's own configuration files the way
 * npm reads them, then from ours. A self-hosting team's private packages then come from where `npm install`
 * would take them, with the same token, and nothing has to be configured twice.
 *
 * Precedence, strongest first: SKYLIFT_NPM_TOKEN and SKYLIFT_NPM_SCOPES; the file SKYLIFT_NPMRC names (npmrc
 * format); npm's environment (`npm_config_@scope:registry`); the project's `.npmrc`; the user's (`~/.npmrc` or
 * `npm_config_userconfig`); the global one (`{prefix}/etc/npmrc` or `npm_config_globalconfig`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Secret } from './secret.ts';

type Env = Record<string, string | undefined>;

/** The credential of every request whose URL, without its protocol, starts with `prefix` (`//host[:port]/path/`). */
export interface RegistryCredential {
  prefix: string;
  /** The whole `authorization` header value: `Bearer ...` or `Basic ...`. */
  authorization: Secret;
}

export interface NpmRegistries {
  /** Scope (`@acme`) to the registry its packages come from, without a trailing slash. */
  scopes: Record<string, string>;
  /** Longest prefix first, so that the most specific credential wins as in npm. */
  credentials: RegistryCredential[];
}

/** What npm's configuration files say that matters here, in one file's terms. */
interface NpmrcSettings {
  scopes: Record<string, string>;
  /** Nerf-darted prefix to the header value. */
  auth: Record<string, string>;
}

/**
 * `//host[:port]/path/` of a registry URL, as npm keys its credentials ("nerf dart"): protocol, query and the
 * last path segment dropped.
 */
export function nerfDart(url: string): string {
  const parsed = new URL(url);
  const folder = new URL('.', `${parsed.protocol}//${parsed.host}${parsed.pathname}`);
  return `//${folder.host}${folder.pathname}`;
}

/** `${NAME}` takes the variable's value; `${NAME?}` an empty string when it is unset; an unset one stays as written, as npm leaves it. */
function expand(text: string, env: Env): string {
  return text.replace(/(?<!\\)\$\{([^${}?]+)(\?)?\}/g, (whole, name: string, optional: string | undefined) => {
    const value = env[name];
    if (value !== undefined) return value;
    return optional ? '' : whole;
  });
}

function unquote(value: string): string {
  if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) {
    try {
      return String(JSON.parse(value));
    } catch {
      return value.slice(1, -1);
    }
  }
  if (value.startsWith("'") && value.endsWith("'") && value.length >= 2) return value.slice(1, -1);
  return value;
}

/** One npmrc file (ini: `key = value`, `;` and `#` comments), the settings this service uses. */
export function parseNpmrc(text: string, env: Env): NpmrcSettings {
  const scopes: Record<string, string> = {};
  const tokens: Record<string, string> = {};
  const basic: Record<string, string> = {};
  const users: Record<string, { username?: string; password?: string }> = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith(';') || line.startsWith('#') || line.startsWith('[')) continue;
    const eq = line.indexOf('=');
    if (eq <= 0) continue;
    const key = expand(line.slice(0, eq).trim(), env);
    const value = expand(unquote(line.slice(eq + 1).trim()), env);
    const scoped = /^(@[^:/]+):registry$/.exec(key);
    if (scoped) {
      scopes[scoped[1]!] = value.replace(/\/+$/, '');
      continue;
    }
    const nerfed = /^(\/\/.+?):(_authToken|_auth|username|_password)$/.exec(key);
    if (!nerfed || !value) continue;
    const prefix = nerfed[1]!.endsWith('/') ? nerfed[1]! : `${nerfed[1]!}/`;
    if (nerfed[2] === '_authToken') tokens[prefix] = value;
    else if (nerfed[2] === '_auth') basic[prefix] = value;
    else if (nerfed[2] === 'username') (users[prefix] ??= {}).username = value;
    else (users[prefix] ??= {}).password = Buffer.from(value, 'base64').toString('utf8');
  }
  const auth: Record<string, string> = {};
  for (const [prefix, { username, password }] of Object.entries(users)) {
    if (username && password) auth[prefix] = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  }
  for (const [prefix, value] of Object.entries(basic)) auth[prefix] = `Basic ${value}`;
  // A token beats a password for the same registry, as in npm.
  for (const [prefix, value] of Object.entries(tokens)) auth[prefix] = `Bearer ${value}`;
  return { scopes, auth };
}

function readFile(file: string | undefined): string | undefined {
  if (!file) return undefined;
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** The value of an `npm_config_*` variable, which npm reads whatever its case. */
function npmEnv(env: Env, name: string): string | undefined {
  return env[`npm_config_${name}`] ?? env[`NPM_CONFIG_${name.toUpperCase()}`];
}

/** npm's configuration files, weakest first. */
function npmFiles(env: Env, projectRoot: string): string[] {
  const prefix = npmEnv(env, 'prefix') ?? (process.platform === 'win32' ? path.dirname(process.execPath) : path.dirname(path.dirname(process.execPath)));
  const home = env['HOME'] ?? os.homedir();
  return [
    npmEnv(env, 'globalconfig') ?? path.join(prefix, 'etc', 'npmrc'),
    npmEnv(env, 'userconfig') ?? path.join(home, '.npmrc'),
    path.join(projectRoot, '.npmrc'),
  ];
}

/** `@acme=https://npm.acme.example/,@other=...` */
function parseScopes(value: string | undefined): Record<string, string> {
  const scopes: Record<string, string> = {};
  for (const entry of (value ?? '').split(',').map((item) => item.trim())) {
    if (!entry) continue;
    const match = /^(@[^=\s/]+)=(https?:\/\/\S+)$/.exec(entry);
    if (!match) throw new Error(`SKYLIFT_NPM_SCOPES: "${entry}" is not @scope=URL`);
    scopes[match[1]!] = match[2]!.replace(/\/+$/, '');
  }
  return scopes;
}

export function npmRegistries(env: Env, options: { projectRoot: string; defaultRegistry: string }): NpmRegistries {
  const scopes: Record<string, string> = {};
  const auth: Record<string, string> = {};
  const apply = (settings: NpmrcSettings): void => {
    Object.assign(scopes, settings.scopes);
    Object.assign(auth, settings.auth);
  };
  for (const file of npmFiles(env, options.projectRoot)) {
    const text = readFile(file);
    if (text !== undefined) apply(parseNpmrc(text, env));
  }
  for (const [key, value] of Object.entries(env)) {
    const match = /^npm_config_(@[^:]+):registry$/i.exec(key);
    if (match && value) scopes[match[1]!.toLowerCase()] = value.replace(/\/+$/, '');
  }
  const ours = env['SKYLIFT_NPMRC'];
  if (ours) {
    const text = readFile(ours);
    if (text === undefined) throw new Error(`SKYLIFT_NPMRC: cannot read ${ours}`);
    apply(parseNpmrc(text, env));
  }
  Object.assign(scopes, parseScopes(env['SKYLIFT_NPM_SCOPES']));
  const token = env['SKYLIFT_NPM_TOKEN'];
  if (token) auth[nerfDart(`${options.defaultRegistry}/`)] = `Bearer ${token}`;
  const credentials = Object.entries(auth)
    .map(([prefix, header]) => ({ prefix, authorization: new Secret(header) }))
    .sort((a, b) => b.prefix.length - a.prefix.length);
  return { scopes, credentials };
}
