/**
 * The address of a file of `content/` as the browser fetches it. Webpack copies every file of the folder
 * into the build (content-hashed, beside this remote's scripts), so an operator edits markdown and
 * rebuilds this remote only; the URL is relative to wherever the remote is served from.
 */
export function contentUrl(file: string): string {
  return new URL(`../../content/${file}`, import.meta.url).href;
}
