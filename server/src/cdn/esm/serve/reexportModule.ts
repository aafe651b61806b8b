/**
 * What a range or tag (`/npm/react@18/+esm`) answers: a module re-exporting the build of the exact version
 * it resolves to. Every import of one version then goes through one URL, whichever range named it.
 */
export function reexportModule(targetUrl: string, exportNames: readonly string[]): string {
  const target = JSON.stringify(targetUrl);
  const lines = [`export * from ${target};`];
  // `export *` leaves out the default export; name it only when the build has one, or linking would fail.
  if (exportNames.includes('default')) lines.push(`export { default } from ${target};`);
  return `${lines.join('\n')}\n`;
}
