// Injected in a Deno build where a package reads one of Node's free globals: Deno's own, from its `node:`
// modules (Deno 2 has them as globals too; Deno 1 only inside its npm: packages). Each is part of a build only
// where the package reads it; `global` is `globalThis` (a define).
import process from 'node:process';
import { Buffer } from 'node:buffer';
import { setImmediate, clearImmediate } from 'node:timers';

export { process, Buffer, setImmediate, clearImmediate };
