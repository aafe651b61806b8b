import { BENCHMARK_FRAME_DOCUMENT, BENCHMARK_FRAME_PATH, BENCHMARK_FRAME_SCRIPT, benchmarkFrameUrl } from '@skylift/shared/esm';
import { measure } from './benchmark';

function parse(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

function target(address: string): unknown {
  const parsed = new URL(address, 'https://www.example.test');
  expect(parsed.pathname).toBe(BENCHMARK_FRAME_PATH);
  expect(parsed.search).toBe('');
  return JSON.parse(decodeURIComponent(parsed.hash.slice(1)));
}

test("a benchmark frame is the site's benchmark document, told its target in the fragment (never sent to a server)", () => {
  expect(target(benchmarkFrameUrl('https://cdn.example.test/npm/canvas-confetti/+esm', 'token-1'))).toEqual({
    url: 'https://cdn.example.test/npm/canvas-confetti/+esm',
    token: 'token-1',
  });
});

test('the benchmark document runs only the fixed script its policy allows by hash', () => {
  const frame = parse(BENCHMARK_FRAME_DOCUMENT);
  const scripts = [...frame.querySelectorAll('script')];
  expect(scripts).toHaveLength(1);
  expect(scripts[0]!.type).toBe('module');
  // The hash covers the element's text exactly as parsed.
  expect(scripts[0]!.textContent).toBe(BENCHMARK_FRAME_SCRIPT);
});

test('the target is data: a URL that tries to close an element or add a query is carried as it is', () => {
  const url = 'https://cdn.example.test/npm/x</script><script>alert(1)</script>/+esm?a=1#b';
  expect(target(benchmarkFrameUrl(url, 'token-2'))).toEqual({ url, token: 'token-2' });
});

test('measure loads the benchmark document in a hidden frame with scripts only, and removes it when done', async () => {
  const host = document.createElement('div');
  document.body.appendChild(host);
  const running = measure(host, { name: 'Test', url: 'https://cdn.example.test/npm/a/+esm' }, 20);
  const frame = host.querySelector('iframe')!;
  expect(frame.getAttribute('sandbox')).toBe('allow-scripts');
  expect(frame.hasAttribute('srcdoc')).toBe(false);
  expect(target(frame.getAttribute('src')!)).toMatchObject({ url: 'https://cdn.example.test/npm/a/+esm' });
  expect(await running).toEqual({ name: 'Test', duration: null, requests: null, error: 'timed out' });
  expect(host.querySelector('iframe')).toBeNull();
  host.remove();
});
