import { useEffect } from 'react';
import { Notice, Spinner } from '@skylift/shared';
import { useContentText } from '../content/useContentText';
import { Markdown } from './Markdown';
import { useMarkdownValues } from './useMarkdownValues';

export const LOADING_TEXT = 'Please wait while the document loads.';
export const FAILURE_TEXT = 'Failed to load the document. Please view it directly at:';

export interface MarkdownDocumentProps {
  /** Path inside content/, e.g. `legal/privacy-policy.md`. */
  file: string;
  className?: string;
  /** Runs once the document is in the page (to scroll to an anchor, track headings). */
  onReady?: () => void;
}

/**
 * A markdown document of content/: the loading text while it is fetched, the failure text with the
 * document's own address when it cannot be, then the document.
 */
export function MarkdownDocument({ file, className, onReady }: MarkdownDocumentProps) {
  const { state, url } = useContentText(file);
  const values = useMarkdownValues();
  const ready = state.status === 'ready';
  useEffect(() => {
    if (ready) onReady?.();
  }, [ready, onReady]);
  if (state.status === 'loading') {
    return (
      <p>
        <Spinner label={LOADING_TEXT} showLabel />
      </p>
    );
  }
  if (state.status === 'failed') {
    return (
      <Notice variant="error">
        {FAILURE_TEXT} <a href={url}>{url}</a>
      </Notice>
    );
  }
  return <Markdown text={state.text} values={values} {...(className ? { className } : {})} />;
}
