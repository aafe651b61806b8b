/** A loopback server standing in for a provider's API: records every request and answers from a function. */
import type http from 'node:http';
import { sendJson, startFixtureServer, type FixtureServer } from '../../../test/fixtures/upstream/fixtureServer.ts';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface RecordingServer extends FixtureServer {
  requests: RecordedRequest[];
}

export type Answer = (request: RecordedRequest) => { status: number; body: unknown };

export async function startRecordingServer(answer: Answer): Promise<RecordingServer> {
  const requests: RecordedRequest[] = [];
  const server = await startFixtureServer(async (request, response, path, query) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const recorded: RecordedRequest = { method: request.method ?? 'GET', path, query, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
    requests.push(recorded);
    const { status, body } = answer(recorded);
    sendJson(response, status, body);
  });
  return Object.assign(server, { requests });
}
