/**
 * What the esm.run page takes from configuration beyond the service URLs: where "Open in JSFiddle" posts,
 * and the other module CDNs the benchmark loads, as URL templates with `{name}` for the package. The web
 * server's `/config.json` may carry them as `esm: { sandboxUrl, moduleCdns: [{ name, template }] }`; these
 * defaults are the public endpoints of those services.
 */
export interface ModuleCdn {
  name: string;
  /** The module URL of a package, `{name}` standing for the package name. */
  template: string;
}

export interface EsmToolsConfig {
  sandboxUrl: string;
  moduleCdns: ModuleCdn[];
}

export const DEFAULT_ESM_TOOLS: EsmToolsConfig = {
  sandboxUrl: 'https://jsfiddle.net/api/post/library/pure/',
  moduleCdns: [
    { name: 'esm.sh', template: 'https://esm.sh/{name}' },
    { name: 'Skypack', template: 'https://cdn.skypack.dev/{name}' },
  ],
};

const isHttpUrl = (value: unknown): value is string => typeof value === 'string' && /^https?:\/\/[^\s]+$/i.test(value);

/** The `esm` section of a configuration document, each field checked; anything missing or malformed keeps its default. */
export function parseEsmTools(document: unknown): EsmToolsConfig {
  const section = typeof document === 'object' && document !== null ? (document as { esm?: unknown }).esm : undefined;
  if (typeof section !== 'object' || section === null) return DEFAULT_ESM_TOOLS;
  const { sandboxUrl, moduleCdns } = section as { sandboxUrl?: unknown; moduleCdns?: unknown };
  const cdns = Array.isArray(moduleCdns)
    ? moduleCdns.filter(
        (cdn): cdn is ModuleCdn =>
          typeof cdn === 'object' &&
          cdn !== null &&
          typeof (cdn as ModuleCdn).name === 'string' &&
          isHttpUrl((cdn as ModuleCdn).template) &&
          (cdn as ModuleCdn).template.includes('{name}'),
      )
    : null;
  return {
    sandboxUrl: isHttpUrl(sandboxUrl) ? sandboxUrl : DEFAULT_ESM_TOOLS.sandboxUrl,
    moduleCdns: cdns && cdns.length > 0 ? cdns.slice(0, 4) : DEFAULT_ESM_TOOLS.moduleCdns,
  };
}

let loaded: Promise<EsmToolsConfig> | null = null;

/** Reads the `esm` section of the web server's configuration once; the defaults when it has none or cannot be read. */
export function loadEsmTools(wwwUrl: string): Promise<EsmToolsConfig> {
  loaded ??= fetch(`${wwwUrl.replace(/\/+$/, '')}/config.json`, { headers: { accept: 'application/json' } })
    .then((response) => (response.ok ? response.json() : null))
    .then(parseEsmTools, () => DEFAULT_ESM_TOOLS);
  return loaded;
}

/** Forgets the loaded section; for tests. */
export function resetEsmTools(): void {
  loaded = null;
}

export function moduleUrl(template: string, name: string): string {
  return template.replace(/\{name\}/g, name);
}
