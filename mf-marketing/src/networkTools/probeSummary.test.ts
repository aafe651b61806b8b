import { probePlace, summariseProbe } from './probeSummary';

test('a finished ping shows its average and loss', () => {
  expect(summariseProbe('ping', { status: 'finished', stats: { avg: 12.345, loss: 33 } }, false)).toEqual({ state: 'ok', text: '12.3 ms avg, 33% loss' });
});

test('a finished result without a numeric timing counts as failed', () => {
  expect(summariseProbe('ping', { status: 'finished', stats: { loss: 100 } }, false)).toEqual({ state: 'failed', text: 'failed' });
  expect(summariseProbe('dns', { status: 'finished', timings: { total: null } }, false).text).toBe('failed');
  expect(summariseProbe('http', { status: 'finished', statusCode: 200, timings: {} }, false).text).toBe('failed');
  expect(summariseProbe('traceroute', { status: 'finished', hops: [{ timings: [] }] }, false).text).toBe('failed');
});

test('failed, offline and time out are said as such', () => {
  expect(summariseProbe('dns', { status: 'failed' }, false).text).toBe('failed');
  expect(summariseProbe('dns', { status: 'offline' }, false).text).toBe('offline');
  expect(summariseProbe('dns', { status: 'in-progress' }, true).text).toBe('time out');
  expect(summariseProbe('dns', { status: 'in-progress' }, false).state).toBe('running');
});

test('http, dns and traceroute timings', () => {
  expect(summariseProbe('http', { status: 'finished', statusCode: 301, timings: { total: 120 } }, false).text).toBe('HTTP 301, 120.0 ms');
  expect(summariseProbe('dns', { status: 'finished', timings: { total: 4.2 } }, false).text).toBe('4.20 ms');
  expect(summariseProbe('traceroute', { status: 'finished', hops: [{ timings: [{ rtt: 1 }] }, { timings: [{ rtt: 20.5 }] }] }, false).text).toBe(
    '2 hops, 20.5 ms',
  );
});

test('a probe is named by place and network', () => {
  expect(probePlace({ city: 'Ashburn', state: 'VA', country: 'US', network: 'Amazon.com, Inc.', asn: 14618 })).toBe(
    'Ashburn, VA, US (Amazon.com, Inc., AS14618)',
  );
});
