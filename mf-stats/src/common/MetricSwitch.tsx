/** The Requests / Bandwidth switch: two toggle buttons, one pressed. */
import styles from './MetricSwitch.module.css';

export type Metric = 'hits' | 'bandwidth';

export const METRIC_LABELS: Record<Metric, string> = { hits: 'Requests', bandwidth: 'Bandwidth' };

export function MetricSwitch({ value, onChange, label = 'Show' }: { value: Metric; onChange: (metric: Metric) => void; label?: string }) {
  return (
    <div role="group" aria-label={label} className={styles.metric}>
      {(['hits', 'bandwidth'] as const).map((metric) => (
        <button key={metric} type="button" aria-pressed={value === metric} onClick={() => value !== metric && onChange(metric)}>
          {METRIC_LABELS[metric]}
        </button>
      ))}
    </div>
  );
}
