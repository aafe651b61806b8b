import { useEffect, useState } from 'react';
import { contentUrl } from './contentUrl';
import { loadContentText } from './loadContent';

export type ContentState = { status: 'loading' } | { status: 'ready'; text: string } | { status: 'failed' };

/** The text of a content file and where it lives (for the "view it directly" link when loading fails). */
export function useContentText(file: string): { state: ContentState; url: string } {
  const [state, setState] = useState<ContentState>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    loadContentText(file).then(
      (text) => current && setState({ status: 'ready', text }),
      () => current && setState({ status: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [file]);
  return { state, url: contentUrl(file) };
}
