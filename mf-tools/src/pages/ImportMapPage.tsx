/**
 * The import map generator (/tools/importmap): the user lists packages, each with the `+esm` build options it
 * wants, the data API answers an import map of our pinned `+esm` modules with the integrity of each, and the page shows the HTML to paste and the
 * map alone, each with a Copy button, and says where each goes.
 */
import { useId, useState, type FormEvent } from 'react';
import { BRAND, CopyButton, Notice, Spinner } from '@skylift/shared';
import { normalisePackages, useImportMap } from '../importmap/useImportMap';
import styles from '../importmap/ImportMapPage.module.css';

const PLACEHOLDER = 'react@18\nreact-dom@18/client\nlit';

/** The build options a spec was asked with (`?dev`), shown beside its version. */
function optionsOf(spec: string): string {
  const at = spec.indexOf('?');
  return at < 0 ? '' : ` ${spec.slice(at)}`;
}

export function ImportMapPage() {
  const [text, setText] = useState('');
  const { state, generate } = useImportMap();
  const inputId = useId();
  const hintId = useId();
  const empty = normalisePackages(text) === '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    generate(text);
  };

  return (
    <article className={styles.page}>
      <header className={styles.heading}>
        <h1>Import map generator</h1>
        <p>
          List the npm packages your page imports as ES modules. You get an import map that points each one at the pinned build of an exact version on{' '}
          {BRAND.name}, whose bytes never change, with its dependencies resolved once for the whole list and an integrity hash for every module, so the browser
          refuses any other bytes.
        </p>
      </header>

      <form className={styles.form} onSubmit={submit} aria-label="Packages">
        <label htmlFor={inputId} className={styles.label}>
          Packages
        </label>
        <textarea
          id={inputId}
          className={styles.textarea}
          placeholder={PLACEHOLDER}
          rows={Math.min(10, Math.max(3, text.split('\n').length + 1))}
          value={text}
          maxLength={2_000}
          spellCheck={false}
          aria-describedby={hintId}
          onChange={(event) => setText(event.target.value)}
        />
        <p id={hintId} className={styles.hint}>
          One package per line or separated by commas: a name, then optionally <code>@</code> and a version or range, a subpath (
          <code>react-dom@18/client</code>) and build options after <code>?</code>: <code>react@18?dev</code> for the development build,{' '}
          <code>?target=es2020</code>, <code>?deps=react@18.3.1</code> to pin what it imports (a list of those takes commas: end that package's line there). At
          most 20.
        </p>
        <button type="submit" className={styles.button} disabled={empty || state.phase === 'loading'}>
          {state.phase === 'loading' ? <Spinner label="Generating..." showLabel /> : 'Generate import map'}
        </button>
      </form>

      {state.phase === 'error' && (
        <Notice variant="error" title="The import map could not be generated">
          {state.message}
        </Notice>
      )}

      {state.phase === 'done' && (
        <section className={styles.result} aria-label="Import map">
          <h2>Resolved packages</h2>
          <ul className={styles.packages}>
            {state.answer.packages.map((entry) => (
              <li key={entry.spec}>
                <code>{entry.specifier}</code> → {entry.name}@{entry.version}
                {optionsOf(entry.spec)}
              </li>
            ))}
          </ul>

          <div className={styles.block}>
            <div className={styles.blockHeading}>
              <h2>HTML for your page</h2>
              <CopyButton text={state.answer.html} label="Copy the HTML" />
            </div>
            <p>
              Paste this into the <code>&lt;head&gt;</code> of your page, before any <code>&lt;script type=&quot;module&quot;&gt;</code>. The browser then loads{' '}
              <code>import … from &quot;{state.answer.packages[0]?.specifier}&quot;</code> from {BRAND.name} and starts fetching every module at once.
            </p>
            <pre className={styles.code} data-testid="importmap-html">
              {state.answer.html}
            </pre>
          </div>

          <div className={styles.block}>
            <div className={styles.blockHeading}>
              <h2>Import map only</h2>
              <CopyButton text={JSON.stringify(state.answer.importMap, null, 2)} label="Copy the import map" />
            </div>
            <p>
              The JSON alone, for a page that already has a <code>&lt;script type=&quot;importmap&quot;&gt;</code> or a tool that merges import maps. Keep the{' '}
              <code>integrity</code> entries: they are the SHA-384 hashes of the exact files served.
            </p>
            <pre className={styles.code} data-testid="importmap-json">
              {JSON.stringify(state.answer.importMap, null, 2)}
            </pre>
          </div>
        </section>
      )}
    </article>
  );
}
