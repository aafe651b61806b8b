/**
 * echarts, loaded only when a chart is first drawn, so a page's first paint never waits for it. Only the
 * bar and line charts and the components they use are registered, which keeps the chunk small.
 */
export type EChartsCore = typeof import('echarts/core');

let loading: Promise<EChartsCore> | null = null;

export function loadEcharts(): Promise<EChartsCore> {
  loading ??= Promise.all([import('echarts/core'), import('echarts/charts'), import('echarts/components'), import('echarts/renderers')]).then(
    ([core, charts, components, renderers]) => {
      core.use([
        charts.BarChart,
        charts.LineChart,
        components.GridComponent,
        components.TooltipComponent,
        components.LegendComponent,
        renderers.CanvasRenderer,
      ]);
      return core;
    },
  );
  return loading;
}
