/**
 * The kit's checkbox: a native checkbox (so forms, keyboard and screen readers treat it as one) drawn in the
 * accent colour, its label beside it. `indeterminate` shows a partly chosen group.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import './Checkbox.css';

export interface CheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  disabled?: boolean;
  indeterminate?: boolean;
  className?: string;
}

export function Checkbox({ checked, onChange, children, disabled = false, indeterminate = false, className }: CheckboxProps) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (input.current) input.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <label className={`sl-checkbox${className ? ` ${className}` : ''}`}>
      <input
        ref={input}
        type="checkbox"
        className="sl-checkbox__box"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>{children}</span>
    </label>
  );
}
