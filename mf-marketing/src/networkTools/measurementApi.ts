/**
 * A client for a Globalping-compatible measurement API (`POST /v1/measurements`, `GET /v1/measurements/{id}`),
 * at the base URL the deployment configures.
 */
import type { MeasurementType } from './tools';

export interface MeasurementRequest {
  type: MeasurementType;
  target: string;
  /** A continent, country, city or network name; empty for anywhere. */
  location: string;
  /** How many probes to use. */
  limit: number;
}

export interface ProbeInfo {
  continent?: string;
  country?: string;
  city?: string;
  state?: string | null;
  network?: string;
  asn?: number;
}

export interface ProbeResult {
  status: 'in-progress' | 'finished' | 'failed' | 'offline';
  rawOutput?: string;
  stats?: { min?: number; avg?: number; max?: number; loss?: number };
  timings?:
    | { total?: number | null; dns?: number | null; tcp?: number | null; tls?: number | null; firstByte?: number | null; download?: number | null }
    | Array<{ rtt?: number }>;
  hops?: Array<{ resolvedAddress?: string | null; resolvedHostname?: string | null; timings?: Array<{ rtt?: number }> }>;
  statusCode?: number;
  answers?: Array<{ name?: string; type?: string; value?: string }>;
}

export interface Measurement {
  id: string;
  type: MeasurementType;
  status: 'in-progress' | 'finished';
  results: Array<{ probe: ProbeInfo; result: ProbeResult }>;
}

export class MeasurementError extends Error {
  override name = 'MeasurementError';
}

const trim = (url: string): string => url.replace(/\/+$/, '');

/** The API's error body (`{ error: { message } }`), else the status. */
async function failure(response: Response, what: string): Promise<MeasurementError> {
  let message = `${what} failed (HTTP ${response.status}).`;
  try {
    const body = (await response.json()) as { error?: { message?: string } };
    if (body?.error?.message) message = `${what} failed: ${body.error.message}`;
  } catch {
    // Not JSON: the status says enough.
  }
  return new MeasurementError(message);
}

function measurementOptions(type: MeasurementType, target: string): { target: string; measurementOptions?: Record<string, unknown> } {
  if (type !== 'http') return { target };
  // HTTP measurements take a host and a request; a full URL typed into the form is split into both.
  try {
    const url = new URL(/^[a-z]+:\/\//i.test(target) ? target : `https://${target}`);
    return {
      target: url.hostname,
      measurementOptions: {
        protocol: url.protocol === 'http:' ? 'HTTP' : 'HTTPS',
        request: { method: 'GET', path: url.pathname, query: url.search.replace(/^\?/, '') },
      },
    };
  } catch {
    return { target };
  }
}

export async function createMeasurement(apiUrl: string, request: MeasurementRequest, signal?: AbortSignal): Promise<string> {
  const body = {
    type: request.type,
    ...measurementOptions(request.type, request.target),
    limit: request.limit,
    locations: request.location ? [{ magic: request.location, limit: request.limit }] : [],
  };
  const response = await fetch(`${trim(apiUrl)}/v1/measurements`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) throw await failure(response, 'Creating the measurement');
  const created = (await response.json()) as { id?: unknown };
  if (typeof created.id !== 'string' || created.id === '') throw new MeasurementError('Creating the measurement failed: the answer has no measurement id.');
  return created.id;
}

export async function getMeasurement(apiUrl: string, id: string, signal?: AbortSignal): Promise<Measurement> {
  const response = await fetch(`${trim(apiUrl)}/v1/measurements/${encodeURIComponent(id)}`, {
    headers: { accept: 'application/json' },
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) throw await failure(response, 'Reading the measurement');
  const measurement = (await response.json()) as Measurement;
  return { ...measurement, results: Array.isArray(measurement.results) ? measurement.results : [] };
}
