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
import { pause } from './pause.ts';

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
}

export interface BackgroundJob {
  readonly name: string;
  /** Failures since the last success. */
  readonly failuresInARow: number;
  /** Settles once the first step has (succeeded or failed). */
  readonly firstStep: Promise<void>;
  /** Settles when the job is over: done, or stopped. */
  readonly finished: Promise<void>;
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
  let failures = 0;
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
    if (options.firstDelayMs) await pause(options.firstDelayMs, abort.signal);
    while (!abort.signal.aborted) {
      let delay: number;
      try {
        const outcome = await options.step(abort.signal);
        failures = 0;
        if (outcome === JOB_DONE) return;
        delay = outcome ?? options.intervalMs;
      } catch (error) {
        if (abort.signal.aborted) return;
        failures++;
        delay = backoffDelay(failures, options.backoffMs ?? DEFAULT_BACKOFF_MS, options.maxBackoffMs ?? DEFAULT_MAX_BACKOFF_MS, random);
        report(error, delay);
      } finally {
        markFirst();
      }
      if (delay > 0) await pause(delay, abort.signal);
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
    async stop() {
      abort.abort();
      await finished;
    },
  };
}
