/**
 * The cache purge tool (/tools/purge): URLs of our CDN, validated on every edit;
 * "Purge now" opens the captcha; a solved captcha starts the purge, followed until it finishes.
 */
import { useEffect, useId, useState } from 'react';
import { BRAND, Spinner, useRuntimeConfig } from '@skylift/shared';
import { Captcha } from '../purge/Captcha';
import { PurgeResults } from '../purge/PurgeResults';
import { usePurge } from '../purge/usePurge';
import { PLACEHOLDER, validatePurgeInput } from '../purge/validation';
import styles from '../purge/PurgePage.module.css';

export function PurgePage() {
  const config = useRuntimeConfig();
  const [text, setText] = useState('');
  const flow = usePurge(config?.purgeUrl ?? null);
  const input = validatePurgeInput(text, config?.cdnUrl ?? '');
  const textareaId = useId();
  const errorId = useId();
  const shownError = text.trim() === '' ? null : (input.error ?? flow.error);
  const { phase, cancelCaptcha } = flow;

  // An edit that makes the list invalid closes the captcha: the button is disabled again.
  useEffect(() => {
    if (!input.valid && phase === 'captcha') cancelCaptcha();
  }, [input.valid, phase, cancelCaptcha]);

  return (
    <article className={styles.purge}>
      <header className={styles.heading}>
        <h1>Purge {BRAND.name} CDN cache</h1>
        <p>
          Purge the cache of a <code>@latest</code> or version-aliased URL so that your users get the updated version now. Otherwise they might wait up to 7
          days.
        </p>
      </header>

      <section className={styles.form} aria-label="URLs to purge">
        <label htmlFor={textareaId} className="sl-visually-hidden">
          URLs to purge
        </label>
        <textarea
          id={textareaId}
          className={shownError ? `${styles.textarea} ${styles.textareaError}` : styles.textarea}
          placeholder={PLACEHOLDER}
          rows={Math.min(12, Math.max(4, text.split('\n').length + 1))}
          value={text}
          maxLength={20_000}
          spellCheck={false}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError ? errorId : undefined}
          readOnly={phase === 'purging'}
          onChange={(event) => {
            setText(event.target.value);
            flow.clearError();
          }}
        />
        {phase === 'purging' ? (
          <button type="button" className={`${styles.button} ${styles.buttonLoading}`} disabled aria-busy="true">
            <Spinner label="Purging..." showLabel />
          </button>
        ) : (
          <button type="button" className={styles.button} disabled={!input.valid || !config} onClick={flow.showCaptcha}>
            Purge now
          </button>
        )}
        {shownError && (
          <p id={errorId} className={styles.error} role="alert">
            {shownError}
          </p>
        )}
        {phase === 'captcha' && config && <Captcha purgeUrl={config.purgeUrl} onSolved={(token) => flow.purge(token, input.paths)} />}
      </section>

      {flow.results.length > 0 && <PurgeResults results={flow.results} />}
    </article>
  );
}
