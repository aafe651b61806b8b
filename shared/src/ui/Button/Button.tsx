/**
 * The kit's button: `primary` (the accent, for the one action a form is for), `secondary` (outlined, beside it)
 * or `link` (a button that reads like a link: "Show more"). A native button underneath, so type, disabled, form
 * submission and keyboard work as a browser's do; `busy` marks a running action (aria-busy) without disabling it.
 */
import type { ButtonHTMLAttributes } from 'react';
import './Button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'link';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  busy?: boolean;
}

export function Button({ variant = 'secondary', busy = false, className, type = 'button', ...rest }: ButtonProps) {
  return <button type={type} aria-busy={busy || undefined} className={`sl-button sl-button--${variant}${className ? ` ${className}` : ''}`} {...rest} />;
}
