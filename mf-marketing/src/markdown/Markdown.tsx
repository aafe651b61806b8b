import { useMemo } from 'react';
import { renderMarkdown, type MarkdownValues } from './renderMarkdown';
import './Markdown.css';

/** Sanitised markdown as HTML inside a `.mk-markdown` block. */
export function Markdown({ text, values, className }: { text: string; values?: MarkdownValues; className?: string }) {
  const html = useMemo(() => renderMarkdown(text, values), [text, values]);
  return <div className={`mk-markdown${className ? ` ${className}` : ''}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
