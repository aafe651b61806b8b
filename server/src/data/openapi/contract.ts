/**
 * Our copy of the API contract (spec.template.yaml, one self-contained OpenAPI document) filled in with
 * this deployment's name and URLs.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';
import { BRAND } from '@skylift/shared/brand';

const TEMPLATE = fileURLToPath(new URL('./spec.template.yaml', import.meta.url));

export interface ContractValues {
  dataUrl: string;
  docsUrl: string;
  /** The website, where the terms of use and the contact page are. */
  siteUrl: string;
  /** npm packages' unpacked size limit. */
  packageSizeLimitMb: number;
  /** GitHub repositories' unpacked size limit. */
  githubSizeLimitMb: number;
}

/**
 * Values for uses of the contract that do not depend on a deployment (the conformance check, the
 * website's generated types): its shapes and parameters are the same whatever the URLs.
 */
export const REFERENCE_VALUES: ContractValues = {
  dataUrl: 'http://data.test',
  docsUrl: 'http://data.test/docs',
  siteUrl: 'http://www.test',
  packageSizeLimitMb: 150,
  githubSizeLimitMb: 50,
};

export function renderContract(values: ContractValues): string {
  const vars: Record<string, string> = {
    brand: BRAND.name,
    dataUrl: values.dataUrl,
    docsUrl: values.docsUrl,
    siteUrl: values.siteUrl,
    packageSizeLimit: String(values.packageSizeLimitMb),
    githubSizeLimit: String(values.githubSizeLimitMb),
  };
  return fs.readFileSync(TEMPLATE, 'utf8').replace(/\{\{(\w+)\}\}/g, (whole, key: string) => vars[key] ?? whole);
}

/** The parts of the OpenAPI document the service and its checks read. */
export interface ContractDocument {
  info: { title: string };
  paths: Record<string, Record<string, unknown>>;
  components: Record<string, Record<string, unknown>>;
}

/**
 * The last text parsed and its document: every data API instance a process builds (and each test file builds
 * several) parses the same 150 kB document, a fifth of a second each time, where a copy takes two milliseconds.
 * Each caller gets its own copy, so none sees another's changes.
 */
let lastParsed: { text: string; document: ContractDocument } | undefined;

export function parseContract(text: string): ContractDocument {
  if (lastParsed?.text !== text) lastParsed = { text, document: YAML.parse(text) as ContractDocument };
  return structuredClone(lastParsed.document);
}
