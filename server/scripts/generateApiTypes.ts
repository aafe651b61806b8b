/**
 * The website's types of the data API, generated from the contract with openapi-typescript into
 * `shared/src/api/generated/dataApi.ts` (checked in, so the frontend builds without the server).
 *
 *   node --import tsx server/scripts/generateApiTypes.ts          writes the file
 *   node --import tsx server/scripts/generateApiTypes.ts --check  fails when it differs from the contract
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { REFERENCE_VALUES, parseContract, renderContract } from '../src/data/openapi/contract.ts';

export const GENERATED_TYPES = fileURLToPath(new URL('../../shared/src/api/generated/dataApi.ts', import.meta.url));
export const REGENERATE_COMMAND = 'npm run generate:api-types -w @skylift/server';

const HEADER = `/**
 * Generated from the data API's contract (server/src/data/openapi/spec.template.yaml) by openapi-typescript.
 * Do not edit: change the contract, then run \`${REGENERATE_COMMAND}\`.
 */

`;

/** Examples say nothing about types, and one of them points at a live badge URL the generator would fetch. */
function withoutExamples(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutExamples);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'examples' && key !== 'example')
      .map(([key, item]) => [key, withoutExamples(item)]),
  );
}

export async function generateTypes(): Promise<string> {
  const ast = await openapiTS(withoutExamples(parseContract(renderContract(REFERENCE_VALUES))) as OpenAPI3);
  return HEADER + astToString(ast);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === fs.realpathSync(process.argv[1])) {
  const text = await generateTypes();
  if (process.argv.includes('--check')) {
    const current = fs.existsSync(GENERATED_TYPES) ? fs.readFileSync(GENERATED_TYPES, 'utf8') : '';
    if (current !== text) {
      process.stderr.write(
        `shared/src/api/generated/dataApi.ts does not match the data API's contract. Regenerate it with \`${REGENERATE_COMMAND}\` and commit it.\n`,
      );
      process.exit(1);
    }
  } else {
    fs.mkdirSync(new URL('.', `file://${GENERATED_TYPES}`), { recursive: true });
    fs.writeFileSync(GENERATED_TYPES, text);
  }
}
