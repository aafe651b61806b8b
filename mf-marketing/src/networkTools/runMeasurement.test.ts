/**
 * @jest-environment node
 */
import { startFixtureServer, type FixtureServer } from '@skylift/shared/testing';
import { MeasurementError } from './measurementApi';
import { runMeasurement, type MeasurementProgress } from './runMeasurement';

let server: FixtureServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const probe = { continent: 'EU', country: 'DE', city: 'Berlin', network: 'Example Net', asn: 64500 };
const inProgress = { id: 'm1', type: 'ping', status: 'in-progress', results: [{ probe, result: { status: 'in-progress' } }] };
const finished = { id: 'm1', type: 'ping', status: 'finished', results: [{ probe, result: { status: 'finished', stats: { avg: 12.5, loss: 0 } } }] };
const request = { type: 'ping' as const, target: 'example.com', location: 'Europe', limit: 3 };

test('creates a measurement, reads it until it is finished and reports every reading', async () => {
  server = await startFixtureServer({
    '/v1/measurements': (req) => (req.method === 'POST' ? { status: 202, body: { id: 'm1', probesCount: 1 } } : { status: 405, body: {} }),
    '/v1/measurements/m1': (_req, count) => ({ body: count < 3 ? inProgress : finished }),
  });
  const seen: MeasurementProgress[] = [];
  const result = await runMeasurement(`${server.url}/`, request, (progress) => seen.push(progress), new AbortController().signal, { pollMs: 5 });
  expect(seen.map((progress) => progress.measurement.status)).toEqual(['in-progress', 'in-progress', 'finished']);
  expect(result).toMatchObject({ done: true, timedOut: false });
  expect(server.countOf('/v1/measurements')).toBe(1);
  expect(server.countOf('/v1/measurements/m1')).toBe(3);
});

test('stops waiting after the time limit and says so', async () => {
  server = await startFixtureServer({
    '/v1/measurements': { status: 202, body: { id: 'm1' } },
    '/v1/measurements/m1': { body: inProgress },
  });
  let clock = 0;
  const result = await runMeasurement(server.url, request, () => {}, new AbortController().signal, { pollMs: 1, timeoutMs: 1000, now: () => (clock += 400) });
  expect(result).toMatchObject({ done: true, timedOut: true });
});

test('rejects with the API’s own message when the measurement is refused', async () => {
  server = await startFixtureServer({
    '/v1/measurements': { status: 400, body: { error: { type: 'validation_error', message: 'Parameter validation failed.' } } },
  });
  const run = runMeasurement(server.url, request, () => {}, new AbortController().signal);
  await expect(run).rejects.toBeInstanceOf(MeasurementError);
  await expect(runMeasurement(server.url, request, () => {}, new AbortController().signal)).rejects.toThrow(
    'Creating the measurement failed: Parameter validation failed.',
  );
});

test('rejects when a reading fails, with the status', async () => {
  server = await startFixtureServer({
    '/v1/measurements': { status: 202, body: { id: 'gone' } },
    '/v1/measurements/gone': { status: 404, rawBody: 'not json' },
  });
  await expect(runMeasurement(server.url, request, () => {}, new AbortController().signal)).rejects.toThrow('Reading the measurement failed (HTTP 404).');
});
