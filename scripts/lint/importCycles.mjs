// The circles rule: no module of the repository imports itself back through others. A circle hides which module
// is the lower one (an interface kept in its factory's file, a type shared both ways), and with ES modules it
// can leave a binding undefined at start-up depending on which file loads first. Every import counts, type-only
// ones too, since they bind the files as tightly for a reader. The layers between folders are ESLint's
// (`SERVER_LAYERS` in eslint.config.js); this rule sees circles inside a folder as well.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { repositoryFiles } from './fileLength.mjs';

const SOURCE = /\.(?:ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const FIXTURES = /(?:^|\/)fixtures\//;
const TRIED = ['', '.ts', '.tsx', '.mts', '.js', '.mjs', '/index.ts'];

/** The relative imports of one file's `text` (static, dynamic, type-only and re-exports alike). */
export function importsOf(text) {
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map((imported) => imported.fileName)
    .filter((name) => name.startsWith('./') || name.startsWith('../'));
}

/** `files` (paths from the root) to the files among them that each imports; `read` gives a file's text. */
export function importGraph(files, read) {
  const known = new Set(files);
  const resolve = (from, specifier) => {
    const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
    for (const candidate of [...TRIED.map((end) => base + end), base.replace(/\.js$/, '.ts')]) if (known.has(candidate)) return candidate;
    return null;
  };
  return new Map(
    files.map((file) => [
      file,
      [
        ...new Set(
          importsOf(read(file))
            .map((specifier) => resolve(file, specifier))
            .filter(Boolean),
        ),
      ],
    ]),
  );
}

/** The circles of `graph`: each a list of files, every one reachable from every other (Tarjan's components). */
export function circles(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  let next = 0;
  const visit = (file) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const imported of graph.get(file) ?? []) {
      if (!index.has(imported)) {
        visit(imported);
        low.set(file, Math.min(low.get(file), low.get(imported)));
      } else if (onStack.has(imported)) {
        low.set(file, Math.min(low.get(file), index.get(imported)));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || (graph.get(file) ?? []).includes(file)) found.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

/** Every circle among the modules of the repository at `root` (not the fixtures' published packages), as a sentence each. */
export function circleProblems(root) {
  const files = repositoryFiles(root).filter(
    (file) => SOURCE.test(file) && !FIXTURES.test(file) && !file.endsWith('.d.ts') && existsSync(path.join(root, file)),
  );
  const graph = importGraph(files, (file) => readFileSync(path.join(root, file), 'utf8'));
  return circles(graph).map((circle) => `these modules import each other in a circle: ${circle.join(', ')}; move what they share to a module of its own`);
}
