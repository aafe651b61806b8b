/** The side panel's bar chart of daily requests; decorative beside the figures, so a load failure leaves it empty. */
import { useEffect, useRef } from 'react';
import { loadEcharts } from '@skylift/shared/charts';
import { chartOption, DRAW_DELAY_MS, RESIZE_DEBOUNCE_MS, WIDE_MIN_PX, type SidePeriod } from './statsChart';
import styles from './GsapPage.module.css';

export function StatsChart({ dates, period }: { dates: Record<string, number>; period: SidePeriod }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let disposed = false;
    let chart: { setOption(option: object, notMerge?: boolean): void; resize(): void; dispose(): void } | null = null;
    let resizeTimer: ReturnType<typeof setTimeout> | undefined;
    const wide = (): boolean => window.innerWidth >= WIDE_MIN_PX;
    const onResize = (): void => {
      clearTimeout(resizeTimer);
      resizeTimer = setTimeout(() => {
        chart?.setOption(chartOption(dates, period, wide()), true);
        chart?.resize();
      }, RESIZE_DEBOUNCE_MS);
    };
    const drawTimer = setTimeout(() => {
      loadEcharts().then(
        (echarts) => {
          if (disposed || !box.current) return;
          chart = echarts.init(box.current, undefined, { renderer: 'canvas' });
          chart.setOption(chartOption(dates, period, wide()), true);
          window.addEventListener('resize', onResize);
        },
        () => undefined,
      );
    }, DRAW_DELAY_MS);
    return () => {
      disposed = true;
      clearTimeout(drawTimer);
      clearTimeout(resizeTimer);
      window.removeEventListener('resize', onResize);
      chart?.dispose();
    };
  }, [dates, period]);

  return <div ref={box} className={styles.chart} role="img" aria-label={`Daily requests of GSAP over the last ${period}`} />;
}
