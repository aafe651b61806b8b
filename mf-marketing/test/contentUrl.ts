// Jest stand-in for src/content/contentUrl.ts (jest runs CommonJS, without import.meta): content files
// get a fixed test address, which test/contentFetch.cjs serves from the content folder on disk.
export function contentUrl(file: string): string {
  return `http://content.test/${file}`;
}
