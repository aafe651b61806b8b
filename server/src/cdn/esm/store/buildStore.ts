/**
 * How every module build is made and kept, a file's own build and the `?exports` and `?bundle` builds made from
 * one alike: answered from where builds are kept when it is there (`pinnedStore.ts`: simultaneous first
 * requests share one build, a restarted service or another origin serves it as it was made), else produced, in
 * the bounded pool on the asking client's account unless the caller runs it outside, kept with its module, map
 * and description, and counted.
 * A failure the person importing it should hear of (`EsmBuildError`) is remembered for a minute, never stored:
 * the next attempt after that builds again.
 */
import { LRUCache } from 'lru-cache';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { Artifact } from '../../derived/artifactStore.ts';
import { moduleUrl, storageId, type BuildKey } from '../resolve/buildKey.ts';
import { enterStage } from '../stages.ts';
import { EsmBuildError } from '../build/buildModule.ts';
import { BuildPool } from '../build/buildPool.ts';
import type { PinnedStore } from './pinnedStore.ts';
import { readStoredText } from '../../../packages/storedFile.ts';

/** What a build says of itself, stored beside its module and map. */
export interface BuildMeta {
  /** The names its module exports ('default' included when it has one). */
  exports: string[];
  /** The file it was built from (`main` rather than the `module` file it was asked by, `../build/buildModule.ts`). */
  entry?: string;
  /** Builds of other packages it re-exports with `export *` (`../build/starReexports.ts`). */
  stars?: string[];
}

/** Why a build failed, and the names its module would have exported (declared by the module that reports it). */
export interface BuildFailure {
  reason: string;
  exports: string[];
}

export interface Produced {
  code: Buffer;
  map: Buffer;
  meta: BuildMeta;
}

export type Made = { ok: true; code: Artifact; map: Artifact; meta: BuildMeta } | ({ ok: false } & BuildFailure);

export interface BuildStoreOptions {
  kept: PinnedStore;
  metrics?: Registry | undefined;
  /** Builds running at once. */
  concurrency: number;
  /** Builds one client may have running and waiting; past it a 429. */
  budgetPerClient: number;
  /** How long a failure is answered without building again. */
  failureTtlMs: number;
}

export class BuildStore {
  private readonly pool: BuildPool;
  private readonly failures: LRUCache<string, BuildFailure>;
  private readonly builds: Counter<'outcome'>;
  private readonly duration: Histogram;

  constructor(private readonly options: BuildStoreOptions) {
    this.pool = new BuildPool(options.concurrency, 100, { budget: options.budgetPerClient });
    this.failures = new LRUCache({ max: 10_000, ttl: options.failureTtlMs });
    const registers = options.metrics ? [options.metrics] : [];
    this.builds = new Counter({
      name: 'cdn_esm_builds_total',
      help: 'ES module builds run, by outcome (built, failed).',
      labelNames: ['outcome'] as const,
      registers,
    });
    const pool = this.pool;
    new Gauge({
      name: 'cdn_esm_builds_in_progress',
      help: 'ES module builds running (state="active") and waiting for a slot (state="queued").',
      labelNames: ['state'] as const,
      registers,
      collect() {
        this.set({ state: 'active' }, pool.active);
        this.set({ state: 'queued' }, pool.queued);
      },
    });
    this.duration = new Histogram({
      name: 'cdn_esm_build_duration_seconds',
      help: 'Time of one ES module build, waiting for a slot excluded.',
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
  }

  /** Runs a build job in the pool on `client`'s account, timed (the shared builds of a version use it too). */
  run<T>(job: () => Promise<T>, client: string): Promise<T> {
    return this.pool.run(
      async () => {
        const stopTimer = this.duration.startTimer();
        try {
          return await job();
        } finally {
          stopTimer();
        }
      },
      { client, cost: 1 },
    );
  }

  /** Counts a build made elsewhere (a version's shared build). */
  counted(outcome: 'built' | 'failed'): void {
    this.builds.inc({ outcome });
  }

  /**
   * The build of `key` made from `file` (which several keys' subpaths may name), made by `produce` when it is not
   * kept: in the pool on `client`'s account, or outside it when `client` is null (a pass that waits on other
   * builds, which a held slot could starve).
   */
  async made(key: BuildKey, file: string, client: string | null, produce: () => Promise<Produced>): Promise<Made> {
    const id = storageId(key, file);
    const failed = this.failures.get(id);
    if (failed !== undefined) return { ok: false, ...failed };
    const job = async (): Promise<Record<string, Buffer>> => {
      enterStage('build', () => moduleUrl(key));
      try {
        const produced = await produce();
        this.builds.inc({ outcome: 'built' });
        return { code: produced.code, map: produced.map, meta: Buffer.from(JSON.stringify(produced.meta)) };
      } catch (error) {
        this.builds.inc({ outcome: 'failed' });
        throw error;
      }
    };
    try {
      const set = await this.options.kept.get(id, () => (client === null ? job() : this.run(job, client)));
      const meta = JSON.parse(await readStoredText(set['meta']!)) as BuildMeta;
      return { ok: true, code: set['code']!, map: set['map']!, meta };
    } catch (error) {
      if (!(error instanceof EsmBuildError)) throw error;
      const failure = { reason: error.message, exports: error.exports };
      this.failures.set(id, failure);
      return { ok: false, ...failure };
    }
  }
}
