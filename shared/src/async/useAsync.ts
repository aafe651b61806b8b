/**
 * A promise's state in a component: loading, then its value or its error. When the inputs change (or the
 * component unmounts) before an answer arrives, that answer is ignored, so a slow older call never
 * overwrites a newer one. This is the one place the frontend packages keep that "stale answer" guard.
 */
import { useEffect, useState, type DependencyList } from 'react';

export type AsyncState<T> = { status: 'loading' } | { status: 'ok'; value: T } | { status: 'error'; error: unknown };

/**
 * Calls `load` whenever `deps` change and returns the state of its latest call. A null `load` (nothing to
 * load yet) stays at loading. A `load` that throws at once fails like one whose promise rejects.
 */
export function useAsync<T>(load: (() => Promise<T>) | null, deps: DependencyList): AsyncState<T> {
  const [answer, setAnswer] = useState<{ deps: DependencyList; state: AsyncState<T> }>({ deps, state: LOADING });
  useEffect(() => {
    setAnswer({ deps, state: LOADING });
    if (!load) return undefined;
    let current = true;
    let promise: Promise<T>;
    try {
      promise = load();
    } catch (error) {
      promise = Promise.reject(error);
    }
    promise.then(
      (value) => current && setAnswer({ deps, state: { status: 'ok', value } }),
      (error: unknown) => current && setAnswer({ deps, state: { status: 'error', error } }),
    );
    return () => {
      current = false;
    };
    // The caller names the inputs in `deps`; `load` is a new closure on every render, so listing it would
    // call it again on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  // In the render where the inputs change, before the effect runs, the answer for the old ones is not shown.
  return sameDeps(answer.deps, deps) ? answer.state : LOADING;
}

const LOADING = { status: 'loading' } as const;

function sameDeps(a: DependencyList, b: DependencyList): boolean {
  return a.length === b.length && a.every((value, index) => Object.is(value, b[index]));
}

/** The value of a settled call, or undefined while loading or after an error. */
export const valueOf = <T>(state: AsyncState<T>): T | undefined => (state.status === 'ok' ? state.value : undefined);
