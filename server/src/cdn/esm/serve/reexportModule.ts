/**
 * What a convenient URL (`/npm/react@18/+esm`, `/npm/react@18.3.1/+esm`) answers: a module re-exporting the
 * pinned URL of the build it stands for now. Every import of one build then goes through one URL, whichever
 * range or version named it, and a page importing `react@18.3.1` shares one React with a package whose build
 * imports the pinned URL. Another name of a file whose module has one URL answers the same way.
 */
export function reexportModule(targetUrl: string, exportNames: readonly string[], banner = ''): string {
  const target = JSON.stringify(targetUrl);
  const lines = banner ? [banner] : [];
  lines.push(`export * from ${target};`);
  // `export *` leaves out the default export; name it only when the build has one, or linking would fail.
  if (exportNames.includes('default')) lines.push(`export { default } from ${target};`);
  return `${lines.join('\n')}\n`;
}

/** The comment a convenient URL's module opens with: which build it stands for, and where to pin it. */
export function convenientBanner(brand: string, label: string, pinnedUrl: string, websiteUrl: string): string {
  const lines = [
    `${brand} ES module build of ${label}.`,
    'This URL may get a better build when the builder improves: do NOT use SRI with it.',
    `For SRI, use the pinned URL of this build, whose bytes never change: ${pinnedUrl}`,
    `More information: ${websiteUrl}/using-sri-with-dynamic-files`,
  ];
  return `/**\n${lines.map((line) => ` * ${line.replace(/\*\//g, '*\\/')}`).join('\n')}\n */`;
}
