import { MeasurementError } from './measurementApi';

/** A failed run in words: the API's own message, or that it could not be reached. */
export function describeMeasurementFailure(reason: unknown): string {
  if (reason instanceof MeasurementError) return reason.message;
  return 'The measurement API could not be reached. Check your connection and try again.';
}
