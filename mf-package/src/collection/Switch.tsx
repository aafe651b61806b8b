/** An on/off switch: a button with role=switch, so it is announced as one and toggles with Space or Enter. */
import { useId } from 'react';

export interface SwitchProps {
  label: string;
  description?: string;
  checked: boolean;
  onChange(checked: boolean): void;
}

export function Switch({ label, description, checked, onChange }: SwitchProps) {
  const id = useId();
  return (
    <div className="pkg-switch">
      <button
        type="button"
        role="switch"
        id={id}
        aria-checked={checked}
        aria-describedby={description ? `${id}-description` : undefined}
        className={`pkg-switch__control${checked ? ' pkg-switch__control--on' : ''}`}
        onClick={() => onChange(!checked)}
      >
        <span className="pkg-switch__thumb" aria-hidden="true" />
        <span className="pkg-switch__label">{label}</span>
      </button>
      {description && (
        <span id={`${id}-description`} className="pkg-switch__description">
          {description}
        </span>
      )}
    </div>
  );
}
