/** One line of the request log; FORMAT.md beside this file is the stable description of these fields. */
export type RequestLogType = 'npm' | 'gh' | 'wp' | 'combine' | 'other';

export interface RequestLogLine {
  v: 1;
  t: string;
  type: RequestLogType;
  name: string | null;
  version: string | null;
  kind: 'version' | 'alias' | 'branch' | 'commit' | null;
  file: string | null;
  status: number;
  bytes: number;
  provider: string | null;
  country: string | null;
  ua: string | null;
  proxy: string | null;
  /** Absent in lines written before the field existed. */
  cache?: 'hit' | 'miss' | 'stale' | null;
}

/** The UTC day a line belongs to, which names its file (`YYYY-MM-DD.ndjson`). */
export function logDayOf(isoTime: string): string {
  return isoTime.slice(0, 10);
}

export function logFileName(day: string): string {
  return `${day}.ndjson`;
}
