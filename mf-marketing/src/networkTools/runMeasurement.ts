import { createMeasurement, getMeasurement, type Measurement, type MeasurementRequest } from './measurementApi';

/** How often a running measurement is read again, ms. */
export const POLL_INTERVAL_MS = 500;
/** After this long, probes that have not answered are reported as timed out, ms. */
export const MEASUREMENT_TIMEOUT_MS = 30_000;

export interface MeasurementProgress {
  measurement: Measurement;
  /** True once the API says it is finished or the time is up. */
  done: boolean;
  timedOut: boolean;
}

const wait = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

/**
 * Creates a measurement and reads it until it is finished (or the time is up), reporting every reading.
 * Abort the signal to stop.
 */
export async function runMeasurement(
  apiUrl: string,
  request: MeasurementRequest,
  onProgress: (progress: MeasurementProgress) => void,
  signal: AbortSignal,
  { pollMs = POLL_INTERVAL_MS, timeoutMs = MEASUREMENT_TIMEOUT_MS, now = () => Date.now() } = {},
): Promise<MeasurementProgress> {
  const id = await createMeasurement(apiUrl, request, signal);
  const started = now();
  for (;;) {
    const measurement = await getMeasurement(apiUrl, id, signal);
    const finished = measurement.status === 'finished';
    const timedOut = !finished && now() - started >= timeoutMs;
    const progress = { measurement, done: finished || timedOut, timedOut };
    onProgress(progress);
    if (progress.done) return progress;
    await wait(pollMs, signal);
  }
}
