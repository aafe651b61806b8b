/**
 * The query and path parameters of each operation of the contract, as the JSON schemas Fastify validates
 * requests with (its AJV coerces values to the declared types and fills in the declared defaults). The
 * contract is the only place a parameter's type, allowed values, bounds and default are written.
 */
import type { FastifyRequest, FastifySchema } from 'fastify';
import type { operations } from '@skylift/shared/api-types';
import { ApiError } from '../http/errors.ts';
import { invalidParameterMessage, nonDecimalMessage, type ParameterErrors } from '../http/validation.ts';
import type { ContractDocument } from './contract.ts';

export type OperationId = keyof operations;
type QueryOf<Op extends OperationId> = NonNullable<operations[Op]['parameters']['query']>;
type PathOf<Op extends OperationId> = operations[Op]['parameters']['path'];
/** A validated query: the parameters the contract gives a default are always there. */
export type ValidQuery<Op extends OperationId, Defaulted extends keyof QueryOf<Op> = never> = QueryOf<Op> & Required<Pick<QueryOf<Op>, Defaulted>>;
/** The path parameters of an operation (none: an empty object). */
export type ValidPath<Op extends OperationId> = [NonNullable<PathOf<Op>>] extends [never] ? Record<string, never> : NonNullable<PathOf<Op>>;

export interface ObjectSchema {
  type: 'object';
  properties: Record<string, Record<string, unknown>>;
  required: string[];
}

interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: Record<string, unknown>;
}

const MAX_REF_DEPTH = 8;

export class RouteSchemas {
  private readonly byOperation = new Map<string, Parameter[]>();
  private readonly built = new Map<string, ObjectSchema>();

  constructor(private readonly document: ContractDocument) {
    for (const item of Object.values(document.paths)) {
      const shared = (item['parameters'] as unknown[] | undefined) ?? [];
      const operation = item['get'] as { operationId?: string; parameters?: unknown[] } | undefined;
      if (operation?.operationId) {
        this.byOperation.set(
          operation.operationId,
          [...shared, ...(operation.parameters ?? [])].map((p) => this.inline(p, 0) as Parameter),
        );
      }
    }
  }

  /** A parameter of `components.parameters`, for an address of ours the public contract does not list. */
  private component(name: string): Parameter {
    const parameter = this.document.components['parameters']?.[name];
    if (!parameter) throw new Error(`The contract has no parameter ${name}.`);
    return this.inline(parameter, 0) as Parameter;
  }

  /** `querystring` and `params` of a route whose address has the operation's path parameters as `:name`. */
  route(operationId: OperationId): FastifySchema {
    const params = this.object(operationId, 'path');
    return { querystring: this.querystring(operationId), ...(params.required.length ? { params } : {}) };
  }

  querystring(operationId: OperationId): ObjectSchema {
    return this.object(operationId, 'query');
  }

  /** The query schema of a route answering with the given parameters of `components.parameters`. */
  querystringOf(...components: string[]): ObjectSchema {
    const key = `components ${components.join(',')}`;
    let schema = this.built.get(key);
    if (!schema) {
      schema = objectOf(components.map((name) => this.component(name)));
      this.built.set(key, schema);
    }
    return schema;
  }

  private object(operationId: string, where: 'query' | 'path'): ObjectSchema {
    const key = `${operationId} ${where}`;
    let schema = this.built.get(key);
    if (!schema) {
      const parameters = this.byOperation.get(operationId);
      if (!parameters) throw new Error(`The contract has no operation ${operationId}.`);
      schema = objectOf(parameters.filter((p) => p.in === where));
      this.built.set(key, schema);
    }
    return schema;
  }

  /** The value with every `#/...` reference replaced by what it points at. */
  private inline(value: unknown, depth: number): unknown {
    if (depth > MAX_REF_DEPTH) throw new Error('The contract nests references too deeply.');
    if (Array.isArray(value)) return value.map((item) => this.inline(item, depth));
    if (value === null || typeof value !== 'object') return value;
    const ref = (value as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/')) {
      const target = ref
        .slice(2)
        .split('/')
        .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], this.document);
      if (target === undefined) throw new Error(`The contract has no ${ref}.`);
      return this.inline(target, depth + 1);
    }
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, this.inline(item, depth)]));
  }
}

function objectOf(parameters: readonly Parameter[]): ObjectSchema {
  return {
    type: 'object',
    properties: Object.fromEntries(parameters.map((p) => [p.name, p.schema ?? {}])),
    required: parameters.filter((p) => p.required).map((p) => p.name),
  };
}

/**
 * The query of a request, validated against the given schema with the route's validator (Fastify's AJV),
 * for routes that serve several operations of the contract from one address pattern and so can only tell
 * which one was asked for inside the handler.
 */
export function validatedQuery<Q>(request: FastifyRequest, schema: ObjectSchema): Q {
  const validate = request.compileValidationSchema(schema, 'querystring');
  const query: Record<string, unknown> = { ...(request.query as Record<string, unknown>) };
  const notDecimal = nonDecimalMessage(schema, query);
  if (notDecimal) throw new ApiError(400, notDecimal);
  if (!validate(query)) throw new ApiError(400, invalidParameterMessage((validate.errors ?? []) as ParameterErrors, schema, query));
  // Valid against the schema the type was generated from.
  return query as Q;
}
