/**
 * A button that copies a text and confirms it with a tooltip: "Copied!" on success, "Press Ctrl+C to copy"
 * on failure, each for one second. The tooltip is a live region so screen readers announce it too.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { COPIED_TEXT, COPY_FAILED_TEXT, COPY_TOOLTIP_MS, copyText } from './copyText';
import './CopyButton.css';

export interface CopyButtonProps {
  /** The text to copy, or a function producing it at the moment of the click. */
  text: string | (() => string);
  /** Button content; "Copy" by default. */
  children?: ReactNode;
  /** Accessible name when the content is only an icon. */
  label?: string;
  className?: string;
  disabled?: boolean;
}

export function CopyButton({ text, children = 'Copy', label, className, disabled }: CopyButtonProps) {
  const [tooltip, setTooltip] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(timer.current);
    };
  }, []);

  const onClick = async () => {
    const copied = await copyText(typeof text === 'function' ? text() : text);
    if (!mounted.current) return;
    setTooltip(copied ? COPIED_TEXT : COPY_FAILED_TEXT);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setTooltip(null), COPY_TOOLTIP_MS);
  };

  return (
    <span className={`sl-copy${className ? ` ${className}` : ''}`}>
      <button type="button" className="sl-copy__button" aria-label={label} disabled={disabled} onClick={() => void onClick()}>
        {children}
      </button>
      <span role="status" aria-live="polite" className={`sl-copy__tooltip${tooltip ? ' sl-copy__tooltip--shown' : ''}`}>
        {tooltip ?? ''}
      </span>
    </span>
  );
}
