/** A promise's state in a component; a newer call (the inputs changed) makes answers of older ones ignored. */
import { useEffect, useState } from 'react';

export type AsyncState<T> = { status: 'loading' } | { status: 'ok'; value: T } | { status: 'error'; error: unknown };

export function useAsync<T>(load: (() => Promise<T>) | null, deps: readonly unknown[]): AsyncState<T> {
  const [state, setState] = useState<AsyncState<T>>({ status: 'loading' });
  useEffect(() => {
    if (!load) {
      setState({ status: 'loading' });
      return undefined;
    }
    let current = true;
    setState({ status: 'loading' });
    load().then(
      (value) => current && setState({ status: 'ok', value }),
      (error: unknown) => current && setState({ status: 'error', error }),
    );
    return () => {
      current = false;
    };
    // The caller names the inputs; `load` is a new closure on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return state;
}

export const valueOf = <T,>(state: AsyncState<T>): T | undefined => (state.status === 'ok' ? state.value : undefined);
