/**
 * A choice among a few options: a dropdown on wide screens, and below 768 px a radio list in a sheet with
 * Apply and Cancel, where nothing changes until Apply.
 */
import { useId, useState } from 'react';
import { Dropdown, Button } from '@skylift/shared/ui';
import styles from './GsapPage.module.css';

export interface ChoiceControlProps {
  label: string;
  options: readonly string[];
  index: number;
  onChange(index: number): void;
  mobile: boolean;
}

export function ChoiceControl({ label, options, index, onChange, mobile }: ChoiceControlProps) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(index);
  const name = useId();

  if (!mobile) {
    return (
      <Dropdown
        label={label}
        items={options.map((option, i) => ({ value: String(i), label: option }))}
        value={options.length ? String(index) : null}
        onChange={(value) => onChange(Number(value))}
        disabled={options.length === 0}
        placeholder={label}
      />
    );
  }
  return (
    <div>
      <Button
        aria-haspopup="dialog"
        aria-expanded={open}
        disabled={options.length === 0}
        onClick={() => {
          setPending(index);
          setOpen(true);
        }}
      >
        {label}: {options[index] ?? ''}
      </Button>
      {open && (
        <div role="dialog" aria-label={label} className={styles.sheet}>
          <fieldset>
            <legend>{label}</legend>
            <div className={styles.sheetOptions}>
              {options.map((option, i) => (
                <label key={option}>
                  <input type="radio" name={name} checked={pending === i} onChange={() => setPending(i)} /> {option}
                </label>
              ))}
            </div>
          </fieldset>
          <div className={styles.sheetActions}>
            <Button onClick={() => setOpen(false)}>Cancel</Button>
            <Button
              variant="primary"
              onClick={() => {
                setOpen(false);
                if (pending !== index) onChange(pending);
              }}
            >
              Apply
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
