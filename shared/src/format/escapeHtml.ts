/**
 * Escapes text for HTML element content and quoted attribute values (and for XML, which needs the same).
 * The one escaper of the project: the web server and the data API import it too (a pure module).
 */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
