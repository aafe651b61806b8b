/**
 * The data API's contract as a check: every JSON answer a test receives is validated against the response
 * schema the OpenAPI document (openapi/spec.template.yaml, as the service serves it) gives for its path,
 * method and status. A handler that renames, drops or retypes a field the contract describes fails the
 * test that met it. An error the contract does not list for a path (an address no path matches, a
 * framework error) must still have the error shape every path documents for 400.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import YAML from 'yaml';
import { REFERENCE_VALUES, renderContract } from '../openapi/contract.ts';

interface Operation {
  responses?: Record<string, { $ref?: string; content?: Record<string, { schema?: unknown }> }>;
}
type PathItem = Partial<Record<'get' | 'post', Operation>> & Record<string, unknown>;
interface Contract {
  paths: Record<string, PathItem>;
  components: { responses: Record<string, { content?: Record<string, { schema?: unknown }> }> };
}

interface Route {
  template: string;
  pattern: RegExp;
  /** Literal characters of the template: the most specific template wins. */
  weight: number;
}

export interface AnswerToCheck {
  method: string;
  /** The path and query as requested. */
  url: string;
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

export class ContractCheck {
  private readonly contract: Contract;
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly routes: Route[];
  private readonly validators = new Map<string, ValidateFunction>();
  /** Operations and statuses met, so a suite can tell how much of the contract it exercised. */
  readonly met = new Set<string>();

  constructor() {
    const text = renderContract(REFERENCE_VALUES);
    this.contract = YAML.parse(text) as Contract;
    this.ajv.addSchema(this.contract as object, 'contract');
    this.routes = Object.keys(this.contract.paths).map((template) => ({
      template,
      // A parameter is one path segment, without the `@` that separates a name from its version.
      pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/@]+')}$`),
      weight: template.replace(/\{[^}]+\}/g, '').length,
    }));
  }

  private routeOf(pathname: string): string | null {
    const matching = this.routes.filter((route) => route.pattern.test(pathname)).sort((a, b) => b.weight - a.weight);
    return matching[0]?.template ?? null;
  }

  private validatorFor(template: string, method: string, status: string): ValidateFunction | 'undescribed' | 'no-schema' {
    const key = `${method} ${template} ${status}`;
    const known = this.validators.get(key);
    if (known) return known;
    const operation = this.contract.paths[template]?.[method as 'get'];
    let response = operation?.responses?.[status] ?? operation?.responses?.['default'];
    if (!response) return 'undescribed';
    if (response.$ref) response = this.contract.components.responses[response.$ref.replace('#/components/responses/', '')] ?? {};
    if (!response.content?.['application/json']?.schema) return 'no-schema';
    // Point into the document, so its `#/components/...` references resolve as written.
    const pointer =
      response === operation?.responses?.[status]
        ? `#/paths/${template.replace(/~/g, '~0').replace(/\//g, '~1')}/${method}/responses/${status}/content/application~1json/schema`
        : `#/components/responses/${(operation?.responses?.[status]?.$ref ?? '').replace('#/components/responses/', '')}/content/application~1json/schema`;
    const validate = this.ajv.compile({ $ref: `contract${pointer}` });
    this.validators.set(key, validate);
    return validate;
  }

  /** Throws, naming the path and the first differences, when a JSON answer does not conform to the contract. */
  check(answer: AnswerToCheck): void {
    const pathname = new URL(answer.url, 'http://data.test').pathname;
    if (!pathname.startsWith('/v1/') || pathname === '/v1/spec.yaml') return;
    if (answer.statusCode === 304 || answer.statusCode === 301 || answer.method === 'OPTIONS') return;
    if (!String(answer.headers['content-type'] ?? '').startsWith('application/json')) return;
    const template = this.routeOf(pathname);
    const method = answer.method.toLowerCase() === 'head' ? 'get' : answer.method.toLowerCase();
    const undescribedError = (why: string): void => {
      if (answer.statusCode < 400 || answer.statusCode >= 500) throw new Error(`${why} (answered ${answer.statusCode}).`);
      this.validateWith(this.errorShape(), answer, method, pathname, `error of ${template ?? 'no path'}`);
    };
    if (!template) return undescribedError(`The contract has no path for ${pathname}`);
    const validate = this.validatorFor(template, method, String(answer.statusCode));
    if (validate === 'undescribed')
      return undescribedError(`The contract does not describe status ${answer.statusCode} of ${method.toUpperCase()} ${template} (${pathname})`);
    if (validate === 'no-schema') return;
    this.met.add(`${method.toUpperCase()} ${template} ${answer.statusCode}`);
    this.validateWith(validate, answer, method, pathname, template);
  }

  /** The `{ status, message }` shape of the contract's 400 answer, which every error of the service has. */
  private errorShape(): ValidateFunction {
    let validate = this.validators.get('error');
    if (!validate) {
      validate = this.ajv.compile({ $ref: 'contract#/components/responses/400/content/application~1json/schema' });
      this.validators.set('error', validate);
    }
    return validate;
  }

  private validateWith(validate: ValidateFunction, answer: AnswerToCheck, method: string, pathname: string, what: string): void {
    if (!validate(JSON.parse(answer.body))) {
      const errors = (validate.errors ?? []).slice(0, 5).map((error) => `${error.instancePath || '(root)'} ${error.message ?? ''}`);
      throw new Error(`${method.toUpperCase()} ${pathname} (${what}, ${answer.statusCode}) does not conform to the contract: ${errors.join('; ')}`);
    }
  }
}
