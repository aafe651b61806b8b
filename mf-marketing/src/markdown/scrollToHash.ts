/** Once a document is in the page, brings the element named by the address's #fragment into view. */
export function scrollToHash(hash: string): void {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  if (!id) return;
  document.getElementById(id)?.scrollIntoView?.();
}
