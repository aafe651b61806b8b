import { useAsync } from '@skylift/shared';
import { contentUrl } from './contentUrl';
import { loadContentText } from './loadContent';

export type ContentState = { status: 'loading' } | { status: 'ready'; text: string } | { status: 'failed' };

/** The text of a content file and where it lives (for the "view it directly" link when loading fails). */
export function useContentText(file: string): { state: ContentState; url: string } {
  const text = useAsync(() => loadContentText(file), [file]);
  const state: ContentState =
    text.status === 'ok' ? { status: 'ready', text: text.value } : text.status === 'error' ? { status: 'failed' } : { status: 'loading' };
  return { state, url: contentUrl(file) };
}
