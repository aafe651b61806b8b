/**
 * The sentence a 400 answers with when a parameter does not match the contract: which parameter, what
 * the contract accepts (from its schema: allowed values, integer bounds) and what was sent.
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
