/**
 * Natural Earth countries (world-atlas, 1:110m) as the GeoJSON echarts draws, each shape named by its
 * alpha-2 code so that statistics keyed by country code colour it directly.
 */
import type { Topology, GeometryCollection } from 'topojson-specification';
import type { FeatureCollection, Geometry, Position } from 'geojson';
import { alpha2Of } from './countryCodes';

export interface CountryProperties {
  /** The alpha-2 code, or Natural Earth's name for a shape no statistics are kept for. */
  name: string;
}

export type WorldGeoJson = FeatureCollection<Geometry, CountryProperties>;

type FeatureOf = (topology: Topology, object: GeometryCollection) => FeatureCollection<Geometry, { name?: string }>;

export function toWorldGeoJson(topology: Topology, feature: FeatureOf): WorldGeoJson {
  const countries = topology.objects['countries'] as GeometryCollection;
  const collection = feature(topology, countries);
  return {
    type: 'FeatureCollection',
    features: collection.features.map((item) => {
      const originalName = item.properties?.name;
      const code = alpha2Of(item.id, originalName);
      return { ...item, geometry: unwrapAntimeridian(item.geometry), properties: { name: code ?? originalName ?? String(item.id ?? '') } };
    }),
  };
}

/**
 * echarts draws longitude and latitude on a flat plane, so a ring that crosses the 180° meridian (Fiji, the
 * east of Russia) would be drawn as a band across the whole map. Moving its western points by 360° keeps
 * the shape in one piece, just past the right edge.
 */
function unwrapAntimeridian(geometry: Geometry): Geometry {
  const fixRing = (ring: Position[]): Position[] => {
    const crosses = ring.some((point, i) => i > 0 && Math.abs((point[0] ?? 0) - (ring[i - 1]?.[0] ?? 0)) > 180);
    const spansWholeWorld =
      ring.some((point) => (point[0] ?? 0) <= -179.99) && ring.some((point) => (point[0] ?? 0) >= 179.99) && ring.every((point) => (point[1] ?? 0) < -60);
    // Antarctica spans every longitude on purpose: its seam is the map's edge.
    if (!crosses || spansWholeWorld) return ring;
    return ring.map(([lon = 0, lat = 0, ...rest]) => (lon < 0 ? [lon + 360, lat, ...rest] : [lon, lat, ...rest]));
  };
  if (geometry.type === 'Polygon') return { ...geometry, coordinates: geometry.coordinates.map(fixRing) };
  if (geometry.type === 'MultiPolygon') return { ...geometry, coordinates: geometry.coordinates.map((polygon) => polygon.map(fixRing)) };
  return geometry;
}
