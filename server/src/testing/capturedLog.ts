/**
 * A service's real logger (pino through Fastify, as `observability/logger.ts` builds it) whose JSON lines
 * are kept in memory, so that a test reads what an operator would.
 */
import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';

export interface LogLine {
  level: number;
  msg: string;
  err?: { type?: string; message?: string; stack?: string; code?: string };
  [field: string]: unknown;
}

export interface CapturedLog {
  log: FastifyBaseLogger;
  lines: LogLine[];
}

export function capturedLog(): CapturedLog {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString('utf8').split('\n')) if (text.trim()) lines.push(JSON.parse(text) as LogLine);
      done();
    },
  });
  // pino writes to a plain stream synchronously, so a line is here as soon as it was logged.
  const app = Fastify({ logger: { level: 'info', stream } });
  return { log: app.log, lines };
}
