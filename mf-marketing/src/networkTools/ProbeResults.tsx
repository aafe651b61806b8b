import { probePlace, summariseProbe } from './probeSummary';
import type { MeasurementProgress } from './runMeasurement';
import type { MeasurementType } from './tools';
import styles from './NetworkTools.module.css';
import type { ProbeState } from './probeSummary';

/** The stylesheet marks the probes that did not answer; the others keep the table's look. */
const PROBE_CLASS: Record<ProbeState, string | undefined> = {
  ok: undefined,
  running: undefined,
  failed: styles.probeFailed,
  offline: styles.probeOffline,
  'time out': styles.probeTimeOut,
};

/** One row per probe: where it is and what it measured (or failed, offline, time out). */
export function ProbeResults({ type, progress }: { type: MeasurementType; progress: MeasurementProgress }) {
  const { measurement, done, timedOut } = progress;
  if (measurement.results.length === 0) {
    return <p role="status">{done ? 'No probe matched this location. Try another one, or leave it empty.' : 'Waiting for the probes…'}</p>;
  }
  return (
    <div className={styles.probes}>
      <p role="status">{done ? (timedOut ? 'Stopped waiting: probes that did not answer timed out.' : 'Finished.') : 'Measuring…'}</p>
      <table>
        <thead>
          <tr>
            <th scope="col">Probe</th>
            <th scope="col">Result</th>
          </tr>
        </thead>
        <tbody>
          {measurement.results.map(({ probe, result }, index) => {
            const summary = summariseProbe(type, result, timedOut);
            return (
              <tr key={index} className={PROBE_CLASS[summary.state]}>
                <td>{probePlace(probe)}</td>
                <td>
                  {summary.text}
                  {result.rawOutput && summary.state !== 'running' ? (
                    <details>
                      <summary>Raw output</summary>
                      <pre>{result.rawOutput}</pre>
                    </details>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
