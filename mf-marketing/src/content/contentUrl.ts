/**
 * The address of a file of `content/` as the browser fetches it. Webpack copies every file of the folder
 * into the build (content-hashed, beside this remote's scripts), so an operator edits markdown and
 * rebuilds this remote only; the URL is relative to wherever the remote is served from.
 */
export function contentUrl(file: string): string {
  // With a template, webpack (5.111) turns this expression into the asset's URL as a string rather than a
  // URL object; String() gives the address either way.
  return String(new URL(`../../content/${file}`, import.meta.url));
}
