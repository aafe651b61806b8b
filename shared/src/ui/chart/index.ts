/** Bar and line charts, echarts loaded on first draw (`@skylift/shared/ui/chart/index`). */
export { Chart, type ChartProps } from './Chart';
export { loadEcharts, type EChartsCore } from './echartsLoader';
