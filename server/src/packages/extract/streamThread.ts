/**
 * The streaming extraction thread: unpacks archives as their bytes arrive (`unpack.ts`'s `Unpacker`), many at
 * once, each message a bounded step, and hands over the files that requests asked for as soon as their
 * entry has passed (`streamedExtraction.ts`).
 */
import { parentPort } from 'node:worker_threads';
import { Unpacker, transferables } from './unpack.ts';
import type { StreamAnswer, StreamRequest } from './streamedExtraction.ts';

const port = parentPort!;

interface Session {
  unpacker: Unpacker;
  /** Paths asked for and not answered yet. */
  wanted: Set<string>;
  /** Files whose entry has passed, with their digest: a path asked for later is answered from here. */
  passed: Set<string>;
}

const sessions = new Map<number, Session>();
const send = (answer: StreamAnswer): void => port.postMessage(answer);

port.on('message', (message: StreamRequest) => {
  const { id } = message;
  if (message.op === 'start') {
    const session: Session = {
      wanted: new Set(message.paths),
      passed: new Set(),
      unpacker: new Unpacker({ limitBytes: message.limitBytes, expected: message.expected, staging: null }, (file, bytes) => {
        session.passed.add(file.path);
        if (!session.wanted.delete(file.path)) return;
        send({ id, path: file.path, file: { content: bytes, sha256: Buffer.from(file.sha256Hex, 'hex').toString('base64'), time: file.time } });
      }),
    };
    sessions.set(id, session);
    return;
  }
  const session = sessions.get(id);
  if (!session) return;
  switch (message.op) {
    case 'want':
      // Already past: it is had with the version, which is at most the rest of the download away.
      if (session.passed.has(message.path)) send({ id, path: message.path, file: null });
      else session.wanted.add(message.path);
      return;
    case 'chunk':
      return session.unpacker.write(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength));
    case 'end': {
      sessions.delete(id);
      const outcome = session.unpacker.end();
      for (const path of session.wanted) send({ id, path, file: null });
      return void port.postMessage({ id, outcome } satisfies StreamAnswer, transferables(outcome));
    }
    case 'stop':
      sessions.delete(id);
  }
});
