/**
 * A statistics query that could not be answered in time: over its time limit (504), or refused because as
 * many queries as the pool allows are already waiting (503). The data API answers with `status` and this
 * message instead of stalling.
 */
export class StatsQueryError extends Error {
  constructor(
    readonly status: 503 | 504,
    message: string,
  ) {
    super(message);
    this.name = 'StatsQueryError';
  }
}

export const queryTimedOut = (limitMs: number): StatsQueryError =>
  new StatsQueryError(
    504,
    `The statistics query took longer than ${limitMs >= 1000 ? `${Math.round(limitMs / 1000)} s` : `${limitMs} ms`}; choose a shorter period or try again later.`,
  );

export const queryQueueFull = (): StatsQueryError => new StatsQueryError(503, 'The statistics are busy answering other queries; try again shortly.');
