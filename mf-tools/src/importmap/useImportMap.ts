/**
 * The import map asked of the data API for the packages the user listed: idle until asked, then loading,
 * then the answer or the API's error sentence. An answer to an older request that arrives after a newer
 * one was made is dropped, so the page never shows a map for a list that is no longer the one asked.
 */
import { useCallback, useRef, useState } from 'react';
import { describeFailure, getImportMap, type ImportMapAnswer } from '@skylift/shared';
import { splitSpecList } from '@skylift/shared/esm';

export type ImportMapState = { phase: 'idle' } | { phase: 'loading' } | { phase: 'done'; answer: ImportMapAnswer } | { phase: 'error'; message: string };

/**
 * The list as the API takes it: one spec per line, blank entries dropped. Specs are split as the API splits
 * them (`splitSpecList`: the commas of `?deps=a@1.0.0,b@2.0.0` stay in their spec), and sent one per line, the
 * one separator no spec holds.
 */
export function normalisePackages(text: string): string {
  return splitSpecList(text).join('\n');
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
