// The length rule: a source file we write is at most 500 lines, or says in its first lines why it is longer
// (`// Over 500 lines: <why>`), so that a long file is a decision someone wrote down rather than a drift.
// Not ours to shorten: files generated from another source (their header says so and asks not to be edited)
// and test fixtures (files as their upstreams publish them, under a `fixtures/` folder).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const LINE_LIMIT = 500;

const SOURCE = /\.(?:ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const FIXTURES = /(?:^|\/)fixtures\//;
/** The reason line, as the first lines must carry it: a sentence after the colon, not a placeholder. */
const REASON = /^\/\/ Over 500 lines: \S.{9,}$/;
/** How many first lines may carry the reason (after a shebang or a test-environment docblock, say). */
const REASON_WITHIN = 5;
/** A generated file's header: where it was generated from, and not to edit it by hand. */
const GENERATED = /\bgenerated (?:from|by)\b[\s\S]*\bdo not edit\b/i;
const GENERATED_WITHIN = 10;

/** Lines as `wc -l` counts them. */
export function lineCount(text) {
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/** Why `text`, the content of `file` (a path from the repository's root), breaks the rule; null when it does not. */
export function lengthProblem(file, text) {
  if (!SOURCE.test(file) || FIXTURES.test(file)) return null;
  const lines = lineCount(text);
  if (lines <= LINE_LIMIT) return null;
  const head = text.split('\n', GENERATED_WITHIN);
  if (GENERATED.test(head.join('\n'))) return null;
  if (head.slice(0, REASON_WITHIN).some((line) => REASON.test(line.trimEnd()))) return null;
  return `${file} has ${lines} lines: split it by responsibility, or put "// Over 500 lines: <why>" in its first ${REASON_WITHIN} lines.`;
}

/** The repository's files: tracked, and new ones not ignored (so that a file breaks the rule before it is committed). */
export function repositoryFiles(root) {
  const output = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 });
  return [...new Set(output.split('\0').filter(Boolean))];
}

/** Every file of the repository that breaks the rule, with the reason. */
export function longFileProblems(root) {
  const problems = [];
  for (const file of repositoryFiles(root)) {
    if (!SOURCE.test(file)) continue;
    const absolute = path.join(root, file);
    // A tracked file deleted in the working tree is gone from what is checked.
    if (!existsSync(absolute)) continue;
    const problem = lengthProblem(file, readFileSync(absolute, 'utf8'));
    if (problem) problems.push(problem);
  }
  return problems;
}
