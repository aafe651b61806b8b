/**
 * The one way a service runs work in the background (a feed follower, an ingest loop, a sweep, a retried
 * purge): a named job whose steps run one after another, on an interval or at once again. A step's fault
 * (a throw or a rejection) can never end the process: it is logged with the job's name and the error's
 * stack, counted in `/metrics` as `skylift_background_job_failures_total{job}`, and the step is tried again
 * after an exponential backoff with jitter (so that processes meeting the same fault, a locked database or
 * a registry that is down, do not retry in step), which starts over after a success. Stopping cuts a pause
 * short and aborts the signal the running step was given.
 */
import { Counter, type Registry } from 'prom-client';
import { systemClock, type JobClock } from './pause.ts';

export type { JobClock };

/** A step returns this to end its job (the work is done for good). */
export const JOB_DONE = Symbol('job done');

/** When the next step runs: after this many milliseconds (0: at once), after the job's interval (undefined), or never (JOB_DONE). */
export type StepOutcome = number | undefined | typeof JOB_DONE;

/** A service's pino logger (`FastifyBaseLogger`) is one. */
export interface JobLog {
  error(fields: Record<string, unknown>, message: string): void;
}

/** Where a job reports: the service's logger and metrics registry. */
export interface JobHost {
  log: JobLog;
  /** Without one the failures are logged only. */
  metrics?: Registry;
  /** How the jobs wait between steps; Node's timers unless a test brings a clock of its own. */
  clock?: JobClock;
}

export interface BackgroundJobOptions {
  /** The job's name in the logs and in the failure counter's `job` label. */
  name: string;
  /** One step of the work. `signal` aborts when the job is stopped. */
  step: (signal: AbortSignal) => StepOutcome | void | Promise<StepOutcome | void>;
  /** The pause after a successful step that names no delay of its own. */
  intervalMs: number;
  /** The pause before the first step (default 0). */
  firstDelayMs?: number;
  /** The wait after a first failure (default 1 s); it doubles with each failure in a row, up to `maxBackoffMs` (default 5 min). */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** Fields added to each failure's log line (a purge job's id, say). */
  context?: Record<string, unknown>;
  /** A number in [0, 1) for the jitter. */
  random?: () => number;
  /** False: the job's pauses alone do not keep the process alive (a cache's upkeep, say). Default true. */
  keepsProcessAlive?: boolean;
}

export interface BackgroundJob {
  readonly name: string;
  /** Failures since the last success. */
  readonly failuresInARow: number;
  /** Settles once the first step has (succeeded or failed). */
  readonly firstStep: Promise<void>;
  /** Settles when the job is over: done, or stopped. */
  readonly finished: Promise<void>;
  /** Runs the next step now: a pause under way (not a backoff) is cut short, or skipped when a step is running. */
  wake(): void;
  /** Ends the job: a pause is cut short, the running step's signal aborts and that step is waited for. */
  stop(): Promise<void>;
}

export const JOB_FAILURES_METRIC = 'skylift_background_job_failures_total';

const DEFAULT_BACKOFF_MS = 1_000;
const DEFAULT_MAX_BACKOFF_MS = 5 * 60_000;

/** The registry's failure counter: one per registry, shared by the jobs of its service. */
function failureCounter(registry: Registry): Counter<'job'> {
  const existing = registry.getSingleMetric(JOB_FAILURES_METRIC);
  if (existing) return existing as Counter<'job'>;
  return new Counter({
    name: JOB_FAILURES_METRIC,
    help: 'Failed steps of background jobs (each is logged with its stack and retried after a backoff), by job.',
    labelNames: ['job'] as const,
    registers: [registry],
  });
}

/** The wait after `failures` failures in a row: doubling from `first` up to `max`, the upper half of it at random. */
export function backoffDelay(failures: number, first: number, max: number, random: () => number): number {
  const ceiling = Math.min(max, first * 2 ** Math.min(failures - 1, 30));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export function startBackgroundJob(host: JobHost, options: BackgroundJobOptions): BackgroundJob {
  const abort = new AbortController();
  const counter = host.metrics ? failureCounter(host.metrics) : undefined;
  const random = options.random ?? Math.random;
  const ref = { ref: options.keepsProcessAlive ?? true };
  const clock = host.clock ?? systemClock;
  let failures = 0;
  /** Cuts the current pause short; replaced at each pause. */
  let rest: AbortController | undefined;
  let woken = false;
  let markFirst: () => void = () => undefined;
  const firstStep = new Promise<void>((resolve) => (markFirst = resolve));

  const report = (error: unknown, retryInMs: number): void => {
    // Reporting must not become the fault that escapes.
    try {
      counter?.inc({ job: options.name });
      host.log.error({ err: error, job: options.name, failuresInARow: failures, retryInMs, ...options.context }, `background job ${options.name} failed`);
    } catch {
      /* nothing more can be done about it here */
    }
  };

  const loop = async (): Promise<void> => {
    const restFor = async (ms: number): Promise<void> => {
      if (woken) return;
      rest = new AbortController();
      await clock.pause(ms, AbortSignal.any([abort.signal, rest.signal]), ref);
      rest = undefined;
    };
    if (options.firstDelayMs) await restFor(options.firstDelayMs);
    while (!abort.signal.aborted) {
      woken = false;
      let delay: number;
      let backingOff = false;
      try {
        const outcome = await options.step(abort.signal);
        failures = 0;
        if (outcome === JOB_DONE) return;
        delay = outcome ?? options.intervalMs;
      } catch (error) {
        if (abort.signal.aborted) return;
        failures++;
        backingOff = true;
        delay = backoffDelay(failures, options.backoffMs ?? DEFAULT_BACKOFF_MS, options.maxBackoffMs ?? DEFAULT_MAX_BACKOFF_MS, random);
        report(error, delay);
      } finally {
        markFirst();
      }
      if (backingOff) await clock.pause(delay, abort.signal, ref);
      else if (delay > 0) await restFor(delay);
      // A step that keeps asking to run at once still lets timers and I/O of the process have their turn.
      else await new Promise<void>((resolve) => setImmediate(resolve));
    }
  };
  const finished = loop().finally(markFirst);

  return {
    name: options.name,
    get failuresInARow() {
      return failures;
    },
    firstStep,
    finished,
    wake() {
      woken = true;
      rest?.abort();
    },
    async stop() {
      abort.abort();
      await finished;
    },
  };
}

/**
 * A logger for modules that run in every service but are given none (the purge relay): one JSON line on
 * stderr with pino's fields, which the launcher passes on with the service's own lines.
 */
export const stderrJobLog: JobLog = {
  error(fields, message) {
    const { err, ...rest } = fields;
    const error = err instanceof Error ? { type: err.name, message: err.message, stack: err.stack } : err;
    process.stderr.write(`${JSON.stringify({ level: 50, time: Date.now(), pid: process.pid, ...rest, err: error, msg: message })}\n`);
  },
};

/**
 * Lets a one-shot promise run on without being awaited, its failure logged (with `name` as the job)
 * rather than left unhandled, which would end the process.
 */
export function inBackground(name: string, work: Promise<unknown>, log: JobLog = stderrJobLog): void {
  work.catch((error: unknown) => {
    try {
      log.error({ err: error, job: name }, `background work ${name} failed`);
    } catch {
      /* nothing more can be done about it here */
    }
  });
}
