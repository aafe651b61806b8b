/** The echarts option of the world map, built from plain data so it can be checked without drawing. */
import { WORLD_MAP_NAME } from './mapLoader';
import { NO_DATA_COLOUR } from './colourScale';
import { ZOOM_DURATION_MS, ZOOM_MAX, ZOOM_MIN } from './zoom';
// echarts paints on a canvas, which cannot read CSS custom properties: the tokens' values.
import { palette } from '@skylift/shared/styles';

export interface MapMarker {
  latitude: number;
  longitude: number;
  label: string;
  /** Markers of one group share a colour and can be shown or hidden together (for example a provider). */
  group?: string;
}

export const DEFAULT_MARKER_COLOUR: string = palette.orange500;

export interface MapOptionInput {
  /** Fill colour per country code; countries left out keep the base colour. */
  countryColours: Record<string, string>;
  /** Tooltip text of a country shape, from its code (or Natural Earth name). */
  countryTooltip: (code: string) => string;
  markers: readonly MapMarker[];
  groupColours: Record<string, string>;
  zoom: number;
  /** Longitude and latitude of the centre; the whole world when left out. */
  center?: [number, number];
}

const UNGROUPED = '';

export function buildMapOption(input: MapOptionInput) {
  const groups = new Map<string, MapMarker[]>();
  for (const marker of input.markers) {
    if (!Number.isFinite(marker.latitude) || !Number.isFinite(marker.longitude)) continue;
    const key = marker.group ?? UNGROUPED;
    groups.set(key, [...(groups.get(key) ?? []), marker]);
  }
  return {
    animationDurationUpdate: ZOOM_DURATION_MS,
    animationEasingUpdate: 'cubicInOut',
    tooltip: {
      trigger: 'item',
      formatter: (params: { componentType?: string; name?: string; data?: { label?: string } }) =>
        params.componentType === 'geo' ? input.countryTooltip(params.name ?? '') : (params.data?.label ?? params.name ?? ''),
    },
    geo: {
      map: WORLD_MAP_NAME,
      roam: true,
      zoom: input.zoom,
      center: input.center,
      scaleLimit: { min: ZOOM_MIN, max: ZOOM_MAX },
      tooltip: { show: true },
      itemStyle: { areaColor: NO_DATA_COLOUR, borderColor: palette.white, borderWidth: 0.5 },
      emphasis: { label: { show: false }, itemStyle: { areaColor: palette.amber400 } },
      select: { disabled: true },
      regions: Object.entries(input.countryColours).map(([name, colour]) => ({ name, itemStyle: { areaColor: colour } })),
    },
    series: [...groups].map(([group, markers]) => ({
      type: 'scatter',
      name: group,
      coordinateSystem: 'geo',
      symbolSize: 8,
      itemStyle: { color: input.groupColours[group] ?? DEFAULT_MARKER_COLOUR, borderColor: palette.white, borderWidth: 1 },
      data: markers.map((marker) => ({ name: marker.label, label: marker.label, value: [marker.longitude, marker.latitude] })),
    })),
  };
}
