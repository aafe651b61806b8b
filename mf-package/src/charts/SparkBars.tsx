/**
 * The sidebar's small bar charts, drawn as SVG: a row of bars scaled to the largest value, each with its
 * day and figure as a tooltip. They need nothing of echarts, so the package page's first visit loads no
 * charting library at all (echarts stays for the Statistics tab's full charts).
 */
import styles from './SparkBars.module.css';

export interface SparkBarsProps {
  points: ReadonlyArray<{ key: string; value: number }>;
  /** Accessible description of what the bars show. */
  label: string;
  /** Shows a value in a tooltip ("1.2 MB"). */
  format: (value: number) => string;
  height?: number;
  /** Bar width in drawing units; the gap fills the rest of each slot. */
  barWidth: number;
}

const TOP_MARGIN = 4;

export function SparkBars({ points, label, format, height = 56, barWidth }: SparkBarsProps) {
  const max = points.reduce((largest, point) => Math.max(largest, point.value), 0);
  // One slot per point, a little wider than its bar; the drawing is stretched to the box's width.
  const slot = barWidth + Math.max(1, barWidth / 2);
  const width = Math.max(1, points.length * slot);
  const usable = height - TOP_MARGIN;
  return (
    <svg className={styles.spark} role="img" aria-label={label} viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" style={{ height }}>
      {points.map((point, index) => {
        const barHeight = max > 0 ? Math.max(point.value > 0 ? 1 : 0, (point.value / max) * usable) : 0;
        return (
          <rect key={point.key} x={index * slot + (slot - barWidth) / 2} y={height - barHeight} width={barWidth} height={barHeight}>
            <title>{`${point.key}: ${format(point.value)}`}</title>
          </rect>
        );
      })}
    </svg>
  );
}
