/** An on/off switch (a button with role="switch"), with its label beside it. */
import type { ReactNode } from 'react';
import './Switch.css';

export interface SwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  disabled?: boolean;
  /** Colour of the track when on (a provider's colour). */
  color?: string;
}

export function Switch({ checked, onChange, children, disabled = false, color }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      disabled={disabled}
      className="st-switch"
      onClick={() => onChange(!checked)}
      style={checked && color ? { ['--st-switch-on' as string]: color } : undefined}
    >
      <span className="st-switch__track" aria-hidden="true">
        <span className="st-switch__thumb" />
      </span>
      <span className="st-switch__label">{children}</span>
    </button>
  );
}
