/**
 * The module served when a package cannot be built: importing it throws an error that says why. It declares
 * the names the build would have exported, so that a dependant importing them links and then meets this
 * error, which names the module that failed and the cause, rather than a missing-export link error.
 */
import { BRAND } from '@skylift/shared/brand';

/** Names a module can export as string literals: well-formed Unicode (no lone surrogates). */
const WELL_FORMED = /^(?:[^\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/;

export function failureModule(moduleUrl: string, reason: string, exportNames: readonly string[] = []): string {
  const message = `[${BRAND.name}] ${moduleUrl} could not be built as an ES module: ${reason}`;
  const names = [...new Set(['default', ...exportNames])].filter((n) => WELL_FORMED.test(n));
  return [
    `/**\n * ${BRAND.name} could not build ${moduleUrl.replace(/\*\//g, '*\\/')} as an ES module.\n * This answer is cached briefly; the build is tried again later.\n */`,
    'let unavailable;',
    `export { ${names.map((n) => `unavailable as ${JSON.stringify(n)}`).join(', ')} };`,
    `throw new Error(${JSON.stringify(message)});`,
    '',
  ].join('\n');
}
