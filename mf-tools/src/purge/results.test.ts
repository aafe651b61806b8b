import { statusText, toResults } from './results';

test('each path reads Success, how many providers failed, or Throttled', () => {
  expect(statusText({ throttled: false, providers: { CF: true, FY: true } })).toBe('Success');
  expect(statusText({ throttled: false, providers: {} })).toBe('Success');
  expect(statusText({ throttled: false, providers: { CF: false, FY: true } })).toBe('One provider failed');
  expect(statusText({ throttled: false, providers: { CF: false, FY: false } })).toBe('Two providers failed');
  expect(statusText({ throttled: false, providers: { A: false, B: false, C: false } })).toBe('Three providers failed');
  expect(statusText({ throttled: false, providers: { A: false, B: false, C: false, D: false } })).toBe('Four providers failed');
  expect(statusText({ throttled: false, providers: { A: false, B: false, C: false, D: false, E: false } })).toBe('Five providers failed');
  expect(statusText({ throttled: true, providers: {} })).toBe('Throttled');
});

test('results name the providers', () => {
  expect(toResults({ '/npm/a@1/x.js': { throttled: false, providers: { CF: true, BN: false }, origin: 'dropped' } })).toEqual([
    {
      path: '/npm/a@1/x.js',
      status: 'One provider failed',
      success: false,
      throttled: false,
      providers: [
        { code: 'CF', name: 'Cloudflare', ok: true },
        { code: 'BN', name: 'Bunny', ok: false },
      ],
      origin: 'dropped',
    },
  ]);
});
