/**
 * Keeps the document's title, description and share metadata in step with client-side navigation. The web
 * server writes the same values into the HTML for crawlers; this updates them (creating the tags if the
 * page came without them) when the visitor moves on without a page load.
 */
export interface DocumentMeta {
  title: string;
  description: string;
}

function setMetaContent(attribute: 'name' | 'property', key: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.setAttribute('content', content);
}

export function applyDocumentMeta({ title, description }: DocumentMeta): void {
  document.title = title;
  setMetaContent('name', 'description', description);
  setMetaContent('property', 'og:title', title);
  setMetaContent('property', 'og:description', description);
  setMetaContent('name', 'twitter:title', title);
  setMetaContent('name', 'twitter:description', description);
}
