import { PackageError } from '../../../packages/types.ts';
import { AdmissionGate } from '../../../admission/admissionGate.ts';
import { ClientOverBudget, type FairnessOptions, type Ticket } from '../../../admission/fairQueue.ts';

/** The ticket of a build asked without one: one client for all, each build one unit. */
const ANONYMOUS: Ticket = { client: '', cost: 1 };

/**
 * Runs at most `concurrency` builds at a time; the rest wait, up to `maxWaiting` of them. Builds are
 * CPU-heavy, so a bound keeps a burst of first requests for module builds from starving the serving of plain
 * files, and the bound on the queue keeps a flood of distinct builds from piling up without end. With
 * `fairness`, each client may have at most its budget of builds running and waiting (more are refused with
 * a 429), and waiting clients take turns (`../../admission/fairQueue.ts`), so that one client asking for many
 * builds delays another's by at most one build each turn.
 */
export class BuildPool {
  private readonly gate: AdmissionGate;

  constructor(
    readonly concurrency: number,
    readonly maxWaiting = 100,
    fairness?: FairnessOptions,
  ) {
    this.gate = new AdmissionGate({
      concurrency,
      maxQueued: maxWaiting,
      fairness,
      queueFull: () => new PackageError(503, 'Too many ES module builds are waiting at the moment; try again shortly.'),
      overBudget: (seconds) =>
        new ClientOverBudget(`Too many ES module builds you asked for are still running or waiting; try again in ${seconds} s.`, seconds),
    });
  }

  run<T>(job: () => Promise<T>, ticket: Ticket = ANONYMOUS): Promise<T> {
    return this.gate.run(ticket, job);
  }

  /** Builds running now. */
  get active(): number {
    return this.gate.active;
  }

  /** Builds waiting for a slot. */
  get queued(): number {
    return this.gate.queued;
  }
}
