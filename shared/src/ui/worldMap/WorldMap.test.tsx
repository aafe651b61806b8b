import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { WorldMap } from './WorldMap';
import { loadWorldMap } from './mapLoader';
import { SCALE_COLOURS } from './colourScale';
import { installFakeIntersectionObserver, type FakeViewport } from '../../testing/fakeIntersectionObserver';

// echarts is never loaded in jest: the loader is replaced by a chart double that records its options.
jest.mock('./mapLoader', () => ({ WORLD_MAP_NAME: 'skylift-world', loadWorldMap: jest.fn() }));

interface RecordedOption {
  geo: { zoom: number; regions: Array<{ name: string; itemStyle: { areaColor: string } }> };
  series: Array<{ name: string; itemStyle: { color: string }; data: Array<{ name: string; value: [number, number] }> }>;
  tooltip: { formatter: (params: { componentType: string; name: string }) => string };
}

const chart = { setOption: jest.fn(), getOption: jest.fn(() => ({ geo: [{ zoom: 1 }] })), on: jest.fn(), resize: jest.fn(), dispose: jest.fn() };
const loader = loadWorldMap as jest.MockedFunction<typeof loadWorldMap>;

let viewport: FakeViewport;
const scrollIntoView = () => viewport.scrollNear();

function lastOption(): RecordedOption {
  const calls = chart.setOption.mock.calls;
  return calls[calls.length - 1]?.[0] as RecordedOption;
}

beforeEach(() => {
  viewport = installFakeIntersectionObserver();
  jest.clearAllMocks();
  loader.mockResolvedValue({ echarts: { init: () => chart }, world: { type: 'FeatureCollection', features: [] } } as never);
});

afterEach(() => viewport.uninstall());

test('downloads echarts and the shapes only once the map scrolls into view', async () => {
  render(<WorldMap label="Requests by country" values={{ US: 10 }} />);
  expect(loader).not.toHaveBeenCalled();
  expect(screen.getByText('Loading the map...')).toBeInTheDocument();
  scrollIntoView();
  expect(loader).toHaveBeenCalledTimes(1);
  expect(screen.getByRole('img', { name: 'Requests by country' })).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByText('Loading the map...')).not.toBeInTheDocument());
  expect(chart.setOption).toHaveBeenCalled();
});

test('colours countries on an 8-step scale, darker for more traffic, and lists the 8 steps in the legend', async () => {
  render(<WorldMap label="map" values={{ US: 1_000_000, DE: 1000, FR: 10, BR: 0 }} valueLabel="Requests" />);
  scrollIntoView();
  await act(async () => undefined);
  const regions = Object.fromEntries(lastOption().geo.regions.map((region) => [region.name, region.itemStyle.areaColor]));
  expect(regions['US']).toBe(SCALE_COLOURS[7]);
  expect(regions['FR']).toBe(SCALE_COLOURS[0]);
  expect(regions['DE']).not.toBe(regions['US']);
  expect(regions['BR']).toBeUndefined();
  const legend = screen.getByRole('list', { name: 'Requests per country' });
  expect(legend.querySelectorAll('li')).toHaveLength(8);
  expect(legend).toHaveTextContent('10 –');
  expect(legend).toHaveTextContent('– 1M');
});

test('the figures behind the colours are in a table for whoever cannot see the map, most first, zeros left out', () => {
  render(<WorldMap label="map" values={{ FR: 10, US: 1_000_000, BR: 0, DE: 1000 }} valueLabel="Requests" />);
  const table = screen.getByRole('table', { name: 'Requests per country' });
  const rows = Array.from(table.querySelectorAll('tr')).map((row) => [row.getAttribute('data-country'), row.textContent]);
  expect(rows).toEqual([
    ['US', 'United States1M'],
    ['DE', 'Germany1K'],
    ['FR', 'France10'],
  ]);
});

test('tooltips name the country and its figure', async () => {
  render(<WorldMap label="map" values={{ DE: 1234 }} />);
  scrollIntoView();
  await act(async () => undefined);
  const { formatter } = lastOption().tooltip;
  expect(formatter({ componentType: 'geo', name: 'DE' })).toBe('Germany: 1.2K');
  expect(formatter({ componentType: 'geo', name: 'JP' })).toBe('Japan: No data');
});

test('says so when every country is at zero, once the map is drawn and never over its loading line', async () => {
  render(<WorldMap label="map" values={{ US: 0 }} emptyText="No data" />);
  expect(screen.getByText('Loading the map...')).toBeInTheDocument();
  expect(screen.queryByText('No data')).not.toBeInTheDocument();
  scrollIntoView();
  await waitFor(() => expect(screen.getByText('No data')).toBeInTheDocument());
  expect(screen.queryByText('Loading the map...')).not.toBeInTheDocument();
  expect(screen.queryByRole('list')).not.toBeInTheDocument();
});

test('zooms in by 1.4 and out by 0.6 between 1 and 8', async () => {
  render(<WorldMap label="map" values={{ US: 1 }} />);
  scrollIntoView();
  await act(async () => undefined);
  const zoomIn = screen.getByRole('button', { name: 'Zoom in' });
  const zoomOut = screen.getByRole('button', { name: 'Zoom out' });
  expect(zoomOut).toBeDisabled();
  fireEvent.click(zoomIn);
  expect(lastOption().geo.zoom).toBeCloseTo(1.4);
  fireEvent.click(zoomIn);
  expect(lastOption().geo.zoom).toBeCloseTo(1.96);
  fireEvent.click(zoomOut);
  expect(lastOption().geo.zoom).toBeCloseTo(1.176);
  for (let i = 0; i < 10; i += 1) fireEvent.click(zoomIn);
  expect(lastOption().geo.zoom).toBe(8);
  expect(zoomIn).toBeDisabled();
});

test('draws point markers in one coloured series per group', async () => {
  const markers = [
    { latitude: 52.52, longitude: 13.4, label: 'Berlin', group: 'CF' },
    { latitude: 40.71, longitude: -74.0, label: 'New York', group: 'CF' },
    { latitude: 35.68, longitude: 139.69, label: 'Tokyo', group: 'FY' },
  ];
  render(<WorldMap label="Network" markers={markers} groupColours={{ CF: '#f48120', FY: '#ff282d' }} />);
  scrollIntoView();
  await act(async () => undefined);
  const series = lastOption().series;
  expect(series.map((item) => item.name)).toEqual(['CF', 'FY']);
  expect(series[0]?.itemStyle.color).toBe('#f48120');
  expect(series[0]?.data).toEqual([
    { name: 'Berlin', label: 'Berlin', value: [13.4, 52.52] },
    { name: 'New York', label: 'New York', value: [-74.0, 40.71] },
  ]);
  expect(screen.queryByRole('list')).not.toBeInTheDocument();
});

test('a failed download says the map could not be loaded', async () => {
  loader.mockRejectedValue(new Error('offline'));
  render(<WorldMap label="map" values={{ US: 1 }} />);
  scrollIntoView();
  expect(await screen.findByRole('alert')).toHaveTextContent('The map could not be loaded.');
});

test('a browser that cannot draw the map says it could not be loaded', async () => {
  loader.mockResolvedValue({
    echarts: {
      init: () => {
        throw new Error('no canvas');
      },
    },
    world: { type: 'FeatureCollection', features: [] },
  } as never);
  render(<WorldMap label="map" values={{ US: 1 }} />);
  scrollIntoView();
  expect(await screen.findByRole('alert')).toHaveTextContent('The map could not be loaded.');
});
