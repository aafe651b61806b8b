/**
 * The state of one converter: the pasted link, the converted link or the error text, the lookup under way, and
 * the HTML warning. A link the converter takes as it stands is converted at once, on the keystroke or paste that
 * completes it. One it refuses shows the error only after a pause in typing (a link half typed is not wrong yet).
 * One that needs a lookup (a GitHub ref) says so at once and asks after the pause, at most once a second; a result
 * that arrives after the input changed is dropped.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { INPUT_DEBOUNCE_MS, debouncedThrottle, type Scheduler } from './timing';
import { ConversionError, Lookup, type Convert, type ConversionTargets } from './types';

export interface ConversionState {
  input: string;
  /** The converted link, or the error text when `error` is set; empty for an empty input. */
  output: string;
  error: boolean;
  /** What is being looked up ("the commit of main") while a lookup runs; null otherwise. */
  pending: string | null;
  /** The input names an HTML file, which the CDN serves as plain text. */
  htmlWarning: boolean;
  setInput(value: string): void;
}

export const isHtmlLink = (input: string): boolean => /\.html?$/i.test(input.trim());

interface Result {
  output: string;
  error: boolean;
  pending: string | null;
}

const EMPTY: Result = { output: '', error: false, pending: null };

/** What a later step does for an input: show its error, or run its lookup. */
type Deferred = { value: string; error: string } | { value: string; lookup: Lookup };

export function useConversion(convert: Convert, defaultError: string, targets: ConversionTargets | null, debounceMs = INPUT_DEBOUNCE_MS): ConversionState {
  const [input, setInputState] = useState('');
  const [result, setResult] = useState<Result>(EMPTY);
  const latest = useRef('');
  const targetsRef = useRef(targets);
  targetsRef.current = targets;
  const errors = useRef<Scheduler<Deferred> | null>(null);
  const lookups = useRef<Scheduler<Deferred> | null>(null);

  useEffect(() => {
    let active = true;
    const run = (step: Deferred): void => {
      if (!active || latest.current !== step.value) return;
      if ('error' in step) {
        setResult({ output: step.error, error: true, pending: null });
        return;
      }
      step.lookup.run().then(
        (output) => active && latest.current === step.value && setResult({ output, error: false, pending: null }),
        () => active && latest.current === step.value && setResult({ output: defaultError, error: true, pending: null }),
      );
    };
    errors.current = debouncedThrottle(run, debounceMs);
    // A lookup needs no long pause: the link is complete, only its ref is asked about.
    lookups.current = debouncedThrottle(run, INPUT_DEBOUNCE_MS);
    return () => {
      active = false;
      errors.current?.cancel();
      lookups.current?.cancel();
    };
  }, [convert, defaultError, debounceMs]);

  const setInput = useCallback(
    (value: string) => {
      latest.current = value;
      setInputState(value);
      errors.current?.cancel();
      lookups.current?.cancel();
      const current = targetsRef.current;
      if (value === '' || !current) {
        // Emptying the box clears the answer at once; nothing is left to convert.
        setResult(EMPTY);
        return;
      }
      let outcome: string | Lookup;
      try {
        outcome = convert(value, current);
      } catch (reason) {
        // No lookup runs for it; its error waits for a pause in typing.
        setResult((last) => (last.pending ? EMPTY : last));
        errors.current?.push({ value, error: reason instanceof ConversionError ? reason.message : defaultError });
        return;
      }
      if (typeof outcome === 'string') {
        setResult({ output: outcome, error: false, pending: null });
        return;
      }
      setResult({ output: '', error: false, pending: outcome.subject });
      lookups.current?.push({ value, lookup: outcome });
    },
    [convert, defaultError],
  );

  return { input, output: result.output, error: result.error, pending: result.pending, htmlWarning: isHtmlLink(input), setInput };
}
