/**
 * The state of one converter: the pasted link, the converted link or the error text, and
 * the HTML warning. A result that arrives after the input changed is dropped.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { INPUT_DEBOUNCE_MS, debouncedThrottle, type Scheduler } from './timing';
import { ConversionError, type Convert, type ConversionTargets } from './types';

export interface ConversionState {
  input: string;
  /** The converted link, or the error text when `error` is set; empty for an empty input. */
  output: string;
  error: boolean;
  /** The input names an HTML file, which the CDN serves as plain text. */
  htmlWarning: boolean;
  setInput(value: string): void;
}

export const isHtmlLink = (input: string): boolean => /\.html?$/i.test(input.trim());

export function useConversion(convert: Convert, defaultError: string, targets: ConversionTargets | null, debounceMs = INPUT_DEBOUNCE_MS): ConversionState {
  const [input, setInputState] = useState('');
  const [result, setResult] = useState({ output: '', error: false });
  const latest = useRef('');
  const targetsRef = useRef(targets);
  targetsRef.current = targets;
  const scheduler = useRef<Scheduler<string> | null>(null);

  useEffect(() => {
    let active = true;
    const run = (value: string): void => {
      const current = targetsRef.current;
      if (value === '' || !current) return;
      Promise.resolve()
        .then(() => convert(value, current))
        .then(
          (output) => ({ output, error: false }),
          (reason: unknown) => ({ output: reason instanceof ConversionError ? reason.message : defaultError, error: true }),
        )
        .then((next) => {
          if (active && latest.current === value) setResult(next);
        });
    };
    scheduler.current = debouncedThrottle(run, debounceMs);
    return () => {
      active = false;
      scheduler.current?.cancel();
    };
  }, [convert, defaultError, debounceMs]);

  const setInput = useCallback((value: string) => {
    latest.current = value;
    setInputState(value);
    if (value === '') {
      // Emptying the box clears the answer at once; nothing is left to convert.
      scheduler.current?.cancel();
      setResult({ output: '', error: false });
      return;
    }
    scheduler.current?.push(value);
  }, []);

  return { input, output: result.output, error: result.error, htmlWarning: isHtmlLink(input), setInput };
}
