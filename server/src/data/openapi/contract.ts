/**
 * Our copy of the API contract (spec.template.yaml, one self-contained OpenAPI document) filled in with
 * this deployment's name and URLs, and a human-readable page generated from it.
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

const escape = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

interface Parameter {
  name?: string;
  in?: string;
  description?: string;
  required?: boolean;
  schema?: { type?: string; enum?: string[]; default?: unknown; minimum?: number; maximum?: number; $ref?: string };
  $ref?: string;
}
interface Operation {
  summary?: string;
  description?: string;
  operationId?: string;
  tags?: string[];
  parameters?: Parameter[];
}
interface Contract {
  info: { title: string; description?: string };
  tags?: Array<{ name: string; description?: string }>;
  paths: Record<string, { parameters?: Parameter[]; get?: Operation }>;
  components: { parameters: Record<string, Parameter> };
}

function resolveParameter(contract: Contract, p: Parameter): Parameter {
  if (!p.$ref) return p;
  return contract.components.parameters[p.$ref.split('/').pop() ?? ''] ?? p;
}

/** A single self-contained HTML page: every operation grouped by tag, with its parameters. */
export function renderDocsPage(yamlText: string, specUrl: string): string {
  const contract = YAML.parse(yamlText) as Contract;
  const byTag = new Map<string, Array<{ path: string; op: Operation; params: Parameter[] }>>();
  for (const [path, item] of Object.entries(contract.paths)) {
    if (!item.get) continue;
    const params = [...(item.parameters ?? []), ...(item.get.parameters ?? [])].map((p) => resolveParameter(contract, p));
    const tag = item.get.tags?.[0] ?? 'Other';
    const list = byTag.get(tag) ?? [];
    list.push({ path, op: item.get, params });
    byTag.set(tag, list);
  }
  const sections = (contract.tags ?? []).filter((t) => byTag.has(t.name)).map((tag) => {
    const ops = byTag.get(tag.name) ?? [];
    return `<section><h2 id="${escape(tag.name)}">${escape(tag.name)}</h2>${tag.description ? `<p>${escape(tag.description)}</p>` : ''}
${ops
  .map(({ path, op, params }) => `<article id="get-${escape(path)}"><h3><span class="m">GET</span> <code>${escape(path)}</code></h3>
<p><strong>${escape(op.summary ?? '')}</strong></p><p>${escape(op.description ?? '').replace(/\n/g, '<br>')}</p>
${params.length ? `<table><tr><th>Parameter</th><th>In</th><th>Values</th><th>Description</th></tr>${params
    .map((p) => {
      const s = p.schema ?? {};
      const values = s.enum ? s.enum.join(', ') : s.minimum !== undefined ? `${s.minimum} to ${s.maximum}` : (s.type ?? s.$ref?.split('/').pop() ?? 'string');
      const def = s.default !== undefined ? ` (default ${String(s.default)})` : '';
      return `<tr><td><code>${escape(p.name ?? '')}</code>${p.required ? ' *' : ''}</td><td>${escape(p.in ?? '')}</td><td>${escape(values + def)}</td><td>${escape(p.description ?? '').replace(/\n/g, '<br>')}</td></tr>`;
    })
    .join('')}</table>` : ''}</article>`)
  .join('\n')}</section>`;
  });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(contract.info.title)}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:0 auto;padding:1rem 2rem;color:#222}code{background:#f3f3f3;padding:0 .2em}
table{border-collapse:collapse;width:100%;margin:.5rem 0 1.5rem}td,th{border:1px solid #ddd;padding:.3rem .5rem;text-align:left;vertical-align:top}
.m{background:#2b8a3e;color:#fff;border-radius:3px;padding:0 .4em;font-size:.8em}article{border-top:1px solid #eee;padding-top:.5rem}</style></head>
<body><h1>${escape(contract.info.title)}</h1><p>${escape(contract.info.description ?? '').replace(/\n\n/g, '</p><p>')}</p>
<p>The machine-readable contract: <a href="${escape(specUrl)}">${escape(specUrl)}</a> (OpenAPI 3.1).</p>
<nav><ul>${(contract.tags ?? []).filter((t) => byTag.has(t.name)).map((t) => `<li><a href="#${escape(t.name)}">${escape(t.name)}</a></li>`).join('')}</ul></nav>
${sections.join('\n')}</body></html>`;
}
