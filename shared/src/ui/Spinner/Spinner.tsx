/** A loading indicator; its text (for example "Files are loading...") is read out and may be shown beside it. */
import './Spinner.css';

export interface SpinnerProps {
  /** What is loading; read by screen readers, and shown when `showLabel` is set. */
  label?: string;
  showLabel?: boolean;
  className?: string;
}

export function Spinner({ label = 'Loading...', showLabel = false, className }: SpinnerProps) {
  return (
    <span role="status" className={`sl-spinner${className ? ` ${className}` : ''}`}>
      <span className="sl-spinner__wheel" aria-hidden="true" />
      <span className={showLabel ? 'sl-spinner__label' : 'sl-visually-hidden'}>{label}</span>
    </span>
  );
}
