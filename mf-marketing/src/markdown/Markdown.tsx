import { useMemo } from 'react';
import { renderMarkdown, type MarkdownValues } from './renderMarkdown';
import styles from './Markdown.module.css';

/** Sanitised markdown as HTML inside a block styled by Markdown.module.css; `className` adds the styles of the page around it. */
export function Markdown({ text, values, className }: { text: string; values?: MarkdownValues; className?: string }) {
  const html = useMemo(() => renderMarkdown(text, values), [text, values]);
  return <div className={className ? `${styles.markdown} ${className}` : styles.markdown} dangerouslySetInnerHTML={{ __html: html }} />;
}
