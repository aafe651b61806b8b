/**
 * The performance comparison: how the benchmark works is said before it runs, and one press of Run runs it in
 * this browser. No figures are shown before a run: the only honest ones are those measured here and now.
 */
import { useRef, useState } from 'react';
import { BRAND, Spinner, formatNumber } from '@skylift/shared';
import { Button } from '@skylift/shared/ui';
import { runBenchmark, type BenchmarkResult, type BenchmarkTarget } from './benchmark';
import styles from './EsmPage.module.css';

export const failedText = (name: string): string => `Failed - ${name}`;

export function Benchmark({ packageName, targets }: { packageName: string; targets: readonly BenchmarkTarget[] }) {
  const [stage, setStage] = useState<'idle' | 'running' | 'done'>('idle');
  const [results, setResults] = useState<BenchmarkResult[]>([]);
  const [ranAt, setRanAt] = useState<Date | null>(null);
  const host = useRef<HTMLDivElement>(null);

  const run = async (): Promise<void> => {
    if (!host.current || targets.length === 0) return;
    setStage('running');
    setResults([]);
    const started = new Date();
    await runBenchmark(host.current, targets, (result) => setResults((current) => [...current, result]));
    setRanAt(started);
    setStage('done');
  };

  return (
    <section aria-labelledby="esm-benchmark-title">
      <h2 id="esm-benchmark-title">Performance comparison</h2>
      {stage === 'idle' && <p>No figures yet: the comparison is measured in your own browser when you run it.</p>}
      <p data-testid="benchmark-instructions">
        The benchmark imports the ES module of <code>{packageName}</code> from {BRAND.name} and from{' '}
        {targets
          .slice(1)
          .map((target) => target.name)
          .join(' and ')}
        , one after another, each in a hidden frame of this page, and measures how long the import takes and how many requests it needs. Results depend on your
        network and on your browser's cache: to measure the network, disable the cache in your browser's developer tools, and run the benchmark more than once,
        leaving out the first run.
      </p>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Service</th>
            <th scope="col">Load time</th>
            <th scope="col">Requests</th>
          </tr>
        </thead>
        <tbody>
          {targets.map((target) => {
            const result = results.find((r) => r.name === target.name);
            return (
              <tr key={target.name}>
                <th scope="row">{result?.error ? failedText(target.name) : target.name}</th>
                <td>{result?.duration != null ? `${formatNumber(result.duration)} ms` : '–'}</td>
                <td>{result?.requests != null ? formatNumber(result.requests) : '–'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {stage === 'done' && ranAt && (
        <p role="status">
          Measured in this browser at {ranAt.toLocaleString()} with <code>{packageName}</code>.
        </p>
      )}
      <Button variant="primary" onClick={() => void run()} disabled={stage === 'running'} busy={stage === 'running'}>
        {stage === 'running' ? <Spinner label="Running the benchmark..." showLabel /> : 'Run benchmark'}
      </Button>
      <div ref={host} className={styles.frames} />
    </section>
  );
}
