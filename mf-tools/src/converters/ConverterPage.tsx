/**
 * The page every converter shares: the pasted link, the converted link (at once for a complete link; a lookup,
 * when one is needed, shown while it runs) with its Copy button, the indicator that lights up for a good conversion, the HTML warning, and (for the module CDNs)
 * the comparison table and the "See All Features" link.
 */
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BRAND, CopyButton, Notice, Spinner, useRuntimeConfig } from '@skylift/shared';
import { ComparisonTable, type ComparisonExample, type ComparisonRow } from './ComparisonTable';
import { trimSlash, type Convert, type ConversionTargets } from './types';
import { INPUT_DEBOUNCE_MS, MODULE_CDN_DEBOUNCE_MS } from './timing';
import { useConversion } from './useConversion';
import styles from './ConverterPage.module.css';

export interface ConverterPageProps {
  /** The other service's name, as its users call it ("GitHub", "unpkg", ...). */
  source: string;
  convert: Convert;
  /** The converter's error text. */
  errorText: string;
  intro: ReactNode;
  /**
   * Module CDNs get a comparison table (these links in the other service's form, beside what the converter
   * makes of them) and wait longer for a pause in typing before calling a link wrong.
   */
  comparison?: readonly ComparisonExample[];
}

/** Each example beside our link for it; an example the converter cannot turn into a link at once is left out. */
function comparisonRows(examples: readonly ComparisonExample[], convert: Convert, targets: ConversionTargets | null): ComparisonRow[] {
  return examples.flatMap((example): ComparisonRow[] => {
    if (!targets) return [{ ...example, ours: null }];
    try {
      const ours = convert(example.link, targets);
      return typeof ours === 'string' ? [{ ...example, ours }] : [];
    } catch {
      return [];
    }
  });
}

export function ConverterPage({ source, convert, errorText, intro, comparison }: ConverterPageProps) {
  const config = useRuntimeConfig();
  const targets: ConversionTargets | null = config
    ? { cdnUrl: trimSlash(config.cdnUrl), esmRunUrl: trimSlash(config.esmRunUrl), dataApiUrl: trimSlash(config.dataApiUrl) }
    : null;
  const { input, output, error, pending, htmlWarning, setInput } = useConversion(
    convert,
    errorText,
    targets,
    comparison ? MODULE_CDN_DEBOUNCE_MS : INPUT_DEBOUNCE_MS,
  );
  const inputId = useId();
  const outputId = useId();
  const active = output !== '' && !error;
  const article = /^[aeiou]/i.test(source) ? 'an' : 'a';

  return (
    <article className={styles.converter}>
      <header className={styles.title}>
        <h1>
          Migrating from {source} to {BRAND.name}
        </h1>
        <p>{intro}</p>
      </header>

      <section className={styles.box} aria-label={`${source} link converter`}>
        <div className={active ? `${styles.indicator} ${styles.indicatorActive}` : styles.indicator} data-testid="conversion-indicator" aria-hidden="true">
          <span className={styles.dot} />
          <span className={styles.line} />
          <span className={`${styles.dot} ${styles.dotEnd}`} />
        </div>
        <div className={styles.fields}>
          <label className={styles.label} htmlFor={inputId}>
            {source} link
          </label>
          <input
            id={inputId}
            type="url"
            className={styles.input}
            placeholder={`Paste ${article} ${source} link here`}
            value={input}
            maxLength={2048}
            disabled={!targets}
            spellCheck={false}
            autoComplete="off"
            onChange={(event) => setInput(event.target.value)}
          />
          <label className={styles.label} htmlFor={outputId}>
            {BRAND.name} link
          </label>
          <div className={styles.outputRow}>
            <input
              id={outputId}
              type="text"
              readOnly
              aria-invalid={error || undefined}
              className={`${styles.input}${active ? ` ${styles.outputSuccess}` : ''}${error ? ` ${styles.outputError}` : ''}`}
              placeholder={pending ? `Looking up ${pending}…` : `Get a ${BRAND.name} link here`}
              aria-busy={pending !== null || undefined}
              value={output}
              onFocus={(event) => event.target.select()}
            />
            {active && <CopyButton text={output} className={styles.copy} />}
          </div>
          {pending && <Spinner label={`Looking up ${pending}…`} showLabel className={styles.pending} />}
          {htmlWarning && (
            <Notice variant="warning" className={styles.warning}>
              For security, the CDN serves HTML files as plain text (<code>Content-Type: text/plain</code>), so a browser never runs them as pages. To host a
              web page from a repository, use{' '}
              <a href="https://pages.github.com/" target="_blank" rel="noopener noreferrer">
                GitHub Pages
              </a>{' '}
              instead.
            </Notice>
          )}
        </div>
      </section>

      {comparison && <ComparisonTable competitor={source} rows={comparisonRows(comparison, convert, targets)} />}
      {comparison && (
        <p className={styles.features}>
          <Link to="/" className={styles.allFeatures}>
            See All Features
          </Link>
        </p>
      )}
    </article>
  );
}
