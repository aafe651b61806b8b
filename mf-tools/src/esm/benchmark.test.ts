import { frameDocument } from './benchmark';
import { BENCHMARK_DATA_ID, BENCHMARK_FRAME_SCRIPT } from '@skylift/shared/esm/benchmarkFrame';

function parse(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

test("a benchmark frame runs only the fixed script the site's policy allows by its hash", () => {
  const frame = parse(frameDocument('https://cdn.example.test/npm/canvas-confetti/+esm', 'token-1'));
  const scripts = [...frame.querySelectorAll('script')];
  const executable = scripts.filter((script) => script.type !== 'application/json');
  expect(executable).toHaveLength(1);
  expect(executable[0]!.type).toBe('module');
  // The hash covers the element's text exactly as parsed.
  expect(executable[0]!.textContent).toBe(BENCHMARK_FRAME_SCRIPT);
  expect(JSON.parse(frame.getElementById(BENCHMARK_DATA_ID)!.textContent!)).toEqual({
    url: 'https://cdn.example.test/npm/canvas-confetti/+esm',
    token: 'token-1',
  });
});

test('the target is data: a URL that tries to close the element changes neither the script nor the target', () => {
  const url = 'https://cdn.example.test/npm/x</script><script>alert(1)</script>/+esm';
  const frame = parse(frameDocument(url, 'token-2'));
  expect([...frame.querySelectorAll('script')].map((script) => script.textContent)).toHaveLength(2);
  expect(frame.querySelector('script[type="module"]')!.textContent).toBe(BENCHMARK_FRAME_SCRIPT);
  expect(JSON.parse(frame.getElementById(BENCHMARK_DATA_ID)!.textContent!).url).toBe(url);
});
