/** Bar and line charts, echarts loaded on first draw (of `@skylift/shared/charts`). */
export { Chart, type ChartProps } from './Chart';
export { loadEcharts, type EChartsCore } from './echartsLoader';
