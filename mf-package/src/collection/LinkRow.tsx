/** One generated link or tag, in a code box with its copy button. */
import { CopyButton } from '@skylift/shared/ui/CopyButton/index';
import type { ReactNode } from 'react';

export interface LinkRowProps {
  title: ReactNode;
  text: string;
  /** What the copy button is announced as ("Copy link for /dist/a.js"). */
  copyLabel: string;
}

export function LinkRow({ title, text, copyLabel }: LinkRowProps) {
  return (
    <div className="pkg-coll__link">
      <div className="pkg-coll__link-title">{title}</div>
      <div className="pkg-coll__link-body">
        <code className="pkg-coll__code">{text}</code>
        <CopyButton text={text} label={copyLabel} className="pkg-coll__copy" />
      </div>
    </div>
  );
}
