/**
 * A message box in three tones. Errors are announced at once (role=alert); information and warnings
 * politely (role=status), so a screen reader does not interrupt the user for them.
 */
import type { ReactNode } from 'react';
import './Notice.css';

export type NoticeVariant = 'info' | 'warning' | 'error';

export interface NoticeProps {
  variant?: NoticeVariant;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
}

export function Notice({ variant = 'info', title, children, className }: NoticeProps) {
  return (
    <div role={variant === 'error' ? 'alert' : 'status'} className={`sl-notice sl-notice--${variant}${className ? ` ${className}` : ''}`}>
      {title !== undefined && <p className="sl-notice__title">{title}</p>}
      {children !== undefined && <div className="sl-notice__body">{children}</div>}
    </div>
  );
}
