/**
 * The partner widget: a package's install block (URL and tag of its default file, each with a copy button)
 * and how many requests it served in the last month, linking back to its page on the website.
 */
import { useAsync, type AsyncState } from '@skylift/shared';
import type { PackageType, RuntimeConfig } from '@skylift/shared';
import { BRAND } from '@skylift/shared/brand';
import { formatBytes, formatNumber } from '@skylift/shared/format';
import { failedText, loadWidgetData, WidgetLoadError, type WidgetData } from './loadWidgetData';
import { WidgetCopyButton } from './WidgetCopyButton';

export interface PackageWidgetProps {
  type: PackageType;
  name: string;
  /** Resolves to the website's runtime configuration (service URLs). */
  config: Promise<RuntimeConfig>;
}

type State = { status: 'loading' } | { status: 'ready'; data: WidgetData } | { status: 'failed'; message: string };

function widgetState(answer: AsyncState<WidgetData>, name: string): State {
  if (answer.status === 'ok') return { status: 'ready', data: answer.value };
  if (answer.status === 'loading') return answer;
  return { status: 'failed', message: answer.error instanceof WidgetLoadError ? answer.error.message : failedText(name) };
}

export function PackageWidget({ type, name, config }: PackageWidgetProps) {
  const answer = useAsync(() => config.then((loaded) => loadWidgetData(loaded, type, name)), [type, name, config]);
  const state = widgetState(answer, name);

  if (state.status === 'loading') {
    return (
      <section className="slw" aria-busy="true" aria-label={`${name} on ${BRAND.name}`}>
        <p className="slw__message">Loading {name}…</p>
      </section>
    );
  }
  if (state.status === 'failed') {
    return (
      <section className="slw" aria-label={`${name} on ${BRAND.name}`}>
        <p className="slw__message slw__message--error" role="alert">
          {state.message}
        </p>
      </section>
    );
  }
  const { data } = state;
  return (
    <section className="slw" aria-label={`${data.name} on ${BRAND.name}`}>
      <div className="slw__top">
        <h2 className="slw__name">
          <a href={data.pageUrl} target="_blank" rel="noopener">
            {data.name}
          </a>
          {data.version && <span className="slw__version">v{data.version}</span>}
        </h2>
        <dl className="slw__usage" aria-label="Usage in the last 30 days">
          <div>
            <dt>Requests this month</dt>
            <dd>{data.monthHits === null ? 'n/a' : formatNumber(data.monthHits)}</dd>
          </div>
          <div>
            <dt>Bandwidth</dt>
            <dd>{data.monthBandwidth === null ? 'n/a' : formatBytes(data.monthBandwidth)}</dd>
          </div>
        </dl>
      </div>
      <div className="slw__rows">
        <div>
          <span className="slw__label">URL</span>
          <div className="slw__box">
            <code className="slw__code">{data.url}</code>
            <WidgetCopyButton text={data.url} label={`Copy the URL of ${data.name}`} />
          </div>
        </div>
        {data.html && (
          <div>
            <span className="slw__label">HTML</span>
            <div className="slw__box">
              <code className="slw__code">{data.html}</code>
              <WidgetCopyButton text={data.html} label={`Copy the HTML tag of ${data.name}`} />
            </div>
          </div>
        )}
      </div>
      <p className="slw__foot">
        Served by {BRAND.name}.{' '}
        <a href={data.pageUrl} target="_blank" rel="noopener">
          All files and statistics
        </a>
      </p>
    </section>
  );
}
