import { feature } from 'topojson-client';
import atlas from 'world-atlas/countries-110m.json';
import { toWorldGeoJson } from './worldGeoJson';

const world = toWorldGeoJson(atlas as never, feature as never);

test('names every Natural Earth country shape by its alpha-2 code', () => {
  const names = world.features.map((item) => item.properties.name);
  for (const code of ['US', 'DE', 'FR', 'GB', 'RU', 'CN', 'BR', 'IN', 'AU', 'ZA', 'XK', 'CD', 'CI']) expect(names).toContain(code);
  const unnamed = names.filter((name) => !/^[A-Z]{2}$/.test(name));
  expect(unnamed.sort()).toEqual(['N. Cyprus', 'Somaliland']);
});

test('no ring of Fiji or Russia is drawn across the whole map', () => {
  for (const code of ['FJ', 'RU']) {
    const shape = world.features.find((item) => item.properties.name === code);
    const polygons = shape?.geometry.type === 'MultiPolygon' ? shape.geometry.coordinates : [];
    for (const ring of polygons.flat()) {
      for (let i = 1; i < ring.length; i += 1) expect(Math.abs((ring[i]?.[0] ?? 0) - (ring[i - 1]?.[0] ?? 0))).toBeLessThan(180);
    }
  }
});
