/** A copy button for the widget, styled by the widget's own stylesheet (the UI kit's CSS cannot reach a shadow root). */
import { useEffect, useRef, useState } from 'react';
import { COPIED_TEXT, COPY_FAILED_TEXT, COPY_TOOLTIP_MS, copyText } from '@skylift/shared';

export function WidgetCopyButton({ text, label }: { text: string; label: string }) {
  const [tip, setTip] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const onClick = async () => {
    const copied = await copyText(text);
    setTip(copied ? COPIED_TEXT : COPY_FAILED_TEXT);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setTip(''), COPY_TOOLTIP_MS);
  };
  return (
    <span className="slw__copy">
      <button type="button" aria-label={label} onClick={() => void onClick()}>
        Copy
      </button>
      <span className="slw__tip" role="status" aria-live="polite">
        {tip}
      </span>
    </span>
  );
}
