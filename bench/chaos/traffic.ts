/**
 * The steady traffic of the chaos soak: a weighted mix of what each service is asked in a day, sent by a few
 * clients at a bounded rate, half on kept-alive connections and half on new ones, each request with a time
 * limit. Every request's outcome is kept for the report.
 */
import http from 'node:http';

export type ServiceUrls = Record<string, string>;

export interface RequestSpec {
  service: string;
  kind: string;
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface Outcome {
  service: string;
  kind: string;
  /** Milliseconds on the benchmark's clock (performance.now()). */
  start: number;
  end: number;
  status?: number;
  /** Why no answer came: a Node error code (ECONNREFUSED, ECONNRESET, ...), or TIMEOUT. */
  error?: string;
  /** Sent on a kept-alive connection that had carried an earlier request. */
  reusedSocket: boolean;
  newConnection: boolean;
}

export interface MixContext {
  urls: ServiceUrls;
  /** npm packages with the exact version their latest resolved to. */
  exact: ReadonlyMap<string, string>;
  /** npm packages whose `+esm` build succeeds. */
  esm: readonly string[];
  /** A GitHub repository and one of its tags. */
  gh: { repo: string; tag: string };
  /** Whether the website's pages are built (the web server answers them 503 otherwise). */
  pages: boolean;
  search: { appId: string; apiKey: string; indexName: string };
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

/** The mix: [service, kind, weight, request]. Weights are roughly a day's shares, every service present. */
export function buildMix(ctx: MixContext): Array<[number, () => RequestSpec]> {
  const { urls, exact, esm, gh, pages, search } = ctx;
  const names = [...exact.keys()];
  const get = (service: string, kind: string, url: string): RequestSpec => ({ service, kind, method: 'GET', url });
  const searchPost = (kind: string, path: string, body: unknown): RequestSpec => ({
    service: 'search',
    kind,
    method: 'POST',
    url: `${urls['search']}${path}`,
    headers: { 'x-algolia-application-id': search.appId, 'x-algolia-api-key': search.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const word = (): string =>
    pick(names)
      .replace(/^@[^/]+\//, '')
      .slice(0, 2 + Math.floor(Math.random() * 4));
  return [
    [20, () => ((name) => get('cdn', 'file (exact version)', `${urls['cdn']}/npm/${name}@${exact.get(name)}/package.json`))(pick(names))],
    [8, () => get('cdn', 'file (alias)', `${urls['cdn']}/npm/${pick(names)}@latest/package.json`)],
    [4, () => get('cdn', '+esm build', `${urls['cdn']}/npm/${pick(esm)}/+esm`)],
    [3, () => get('cdn', 'listing', `${urls['cdn']}/npm/${pick(names)}/`)],
    [3, () => get('cdn', 'gh file', `${urls['cdn']}/gh/${gh.repo}@${gh.tag}/package.json`)],
    [
      2,
      () =>
        get('cdn', 'combine', `${urls['cdn']}/combine/${[pick(names), pick(names)].map((name) => `npm/${name}@${exact.get(name)}/package.json`).join(',')}`),
    ],
    [4, () => get('esmrun', 'short link', `${urls['esmrun']}/${pick(esm)}`)],
    [5, () => get('data', 'package metadata', `${urls['data']}/v1/packages/npm/${pick(names)}`)],
    [3, () => get('data', 'package stats', `${urls['data']}/v1/stats/packages/npm/${pick(names)}?period=month`)],
    [2, () => get('data', 'version stats', `${urls['data']}/v1/stats/packages/npm/${pick(names)}/versions?period=month&limit=10`)],
    [2, () => get('data', 'top packages', `${urls['data']}/v1/stats/packages?period=month&limit=20`)],
    [7, () => searchPost('query', `/1/indexes/${search.indexName}/query`, { query: word(), hitsPerPage: 10 })],
    [
      2,
      () =>
        searchPost('multi-query', `/1/indexes/*/queries`, {
          requests: Array.from({ length: 3 }, () => ({ indexName: search.indexName, params: `query=${encodeURIComponent(word())}&hitsPerPage=5` })),
        }),
    ],
    [2, () => get('www', 'config', `${urls['www']}/config.json`)],
    [pages ? 3 : 0, () => get('www', 'package page', `${urls['www']}/package/npm/${pick(names)}`)],
    [pages ? 0 : 1, () => get('www', 'boot document', `${urls['www']}/boot.json`)],
    [1, () => get('www', 'readme', `${urls['www']}/readme/npm/${pick(names)}`)],
    [2, () => get('purge', 'job status', `${urls['purge']}/status/${Math.random().toString(36).slice(2, 12)}`)],
    [1, () => get('purge', 'challenge', `${urls['purge']}/captcha/challenge`)],
  ];
}

/** One request with a time limit; the body is read whole. Never throws: failures are outcomes. */
export function send(spec: RequestSpec, agent: http.Agent | false, timeoutMs: number, clock: () => number): Promise<Outcome> {
  const start = clock();
  return new Promise((resolve) => {
    let done = false;
    let reusedSocket = false;
    const finish = (fields: Partial<Outcome>): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve({ service: spec.service, kind: spec.kind, start, end: clock(), reusedSocket, newConnection: agent === false, ...fields });
    };
    const headers: Record<string, string> = { 'user-agent': 'skylift-chaos-soak', ...spec.headers };
    if (agent === false) headers['connection'] = 'close';
    const request = http.request(spec.url, { method: spec.method, agent, headers }, (response) => {
      response.on('data', () => {});
      response.on('end', () => finish({ status: response.statusCode }));
      response.on('error', (error: NodeJS.ErrnoException) => finish({ error: error.code ?? error.message }));
      response.on('aborted', () => finish({ error: 'ECONNRESET' }));
    });
    request.on('socket', () => (reusedSocket = request.reusedSocket));
    request.on('error', (error: NodeJS.ErrnoException) => finish({ error: error.code ?? error.message }));
    const timer = setTimeout(() => {
      finish({ error: 'TIMEOUT' });
      request.destroy();
    }, timeoutMs);
    request.end(spec.body);
  });
}

export interface TrafficOptions {
  mix: Array<[number, () => RequestSpec]>;
  clients: number;
  /** Requests per second over all clients. */
  rate: number;
  timeoutMs: number;
  /** Share of requests sent on a new connection; the rest reuse the client's kept-alive connections. */
  newConnectionShare: number;
  clock: () => number;
  stopAt: () => boolean;
  onOutcome: (outcome: Outcome) => void;
}

/** Runs the clients until `stopAt()`; each paces its requests so that together they send `rate` a second. */
export async function runTraffic(options: TrafficOptions): Promise<void> {
  const total = options.mix.reduce((sum, [weight]) => sum + weight, 0);
  const choose = (): RequestSpec => {
    let roll = Math.random() * total;
    for (const [weight, make] of options.mix) if ((roll -= weight) < 0) return make();
    return options.mix[0]![1]();
  };
  const gapMs = (1000 * options.clients) / options.rate;
  const client = async (index: number): Promise<void> => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    // Clients start spread over one gap, so that their requests do not arrive in bursts.
    await new Promise((resolve) => setTimeout(resolve, (gapMs * index) / options.clients));
    let next = options.clock();
    while (!options.stopAt()) {
      const useNew = Math.random() < options.newConnectionShare;
      options.onOutcome(await send(choose(), useNew ? false : agent, options.timeoutMs, options.clock));
      next += gapMs;
      const wait = next - options.clock();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      else next = options.clock();
    }
    agent.destroy();
  };
  await Promise.all(Array.from({ length: options.clients }, (_, index) => client(index)));
}
