import type { ProbeInfo, ProbeResult } from './measurementApi';
import type { MeasurementType } from './tools';

export type ProbeState = 'ok' | 'failed' | 'offline' | 'time out' | 'running';

export interface ProbeSummary {
  state: ProbeState;
  /** What the result shows: the timing, or the state's text. */
  text: string;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const ms = (value: number): string => `${value.toFixed(value < 10 ? 2 : 1)} ms`;

/** The timing a result of this type is judged by; null when it has none. */
function timingOf(type: MeasurementType, result: ProbeResult): string | null {
  if (type === 'ping') {
    const avg = result.stats?.avg;
    return isNumber(avg) ? `${ms(avg)} avg, ${isNumber(result.stats?.loss) ? result.stats.loss : 0}% loss` : null;
  }
  if (type === 'traceroute') {
    const hops = result.hops ?? [];
    const last = hops[hops.length - 1];
    const rtt = last?.timings?.map((timing) => timing.rtt).find(isNumber);
    return isNumber(rtt) ? `${hops.length} hops, ${ms(rtt)}` : null;
  }
  const timings = result.timings;
  const total = timings && !Array.isArray(timings) ? timings.total : undefined;
  if (!isNumber(total)) return null;
  return type === 'http' && isNumber(result.statusCode) ? `HTTP ${result.statusCode}, ${ms(total)}` : ms(total);
}

/**
 * A probe's outcome in the words the tool pages use: failed, offline or time out when it did not measure;
 * a finished result lacking a numeric timing counts as failed.
 */
export function summariseProbe(type: MeasurementType, result: ProbeResult, timedOut: boolean): ProbeSummary {
  if (result.status === 'offline') return { state: 'offline', text: 'offline' };
  if (result.status === 'failed') return { state: 'failed', text: 'failed' };
  if (result.status === 'in-progress') return timedOut ? { state: 'time out', text: 'time out' } : { state: 'running', text: 'measuring…' };
  const timing = timingOf(type, result);
  return timing === null ? { state: 'failed', text: 'failed' } : { state: 'ok', text: timing };
}

export function probePlace(probe: ProbeInfo): string {
  const place = [probe.city, probe.state, probe.country].filter((part) => typeof part === 'string' && part !== '').join(', ');
  return probe.network ? `${place} (${probe.network}${probe.asn ? `, AS${probe.asn}` : ''})` : place;
}
