/**
 * The thin chart wrapper every remote draws its bar and line charts with: reserves its box at once, loads
 * echarts only once the box comes near the viewport (its chunk never delays a first paint, and a chart far
 * below the fold costs nothing until the visitor scrolls to it), redraws when the option changes and
 * follows the box's size. A chart sits beside the figures it draws, so a failure to load it leaves the
 * box empty rather than breaking the page.
 */
import { useEffect, useRef } from 'react';
import type { EChartsCoreOption } from 'echarts/core';
import { loadEcharts } from './echartsLoader';
import './Chart.css';

export interface ChartProps {
  option: EChartsCoreOption;
  /** Accessible description of what the chart shows. */
  label: string;
  height?: number;
  className?: string;
  /** Waits this long after mounting before drawing, so the page settles first (the statistics pages wait 100 ms). */
  drawDelayMs?: number;
}

/** A resize redraws the chart once the box has stopped changing for this long. */
export const RESIZE_DEBOUNCE_MS = 200;

interface DrawnChart {
  setOption(option: EChartsCoreOption, notMerge?: boolean): void;
  resize(): void;
  dispose(): void;
}

export function Chart({ option, label, height = 280, className, drawDelayMs = 0 }: ChartProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<DrawnChart | null>(null);
  const optionRef = useRef(option);
  optionRef.current = option;

  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | null = null;
    let resizeTimer: ReturnType<typeof setTimeout> | undefined;
    const draw = (): void => {
      loadEcharts().then(
        (echarts) => {
          if (disposed || !boxRef.current) return;
          const chart = echarts.init(boxRef.current, undefined, { renderer: 'canvas' });
          chartRef.current = chart;
          chart.setOption(optionRef.current, true);
          if (typeof ResizeObserver !== 'undefined') {
            observer = new ResizeObserver(() => {
              clearTimeout(resizeTimer);
              resizeTimer = setTimeout(() => chart.resize(), RESIZE_DEBOUNCE_MS);
            });
            observer.observe(boxRef.current);
          }
        },
        () => undefined,
      );
    };
    let drawTimer: ReturnType<typeof setTimeout> | undefined;
    const start = (): void => {
      if (drawDelayMs > 0) drawTimer = setTimeout(draw, drawDelayMs);
      else draw();
    };
    let watcher: IntersectionObserver | null = null;
    if (typeof IntersectionObserver === 'undefined' || !boxRef.current) start();
    else {
      watcher = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          watcher?.disconnect();
          start();
        },
        { rootMargin: '200px' },
      );
      watcher.observe(boxRef.current);
    }
    return () => {
      disposed = true;
      watcher?.disconnect();
      clearTimeout(drawTimer);
      clearTimeout(resizeTimer);
      observer?.disconnect();
      chartRef.current?.dispose();
      chartRef.current = null;
    };
  }, [drawDelayMs]);

  useEffect(() => {
    chartRef.current?.setOption(option, true);
  }, [option]);

  return <div ref={boxRef} className={className ? `sl-chart ${className}` : 'sl-chart'} style={{ height }} role="img" aria-label={label} />;
}
