/**
 * Everything the map needs that the page does not: echarts with only the map, scatter and geo pieces, and
 * the Natural Earth shapes with the code that decodes them. All of it is fetched on the first call, which
 * the map makes only once it has scrolled into view, and the world shape is registered once per page.
 */
import type { WorldGeoJson } from './worldGeoJson';

export type EChartsCore = typeof import('echarts/core');

export const WORLD_MAP_NAME = 'skylift-world';

export interface LoadedMap {
  echarts: EChartsCore;
  world: WorldGeoJson;
}

let loading: Promise<LoadedMap> | null = null;

export function loadWorldMap(): Promise<LoadedMap> {
  loading ??= Promise.all([
    import('echarts/core'),
    import('echarts/charts'),
    import('echarts/components'),
    import('echarts/renderers'),
    import('world-atlas/countries-110m.json'),
    import('topojson-client'),
    import('./worldGeoJson'),
  ]).then(([core, charts, components, renderers, atlas, topojson, geo]) => {
    core.use([charts.ScatterChart, components.GeoComponent, components.TooltipComponent, renderers.CanvasRenderer]);
    const topology = ('default' in atlas ? atlas.default : atlas) as unknown as Parameters<typeof geo.toWorldGeoJson>[0];
    const world = geo.toWorldGeoJson(topology, topojson.feature as unknown as Parameters<typeof geo.toWorldGeoJson>[1]);
    core.registerMap(WORLD_MAP_NAME, world as unknown as Parameters<EChartsCore['registerMap']>[1]);
    return { echarts: core, world };
  });
  // A failed download may succeed on the next visit to the map; do not keep the rejection.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/**
 * For tests (`@skylift/shared/testing`): the map's next loads answer with `map`, a promise the test settles
 * when it chooses, instead of downloading echarts and the shapes; null forgets it.
 */
export function provideWorldMap(map: Promise<LoadedMap> | null): void {
  loading = map;
}
