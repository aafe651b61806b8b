/**
 * Reads the current value of a BehaviorSubject in a React component and re-renders when it changes.
 * Built on useSyncExternalStore so that concurrent rendering never sees a torn value.
 */
import { useCallback, useSyncExternalStore } from 'react';
import type { BehaviorSubject } from 'rxjs';

export function useObservableValue<T>(subject: BehaviorSubject<T>): T {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const subscription = subject.subscribe(() => onChange());
      return () => subscription.unsubscribe();
    },
    [subject],
  );
  const getSnapshot = useCallback(() => subject.getValue(), [subject]);
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
