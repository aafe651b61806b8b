/**
 * `@skylift/shared/charts`: bar and line charts and the world map. echarts and the map's shapes are
 * downloaded when a chart is first drawn, never with the page.
 */
export { Chart, loadEcharts, type ChartProps, type EChartsCore } from './ui/chart';
export { barChartOption, type BarPoint } from './ui/chart/barChartOption';
export * from './ui/worldMap';
