/**
 * echarts, loaded only when the side chart is first drawn, so the page's first paint never waits for it;
 * only the bar chart and the components it uses are registered.
 */
export type EChartsCore = typeof import('echarts/core');

let loading: Promise<EChartsCore> | null = null;

export function loadEcharts(): Promise<EChartsCore> {
  loading ??= Promise.all([import('echarts/core'), import('echarts/charts'), import('echarts/components'), import('echarts/renderers')]).then(
    ([core, charts, components, renderers]) => {
      core.use([charts.BarChart, components.GridComponent, components.TooltipComponent, renderers.CanvasRenderer]);
      return core;
    },
  );
  return loading;
}
