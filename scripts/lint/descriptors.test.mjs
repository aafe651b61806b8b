// The server's rule on file descriptors (eslint.config.js): a descriptor has one owner who closes it once, a
// FileHandle of node:fs/promises or a stream that opened its file itself, never a bare number passed around.
// Each case lints a few lines as a file of the server (ESLint's lintText with that path).
// Run by the lint stage: `node --test scripts/lint/descriptors.test.mjs`.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { ESLint } from 'eslint';

const root = path.resolve(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: root });
const FILE = 'server/src/cdn/http/probe.ts';

async function refusals(code, file = FILE) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((message) => message.ruleId === 'no-restricted-syntax').length;
}

test('bare descriptor numbers of node:fs are refused in the server', async () => {
  assert.equal(await refusals("import fs from 'node:fs';\nexport const fd = fs.openSync('/x', 'r');\nfs.closeSync(fd);\n"), 2);
  assert.equal(await refusals("import fs from 'node:fs';\nfs.open('/x', 'r', () => undefined);\n"), 1);
  assert.equal(await refusals("import { openSync, read } from 'node:fs';\nexport const both = [openSync, read];\n"), 2);
});

test('a stream given a descriptor is refused: it closes the descriptor when destroyed', async () => {
  const code = "import fs from 'node:fs';\nexport const s = (fd: number) => fs.createReadStream('/x', { fd, autoClose: false });\n";
  assert.equal(await refusals(code), 1);
});

test('FileHandles and streams that open their own file pass, as do tests', async () => {
  assert.equal(await refusals("import fs from 'node:fs/promises';\nconst handle = await fs.open('/x', 'r');\nawait handle.close();\n"), 0);
  assert.equal(await refusals("import fs from 'node:fs';\nexport const s = fs.createReadStream('/x', { start: 0, end: 9 });\n"), 0);
  assert.equal(await refusals("import fs from 'node:fs';\nfs.closeSync(fs.openSync('/x', 'r'));\n", 'server/src/cdn/http/probe.test.ts'), 0);
  // Another object's close() is not node:fs's.
  assert.equal(
    await refusals("import fs from 'node:fs';\nexport const stop = (db: { close(): void }) => db.close();\nexport const f = fs.existsSync('/x');\n"),
    0,
  );
});
