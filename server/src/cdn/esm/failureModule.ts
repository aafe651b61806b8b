/** The module served when a package cannot be built: importing it throws an error that says why. */
import { BRAND } from '@skylift/shared/brand';

export function failureModule(moduleUrl: string, reason: string): string {
  const message = `[${BRAND.name}] ${moduleUrl} could not be built as an ES module: ${reason}`;
  return `/**\n * ${BRAND.name} could not build ${moduleUrl.replace(/\*\//g, '*\\/')} as an ES module.\n * This answer is cached briefly; the build is tried again later.\n */\nthrow new Error(${JSON.stringify(message)});\n`;
}
