/**
 * A real HTTP server on a free loopback port for the client tests: each test describes the answers by
 * path, and the server counts the requests it received so caching and request sharing can be checked.
 * Only for tests that run in jest's node environment.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FixtureAnswer {
  status?: number;
  body?: unknown;
  /** Sent as is instead of JSON-encoding `body`. */
  rawBody?: string;
  headers?: Record<string, string>;
  /** Hold the answer until release() is called, to keep requests in flight. */
  held?: boolean;
}

export type FixtureRoute = FixtureAnswer | ((request: IncomingMessage, count: number) => FixtureAnswer);

export interface FixtureServer {
  url: string;
  /** Requests received per path with query, e.g. "/v1/stats/periods". */
  requests: string[];
  countOf(pathWithQuery: string): number;
  /** Sends the held answers. */
  release(): void;
  close(): Promise<void>;
}

export async function startFixtureServer(routes: Record<string, FixtureRoute>): Promise<FixtureServer> {
  const requests: string[] = [];
  const heldAnswers: Array<() => void> = [];
  const server: Server = createServer((request, response) => {
    const target = request.url ?? '/';
    requests.push(target);
    const route = routes[target] ?? routes[target.split('?')[0] ?? ''];
    const count = requests.filter((r) => r === target).length;
    const answer: FixtureAnswer = !route
      ? { status: 404, body: { status: 404, message: `Nothing at ${target}.` } }
      : typeof route === 'function'
        ? route(request, count)
        : route;
    const send = () => {
      response.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers });
      response.end(answer.rawBody ?? JSON.stringify(answer.body ?? null));
    };
    if (answer.held) heldAnswers.push(send);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    countOf: (pathWithQuery) => requests.filter((r) => r === pathWithQuery).length,
    release: () => heldAnswers.splice(0).forEach((send) => send()),
    close: () =>
      new Promise<void>((resolve) => {
        heldAnswers.splice(0).forEach((send) => send());
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
