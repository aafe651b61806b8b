/**
 * A thin chart wrapper: reserves its box at once, loads echarts only once the box comes near the viewport
 * and draws then, redraws when the option changes and follows the box's size. The chart is decorative next to the figures it sits beside, so a
 * failure to load it leaves the box empty rather than breaking the page.
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
}

export function Chart({ option, label, height = 260, className }: ChartProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const latestOption = useRef(option);
  latestOption.current = option;
  const chartRef = useRef<{ setOption(option: EChartsCoreOption, notMerge?: boolean): void; resize(): void; dispose(): void } | null>(null);

  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | null = null;
    let watcher: IntersectionObserver | null = null;
    const draw = () =>
      loadEcharts().then(
      (echarts) => {
        if (disposed || !boxRef.current) return;
        const chart = echarts.init(boxRef.current, undefined, { renderer: 'canvas' });
        chartRef.current = chart;
        chart.setOption(latestOption.current, true);
        if (typeof ResizeObserver !== 'undefined') {
          observer = new ResizeObserver(() => chart.resize());
          observer.observe(boxRef.current);
        }
      },
      () => undefined,
    );
    // A chart far below the fold costs nothing until the visitor scrolls towards it.
    if (typeof IntersectionObserver === 'undefined' || !boxRef.current) void draw();
    else {
      watcher = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          watcher?.disconnect();
          void draw();
        },
        { rootMargin: '200px' },
      );
      watcher.observe(boxRef.current);
    }
    return () => {
      disposed = true;
      watcher?.disconnect();
      observer?.disconnect();
      chartRef.current?.dispose();
      chartRef.current = null;
    };
    // The chart is created once; option changes are applied by the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    chartRef.current?.setOption(option, true);
  }, [option]);

  return <div ref={boxRef} className={`pkg-chart ${className ?? ''}`} style={{ height }} role="img" aria-label={label} />;
}
