import { act, renderHook, waitFor } from '@testing-library/react';
import { useAsync } from './useAsync';

/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

test('an answer that arrives after the inputs changed is ignored, even when it arrives last', async () => {
  const first = deferred<string>();
  const second = deferred<string>();
  const calls = { a: first.promise, b: second.promise };
  const { result, rerender } = renderHook(({ key }: { key: 'a' | 'b' }) => useAsync(() => calls[key], [key]), { initialProps: { key: 'a' as 'a' | 'b' } });
  expect(result.current).toEqual({ status: 'loading' });

  rerender({ key: 'b' });
  await act(async () => second.resolve('answer for b'));
  expect(result.current).toEqual({ status: 'ok', value: 'answer for b' });
  await act(async () => first.resolve('answer for a'));
  expect(result.current).toEqual({ status: 'ok', value: 'answer for b' });
});

test('the answer for the old inputs is not shown in the render where they change', async () => {
  const renders: Array<[string, unknown]> = [];
  const { result, rerender } = renderHook(
    ({ key }: { key: string }) => {
      const state = useAsync(() => Promise.resolve(`value ${key}`), [key]);
      renders.push([key, state]);
      return state;
    },
    { initialProps: { key: 'a' } },
  );
  await waitFor(() => expect(result.current).toEqual({ status: 'ok', value: 'value a' }));
  rerender({ key: 'b' });
  await waitFor(() => expect(result.current).toEqual({ status: 'ok', value: 'value b' }));
  const shownForB = renders.filter(([key]) => key === 'b').map(([, state]) => state);
  expect(shownForB).not.toContainEqual({ status: 'ok', value: 'value a' });
});

test('a load that throws at once is an error, and no load stays at loading', async () => {
  const failure = new Error('no configuration yet');
  const thrown = renderHook(() =>
    useAsync(() => {
      throw failure;
    }, []),
  );
  await waitFor(() => expect(thrown.result.current).toEqual({ status: 'error', error: failure }));
  const none = renderHook(() => useAsync(null, []));
  await act(async () => undefined);
  expect(none.result.current).toEqual({ status: 'loading' });
});
