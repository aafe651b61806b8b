/**
 * The sentence a 400 answers with when a parameter does not match the contract: which parameter, what
 * the contract accepts (from its schema: allowed values, integer bounds) and what was sent; and the check
 * that the contract's numbers were written as decimal integers, which the schema validator cannot make.
 */
import type { FastifySchemaValidationError } from 'fastify';

export type ParameterErrors = ReadonlyArray<Pick<FastifySchemaValidationError, 'instancePath' | 'keyword' | 'message' | 'params'>>;

interface ParameterSchema {
  type?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
}

function accepted(schema: ParameterSchema): string | null {
  if (schema.enum) return `must be one of ${schema.enum.join(', ')}`;
  if (schema.type === 'integer' || schema.type === 'number') {
    const kind = schema.type === 'integer' ? 'an integer' : 'a number';
    if (schema.minimum !== undefined && schema.maximum !== undefined) return `must be ${kind} between ${schema.minimum} and ${schema.maximum}`;
    if (schema.minimum !== undefined) return `must be ${kind} of at least ${schema.minimum}`;
    if (schema.maximum !== undefined) return `must be ${kind} of at most ${schema.maximum}`;
    return `must be ${kind}`;
  }
  if (schema.type === 'string' && (schema.minLength !== undefined || schema.maxLength !== undefined)) {
    return `must be ${schema.minLength ?? 0} to ${schema.maxLength ?? 'any number of'} characters long`;
  }
  return null;
}

export function invalidParameterMessage(errors: ParameterErrors, schema: { properties: Record<string, unknown> }, data: unknown): string {
  const [error] = errors;
  if (!error) return 'Invalid parameter value.';
  if (error.keyword === 'required') return `Missing parameter: ${String(error.params['missingProperty'])}.`;
  const name = error.instancePath.split('/')[1]?.replace(/~1/g, '/').replace(/~0/g, '~');
  if (!name) return `Invalid parameter value: ${error.message ?? 'not valid'}.`;
  const parameter = (Object.hasOwn(schema.properties, name) ? schema.properties[name] : {}) as ParameterSchema;
  const sent = data !== null && typeof data === 'object' ? (data as Record<string, unknown>)[name] : undefined;
  return `Invalid parameter value: ${name} ${accepted(parameter) ?? error.message ?? 'is not valid'}, got "${String(sent)}".`;
}

const DECIMAL_INTEGER = /^[0-9]+$/;

/**
 * The sentence for the first integer or number of the schema that the query or path does not write in
 * decimal digits alone; null when all do (or are absent). The schema validator converts strings with
 * JavaScript's `Number`, which reads `Infinity`, `0x10`, `1e2` and ` 5`; none is a number of the contract
 * (and `Infinity` passed its bounds and reached the database). Checked on the raw strings, before it runs.
 */
export function nonDecimalMessage(schema: { properties: Record<string, unknown> } | undefined, data: unknown): string | null {
  if (!schema?.properties || data === null || typeof data !== 'object') return null;
  for (const [name, property] of Object.entries(schema.properties)) {
    const parameter = property as ParameterSchema;
    if (parameter.type !== 'integer' && parameter.type !== 'number') continue;
    if (!Object.hasOwn(data, name)) continue;
    const sent = (data as Record<string, unknown>)[name];
    if (sent === undefined || typeof sent === 'number' || (typeof sent === 'string' && DECIMAL_INTEGER.test(sent))) continue;
    return `Invalid parameter value: ${name} ${accepted(parameter) ?? 'must be an integer'}, written in decimal digits, got "${String(sent)}".`;
  }
  return null;
}
