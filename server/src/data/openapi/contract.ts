/**
 * Our copy of the API contract (spec.template.yaml, one self-contained OpenAPI document) filled in with
 * this deployment's name and URLs.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BRAND } from '@skylift/shared/brand';

const TEMPLATE = fileURLToPath(new URL('./spec.template.yaml', import.meta.url));

export interface ContractValues {
  dataUrl: string;
  docsUrl: string;
  /** The website, where the terms of use and the contact page are. */
  siteUrl: string;
  packageSizeLimitMb: number;
}

export function renderContract(values: ContractValues): string {
  const vars: Record<string, string> = {
    brand: BRAND.name,
    dataUrl: values.dataUrl,
    docsUrl: values.docsUrl,
    siteUrl: values.siteUrl,
    packageSizeLimit: String(values.packageSizeLimitMb),
  };
  return fs.readFileSync(TEMPLATE, 'utf8').replace(/\{\{(\w+)\}\}/g, (whole, key: string) => vars[key] ?? whole);
}
