/**
 * Every number the contract takes (`limit`, `page`, and any integer parameter added later) on every route
 * that takes one: only decimal digits within the contract's bounds, else a 400 naming the parameter. The
 * routes and their path values come from the contract itself, so a new route is covered without a new line.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../config/config.ts';
import { buildDataApp } from './app.ts';
import { parseContract, renderContract, REFERENCE_VALUES, type ContractDocument } from './openapi/contract.ts';
import { MemoryPackageStore } from '../packages/testing/memoryPackageStore.ts';

interface Parameter {
  in: string;
  name: string;
  schema?: { type?: string; enum?: string[]; minimum?: number; maximum?: number; $ref?: string };
  example?: unknown;
  examples?: Record<string, { value: unknown }>;
}

/** Follows `#/...` references, as deep as they go. */
function resolve<T>(document: ContractDocument, value: unknown): T {
  let current = value;
  while (current && typeof current === 'object' && typeof (current as { $ref?: unknown }).$ref === 'string') {
    const ref = (current as { $ref: string }).$ref;
    current = ref
      .slice(2)
      .split('/')
      .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], document);
  }
  return current as T;
}

interface NumberRoute {
  /** The address with its path parameters filled in from the contract's examples. */
  url: string;
  /** The integer query parameters and their bounds. */
  numbers: Array<{ name: string; minimum?: number; maximum?: number }>;
}

function numberRoutes(document: ContractDocument): NumberRoute[] {
  const routes: NumberRoute[] = [];
  for (const [template, item] of Object.entries(document.paths)) {
    const operation = item['get'] as { parameters?: unknown[] } | undefined;
    if (!operation) continue;
    const parameters = [...((item['parameters'] as unknown[] | undefined) ?? []), ...(operation.parameters ?? [])].map((p) => resolve<Parameter>(document, p));
    const numbers = parameters
      .filter((p) => p.in === 'query')
      .map((p) => ({ name: p.name, schema: resolve<NonNullable<Parameter['schema']>>(document, p.schema ?? {}) }))
      .filter(({ schema }) => schema.type === 'integer' || schema.type === 'number')
      .map(({ name, schema }) => ({ name, minimum: schema.minimum, maximum: schema.maximum }));
    if (numbers.length === 0) continue;
    const url = template.replace(/\{(\w+)\}/g, (_match, name: string) => {
      const parameter = parameters.find((p) => p.in === 'path' && p.name === name);
      assert.ok(parameter, `${template}: path parameter ${name}`);
      const schema = resolve<NonNullable<Parameter['schema']>>(document, parameter.schema ?? {});
      const example = parameter.example ?? Object.values(parameter.examples ?? {})[0]?.value ?? schema.enum?.[0];
      assert.ok(example !== undefined, `${template}: an example of ${name}`);
      return encodeURIComponent(String(example));
    });
    routes.push({ url, numbers });
  }
  return routes;
}

const REFUSED = ['Infinity', '-Infinity', '0x10', '1e2', '1.5', '-1', '0', '101', '', ' 5', '+5', '５'];

describe('data API numbers: decimal integers within the contract bounds, or 400', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strict-numbers-'));
  let app: FastifyInstance;
  const routes = numberRoutes(parseContract(renderContract(REFERENCE_VALUES)));

  before(async () => {
    const config = loadConfig({ SKYLIFT_DATA_DIR: dir, SKYLIFT_LOG_LEVEL: 'silent', SKYLIFT_NPM_REGISTRY: 'http://127.0.0.1:9' });
    const store = new MemoryPackageStore([
      { ref: { type: 'npm', name: 'jquery' }, tags: { latest: '3.7.1' }, versions: { '3.7.1': { files: { '/dist/jquery.js': 'x' } } } },
    ]);
    app = await buildDataApp(config, { store, ingestIntervalMs: false });
  });
  after(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('finds the routes that take numbers in the contract, the proxies files and versions among them', () => {
    assert.ok(routes.length >= 20, `${routes.length} routes`);
    assert.ok(routes.some((route) => route.url.startsWith('/v1/stats/proxies/') && route.url.endsWith('/files')));
    assert.ok(routes.some((route) => route.url.startsWith('/v1/stats/packages/npm/') && route.url.endsWith('/versions')));
    for (const route of routes)
      assert.ok(
        route.numbers.some((n) => n.name === 'limit'),
        route.url,
      );
  });

  it('refuses Infinity, hexadecimal, exponents, fractions, signs, spaces and out-of-bounds values on every route', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      for (const number of route.numbers) {
        for (const value of [...REFUSED, `${number.name === 'page' ? 1 : 5}&${number.name}=6`]) {
          const url = `${route.url}?${number.name}=${value.includes('&') ? value : encodeURIComponent(value)}`;
          const res = await app.inject(url);
          const body = res.json<{ status: number; message: string }>();
          if (res.statusCode !== 400 || body.status !== 400 || !body.message.includes(number.name))
            failures.push(`${url}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    assert.deepEqual(failures, []);
  });

  it('takes decimal integers within the bounds, leading zeros included, and pages with them', async () => {
    for (const route of routes) {
      for (const value of ['1', '100', '007']) {
        const res = await app.inject(`${route.url}?limit=${value}&page=1`);
        assert.ok(res.statusCode === 200 || res.statusCode === 404, `${route.url}?limit=${value}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        const link = res.headers['link'];
        if (typeof link === 'string') assert.match(link, new RegExp(`limit=${Number(value)}[&>]`), `${route.url}: ${link}`);
      }
    }
  });

  it('names what it accepts and what was sent', async () => {
    const res = await app.inject('/v1/stats/packages?limit=Infinity');
    assert.equal(res.statusCode, 400);
    assert.equal(
      res.json<{ message: string }>().message,
      'Invalid parameter value: limit must be an integer between 1 and 100, written in decimal digits, got "Infinity".',
    );
  });
});
