import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Notice, Spinner } from '@skylift/shared';
import { Button, Dropdown } from '@skylift/shared/ui';
import { describeMeasurementFailure } from './describeFailure';
import type { MeasurementRequest } from './measurementApi';
import { ProbeResults } from './ProbeResults';
import { runMeasurement, type MeasurementProgress } from './runMeasurement';
import { MEASUREMENT_TYPES, TOOL_LABELS, type MeasurementType } from './tools';
import networkToolsStyles from './NetworkTools.module.css';

export const PROBE_LIMITS = [1, 3, 5, 10] as const;
const MAX_TARGET_LENGTH = 255;

const PLACEHOLDERS: Record<MeasurementType, string> = {
  ping: 'example.com or 192.0.2.1',
  traceroute: 'example.com or 192.0.2.1',
  dns: 'example.com',
  http: 'https://example.com/path',
};

/** Why a target cannot be measured, or null when it can. */
export function targetProblem(type: MeasurementType, target: string): string | null {
  if (target === '') return 'Enter a target to measure.';
  if (target.length > MAX_TARGET_LENGTH) return `The target is longer than ${MAX_TARGET_LENGTH} characters.`;
  if (/\s/.test(target)) return 'The target cannot contain spaces.';
  if (type !== 'http' && /[/:?#@]/.test(target) && !/^[0-9a-f:]+$/i.test(target)) return 'Enter a host name or an IP address, without a scheme or a path.';
  return null;
}

type RunState =
  { status: 'idle' } | { status: 'starting' } | { status: 'running' | 'done'; progress: MeasurementProgress } | { status: 'failed'; message: string };

export interface MeasurementFormProps {
  apiUrl: string | null;
  /** The type the page is for; when absent the form offers a choice. */
  fixedType?: MeasurementType;
  defaultLocation?: string;
}

/** Runs a measurement through the configured API and shows every probe's result as it arrives. */
export function MeasurementForm({ apiUrl, fixedType, defaultLocation = '' }: MeasurementFormProps) {
  const [type, setType] = useState<MeasurementType>(fixedType ?? 'ping');
  const [target, setTarget] = useState('');
  const [location, setLocation] = useState(defaultLocation);
  const [limit, setLimit] = useState<number>(3);
  const [problem, setProblem] = useState<string | null>(null);
  const [run, setRun] = useState<RunState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);
  useEffect(() => {
    if (fixedType) setType(fixedType);
  }, [fixedType]);
  useEffect(() => setLocation(defaultLocation), [defaultLocation]);

  if (!apiUrl) {
    return <Notice variant="info">No measurement API is configured for this deployment, so tests cannot be run from this page.</Notice>;
  }

  const busy = run.status === 'starting' || run.status === 'running';
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    const trimmed = target.trim();
    const found = targetProblem(type, trimmed);
    setProblem(found);
    if (found) return;
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    const request: MeasurementRequest = { type, target: trimmed, location: location.trim(), limit };
    setRun({ status: 'starting' });
    runMeasurement(
      apiUrl,
      request,
      (progress) => !current.signal.aborted && setRun({ status: progress.done ? 'done' : 'running', progress }),
      current.signal,
    ).catch((reason: unknown) => !current.signal.aborted && setRun({ status: 'failed', message: describeMeasurementFailure(reason) }));
  };

  return (
    <div>
      <form className={networkToolsStyles.measureForm} onSubmit={submit} noValidate aria-label="Run a measurement">
        {fixedType ? null : (
          <div className={networkToolsStyles.measureChoice}>
            <span aria-hidden="true">Test</span>
            <Dropdown
              label="Test"
              items={MEASUREMENT_TYPES.map((candidate) => ({ value: candidate, label: TOOL_LABELS[candidate] }))}
              value={type}
              onChange={setType}
            />
          </div>
        )}
        <label className={networkToolsStyles.measureTarget}>
          Target
          <input
            value={target}
            onChange={(event) => setTarget(event.target.value)}
            placeholder={PLACEHOLDERS[type]}
            maxLength={MAX_TARGET_LENGTH}
            aria-invalid={problem !== null}
            aria-describedby={problem ? 'mk-measure-problem' : undefined}
          />
        </label>
        <label>
          From
          <input value={location} onChange={(event) => setLocation(event.target.value)} placeholder="anywhere (or a continent, country, city, network)" />
        </label>
        <div className={networkToolsStyles.measureChoice}>
          <span aria-hidden="true">Probes</span>
          <Dropdown
            label="Probes"
            items={PROBE_LIMITS.map((count) => ({ value: String(count), label: String(count) }))}
            value={String(limit)}
            onChange={(count) => setLimit(Number(count))}
          />
        </div>
        <Button type="submit" variant="primary" disabled={busy} busy={busy}>
          {busy ? 'Running…' : 'Run test'}
        </Button>
      </form>
      {problem ? (
        <p id="mk-measure-problem" role="alert" className={networkToolsStyles.measureProblem}>
          {problem}
        </p>
      ) : null}
      {run.status === 'starting' ? <Spinner label="Starting the measurement…" showLabel /> : null}
      {run.status === 'failed' ? <Notice variant="error">{run.message}</Notice> : null}
      {run.status === 'running' || run.status === 'done' ? <ProbeResults type={type} progress={run.progress} /> : null}
    </div>
  );
}
