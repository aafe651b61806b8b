/**
 * The keys of object literals assigned to `module.exports`, whatever their values. cjs-module-lexer (and so
 * Node) stops reading `module.exports = { a, b: f, c: function () {} }` at the first value that is not a
 * plain identifier, losing every key after it (property-expr loses 3 of its 8); a parse of the file names
 * them all. Computed keys and spreads cannot be told without running the code and are left out.
 */
import { parse } from '@swc/core';

/** Parsing is cheap, but a file this large is bundled output whose exports the lexer reads well enough. */
const MAX_SOURCE_CHARS = 2_000_000;

const ASSIGNS_OBJECT = /module\s*\.\s*exports\s*=\s*(?:exports\s*=\s*)?\{/;

type Node = { type?: string; [key: string]: unknown };

function isModuleExports(node: unknown): boolean {
  const member = node as Node | null;
  if (member?.type !== 'MemberExpression') return false;
  const object = member['object'] as Node;
  const property = member['property'] as Node;
  return object.type === 'Identifier' && object['value'] === 'module' && property.type === 'Identifier' && property['value'] === 'exports';
}

/** The object literal an assignment gives `module.exports` (`module.exports = exports = {...}` included). */
function assignedObject(node: Node): Node | null {
  if (node.type !== 'AssignmentExpression' || node['operator'] !== '=' || !isModuleExports(node['left'])) return null;
  let right = node['right'] as Node;
  while (right.type === 'AssignmentExpression' && right['operator'] === '=') right = right['right'] as Node;
  return right.type === 'ObjectExpression' ? right : null;
}

function keyName(key: unknown): string | null {
  const node = key as Node | null;
  if (node?.type === 'Identifier' || node?.type === 'StringLiteral') return typeof node['value'] === 'string' ? node['value'] : null;
  return null;
}

function propertyNames(object: Node): string[] {
  const names: string[] = [];
  for (const property of object['properties'] as Node[]) {
    // A shorthand property (`{ a }`) is the identifier itself.
    if (property.type === 'Identifier' && typeof property['value'] === 'string') names.push(property['value']);
    else if (property.type !== 'SpreadElement') {
      const name = keyName(property['key']);
      if (name !== null) names.push(name);
    }
  }
  return names;
}

/** Keys of every object literal assigned to `module.exports` in a CommonJS source; [] when it cannot be parsed. */
export async function objectLiteralExports(source: string): Promise<string[]> {
  if (source.length > MAX_SOURCE_CHARS || !ASSIGNS_OBJECT.test(source)) return [];
  let program: unknown;
  try {
    // A CommonJS module is a function body: a top-level `return` is allowed. A leading #! line is not code.
    const body = source.replace(/^#![^\n]*/, '');
    program = await parse(`(function () {\n${body}\n})`, { syntax: 'ecmascript', target: 'esnext', isModule: false });
  } catch {
    return [];
  }
  const names = new Set<string>();
  const stack: unknown[] = [program];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      for (const item of value) if (item !== null && typeof item === 'object') stack.push(item);
      continue;
    }
    const node = value as Node;
    const object = assignedObject(node);
    if (object) for (const name of propertyNames(object)) names.add(name);
    for (const [key, child] of Object.entries(node)) if (key !== 'span' && child !== null && typeof child === 'object') stack.push(child);
  }
  return [...names];
}
