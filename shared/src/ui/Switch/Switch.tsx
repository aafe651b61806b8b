/**
 * An on/off switch: a button with role="switch", so it is announced as one and toggles with Space or Enter,
 * its label beside the track and, when given, a description under it that is read as the switch's description.
 */
import { useId, type ReactNode } from 'react';
import './Switch.css';

export interface SwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The label, the switch's accessible name. */
  children: ReactNode;
  /** A sentence under the label. */
  description?: string;
  disabled?: boolean;
  /** Colour of the track when on (a provider's colour); the accent colour otherwise. */
  color?: string;
  /** A class for the caller's layout, on the outermost element. */
  className?: string;
}

export function Switch({ checked, onChange, children, description, disabled = false, color, className }: SwitchProps) {
  const id = useId();
  const button = (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-describedby={description ? `${id}-description` : undefined}
      disabled={disabled}
      className={`sl-switch${className && !description ? ` ${className}` : ''}`}
      onClick={() => onChange(!checked)}
      style={checked && color ? { ['--sl-switch-on' as string]: color } : undefined}
    >
      <span className="sl-switch__track" aria-hidden="true">
        <span className="sl-switch__thumb" />
      </span>
      <span className="sl-switch__label">{children}</span>
    </button>
  );
  if (!description) return button;
  return (
    <div className={`sl-switch-field${className ? ` ${className}` : ''}`}>
      {button}
      <span id={`${id}-description`} className="sl-switch-field__description">
        {description}
      </span>
    </div>
  );
}
