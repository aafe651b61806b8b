/**
 * The import map asked of the data API for the packages the user listed: idle until asked, then loading,
 * then the answer or the API's error sentence. An answer to an older request that arrives after a newer
 * one was made is dropped, so the page never shows a map for a list that is no longer the one asked.
 */
import { useCallback, useRef, useState } from 'react';
import { describeFailure, getImportMap, type ImportMapAnswer } from '@skylift/shared';

export type ImportMapState = { phase: 'idle' } | { phase: 'loading' } | { phase: 'done'; answer: ImportMapAnswer } | { phase: 'error'; message: string };

/** The list as the API takes it: one spec per line or comma, blank entries dropped. */
export function normalisePackages(text: string): string {
  return text
    .split(/[\s,]+/)
    .filter((spec) => spec !== '')
    .join(',');
}

export function useImportMap(): { state: ImportMapState; generate: (text: string) => void } {
  const [state, setState] = useState<ImportMapState>({ phase: 'idle' });
  const latest = useRef(0);
  const generate = useCallback((text: string) => {
    const packages = normalisePackages(text);
    if (packages === '') return;
    const request = ++latest.current;
    setState({ phase: 'loading' });
    getImportMap(packages).then(
      (answer) => request === latest.current && setState({ phase: 'done', answer }),
      (reason: unknown) => request === latest.current && setState({ phase: 'error', message: describeFailure(reason) }),
    );
  }, []);
  return { state, generate };
}
