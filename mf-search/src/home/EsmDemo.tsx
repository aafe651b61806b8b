/** The ES-module demo with a Run button: imports a package from our CDN and runs it for 4 seconds. */
import { useEffect, useRef, useState } from 'react';
import { useRuntimeConfig } from '@skylift/shared';
import { DEMO_DURATION_MS, demoModuleUrl, importDemoModule, loadTimeLabel } from './esmDemo';
import styles from './home.module.css';

interface LoadTime {
  ms: number;
  cached: boolean;
}
type DemoState = { status: 'idle' } | { status: 'running'; time: LoadTime | null } | { status: 'done'; time: LoadTime } | { status: 'failed'; message: string };

export interface EsmDemoProps {
  /** How to load the module; the real import by default. */
  load?: typeof importDemoModule;
}

export function EsmDemo({ load = importDemoModule }: EsmDemoProps) {
  const config = useRuntimeConfig();
  const [state, setState] = useState<DemoState>({ status: 'idle' });
  const stopTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(stopTimer.current), []);

  const url = demoModuleUrl(config?.cdnUrl ?? '');
  const run = async () => {
    clearTimeout(stopTimer.current);
    setState({ status: 'running', time: null });
    try {
      const { confetti, ms, cached } = await load(url);
      const time = { ms, cached };
      setState({ status: 'running', time });
      const end = Date.now() + DEMO_DURATION_MS;
      const burst = () => {
        confetti({ particleCount: 40, spread: 70, origin: { x: Math.random(), y: Math.random() * 0.4 + 0.1 }, disableForReducedMotion: true });
        if (Date.now() < end) stopTimer.current = setTimeout(burst, 400);
      };
      burst();
      stopTimer.current = setTimeout(() => {
        confetti.reset?.();
        setState({ status: 'done', time });
      }, DEMO_DURATION_MS);
    } catch (error) {
      setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };

  const time = state.status === 'running' || state.status === 'done' ? state.time : null;
  const code = `import confetti from '${url}';\n\nconfetti();`;
  return (
    <section className={`${styles.section} ${styles.esm}`} aria-labelledby="home-esm-heading">
      <div>
        <h2 id="home-esm-heading">ES modules, straight from the CDN</h2>
        <p>Add /+esm to any package URL: we build it as an ES module with its dependencies, minified and cached.</p>
      </div>
      <div>
        <pre className={styles.esmCode}>
          <code>{code}</code>
        </pre>
        <div className={styles.esmBar}>
          <button type="button" className={styles.button} onClick={() => void run()} disabled={state.status === 'running'}>
            {state.status === 'running' ? 'Running...' : 'Run'}
          </button>
          <span className={styles.esmResult} role="status">
            {time !== null ? (
              <>
                <strong>{time.ms} ms</strong> {loadTimeLabel(time.cached)}
              </>
            ) : state.status === 'failed' ? (
              `The module could not be loaded: ${state.message}`
            ) : null}
          </span>
        </div>
      </div>
    </section>
  );
}
