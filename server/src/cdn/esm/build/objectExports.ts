/**
 * The keys of object literals assigned to `module.exports`, whatever their values. cjs-module-lexer (and so
 * Node) stops reading `module.exports = { a, b: f, c: function () {} }` at the first value that is not a
 * plain identifier, losing every key after it (property-expr loses 3 of its 8); a parse of the file names
 * them all, and so does a variable holding an object literal that is then assigned (`module.exports = api`).
 * Computed keys and spreads cannot be told without running the code and are left out.
 */
import { parse } from '@swc/core';

/** Parsing is cheap, but a file this large is bundled output whose exports the lexer reads well enough. */
const MAX_SOURCE_CHARS = 2_000_000;

/** `module.exports = {`, or `module.exports = name` with an object literal somewhere in the file. */
const ASSIGNS_OBJECT = /module\s*\.\s*exports\s*=\s*(?:exports\s*=\s*)?(?:\{|[A-Za-z_$][\w$]*\s*[;\n}])/;

type Node = { type?: string; [key: string]: unknown };

function isModuleExports(node: unknown): boolean {
  const member = node as Node | null;
  if (member?.type !== 'MemberExpression') return false;
  const object = member['object'] as Node;
  const property = member['property'] as Node;
  return object.type === 'Identifier' && object['value'] === 'module' && property.type === 'Identifier' && property['value'] === 'exports';
}

/** What an assignment gives `module.exports` (`module.exports = exports = {...}` included), or null. */
function assignedValue(node: Node): Node | null {
  if (node.type !== 'AssignmentExpression' || node['operator'] !== '=' || !isModuleExports(node['left'])) return null;
  let right = node['right'] as Node;
  while (right.type === 'AssignmentExpression' && right['operator'] === '=') right = right['right'] as Node;
  return right;
}

/** `const name = {...}` (or var, let): the name and the object literal. */
function declaredObject(node: Node): { name: string; object: Node } | null {
  if (node.type !== 'VariableDeclarator') return null;
  const id = node['id'] as Node | null;
  const init = node['init'] as Node | null;
  if (id?.type !== 'Identifier' || typeof id['value'] !== 'string' || init?.type !== 'ObjectExpression') return null;
  return { name: id['value'], object: init };
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
  // `const api = { ... }; module.exports = api;` (punycode): the keys of the literal the exported name holds.
  const declared = new Map<string, Node[]>();
  const exportedNames = new Set<string>();
  const stack: unknown[] = [program];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      for (const item of value) if (item !== null && typeof item === 'object') stack.push(item);
      continue;
    }
    const node = value as Node;
    const assigned = assignedValue(node);
    if (assigned?.type === 'ObjectExpression') for (const name of propertyNames(assigned)) names.add(name);
    if (assigned?.type === 'Identifier' && typeof assigned['value'] === 'string') exportedNames.add(assigned['value']);
    const declaration = declaredObject(node);
    if (declaration) declared.set(declaration.name, [...(declared.get(declaration.name) ?? []), declaration.object]);
    for (const [key, child] of Object.entries(node)) if (key !== 'span' && child !== null && typeof child === 'object') stack.push(child);
  }
  for (const exported of exportedNames) for (const object of declared.get(exported) ?? []) for (const name of propertyNames(object)) names.add(name);
  return [...names];
}
