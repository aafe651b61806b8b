/**
 * The Foundation CDN page (/foundationcdn): quick-use lines for the
 * default files, and a customize section to pick the version, the files and how their links read.
 */
import { useEffect, useState } from 'react';
import { BRAND, CopyButton, Notice, Spinner, useRuntimeConfig } from '@skylift/shared';
import { Dropdown, Button, Checkbox } from '@skylift/shared/ui';
import type { LinkDescriptor } from '@skylift/shared/links';
import { buildLinks } from '../foundation/foundationLinks';
import { PACKAGE } from '../foundation/foundationFiles';
import { LinksModal } from '../foundation/LinksModal';
import { OptionCheckbox } from '../foundation/OptionCheckbox';
import { DEFAULT_OPTIONS, setOption, type CustomizeOptions } from '../foundation/options';
import { useFoundation } from '../foundation/useFoundation';
import styles from '../foundation/FoundationPage.module.css';

/** Files listed before "Show more". */
export const FILES_SHOWN = 5;
export const MULTIPLE_TYPES_TEXT = 'Multiple file types selected. Use the View button instead.';

export function FoundationPage() {
  const config = useRuntimeConfig();
  const { versions, version, setVersion, files, tarball, state } = useFoundation();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [showAll, setShowAll] = useState(false);
  const [options, setOptions] = useState<CustomizeOptions>(DEFAULT_OPTIONS);
  const [modalOpen, setModalOpen] = useState(false);
  const cdnUrl = config?.cdnUrl ?? '';

  // A new file list starts with its first two files selected.
  useEffect(() => {
    setSelected(new Set(files.slice(0, 2).map((file) => file.file)));
    setShowAll(false);
  }, [files]);

  const chosen: LinkDescriptor[] = files.filter((file) => selected.has(file.file));
  const allSelected = files.length > 0 && chosen.length === files.length;
  const quick = version ? buildLinks(cdnUrl, files.slice(0, 2), version, { tag: true, sri: true, group: false }) : [];
  const lines = version ? buildLinks(cdnUrl, chosen, version, options) : [];
  const plain = version ? buildLinks(cdnUrl, chosen, version, { tag: true, sri: false, group: false }) : [];
  const kinds = new Set(chosen.map((file) => (file.file.endsWith('.css') ? 'css' : 'js')));
  const barText = kinds.size > 1 ? MULTIPLE_TYPES_TEXT : (plain[0] ?? '');
  const visible = showAll ? files : files.slice(0, FILES_SHOWN);
  const toggle = (file: string): void =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(file)) next.delete(file);
      else next.add(file);
      return next;
    });
  const set = (name: keyof CustomizeOptions) => (value: boolean) => setOptions((current) => setOption(current, name, value));

  return (
    <article className={styles.foundation}>
      <header>
        <h1>Foundation CDN</h1>
        <p>
          Every release of Foundation for Sites (npm package <code>{PACKAGE}</code>) from version 6 on, served by {BRAND.name}: copy the two lines below, or
          pick the files you need.
        </p>
      </header>

      <section aria-labelledby="foundation-quick">
        <h2 id="foundation-quick">Quick use{version ? ` (version ${version})` : ''}</h2>
        {quick.length === 0 && state === 'loading' && <Spinner label="Loading Foundation's files..." showLabel />}
        {quick.map((line) => (
          <div key={line} className={styles.line}>
            <code>{line}</code>
            <CopyButton text={line} />
          </div>
        ))}
      </section>

      <section id="customize" aria-labelledby="foundation-customize">
        <h2 id="foundation-customize">Customize</h2>
        <div className={styles.bar} data-testid="customize-bar">
          <span>
            {chosen.length} {chosen.length === 1 ? 'file' : 'files'} selected
          </span>
          <code className={styles.barText}>{barText}</code>
          <Button variant="primary" disabled={chosen.length === 0} onClick={() => setModalOpen(true)}>
            View
          </Button>
        </div>
        {state === 'failed' && <Notice variant="error">Foundation's versions or files could not be loaded from the data API. Try again later.</Notice>}
        <div className={styles.controls}>
          <Dropdown
            label="Version"
            items={versions.map((v) => ({ value: v, label: v }))}
            value={version}
            onChange={setVersion}
            filterable
            placeholder="Version"
            disabled={versions.length === 0}
          />
          {tarball && version && (
            <a href={tarball} download={`${PACKAGE}-${version}.tgz`}>
              Download {PACKAGE}-{version}.tgz
            </a>
          )}
          {version && config && (
            <a href={`${config.dataApiUrl.replace(/\/+$/, '')}/v1/packages/npm/${PACKAGE}@${version}`} target="_blank" rel="noopener noreferrer">
              Files in the data API
            </a>
          )}
        </div>

        {state === 'loading' && files.length === 0 && <Spinner label="Loading the file list..." showLabel />}
        {files.length > 0 && (
          <>
            <Checkbox className={styles.option} checked={allSelected} onChange={(all) => setSelected(all ? new Set(files.map((f) => f.file)) : new Set())}>
              Select all
            </Checkbox>
            <ul className={styles.files} aria-label="Files">
              {visible.map((file) => (
                <li key={file.file}>
                  <Checkbox className={styles.option} checked={selected.has(file.file)} onChange={() => toggle(file.file)}>
                    {file.file}
                  </Checkbox>
                </li>
              ))}
            </ul>
            {files.length > FILES_SHOWN && (
              <Button variant="link" aria-expanded={showAll} onClick={() => setShowAll((v) => !v)}>
                {showAll ? 'Show less' : 'Show more'}
              </Button>
            )}
          </>
        )}

        <fieldset className={styles.options}>
          <legend>Options</legend>
          <OptionCheckbox label="Add script tag" checked={options.tag} onChange={set('tag')} />
          <OptionCheckbox label="Enable SRI" checked={options.sri} onChange={set('sri')} />
          <OptionCheckbox label="Group links" checked={options.group} onChange={set('group')} />
          <OptionCheckbox label="Minify" checked={options.minify} onChange={set('minify')} />
          <OptionCheckbox label="Major version only" checked={options.majorOnly} onChange={set('majorOnly')} />
          <OptionCheckbox label="+esm module import" checked={options.esm} onChange={set('esm')} />
        </fieldset>

        {lines.length > 0 && (
          <div className={styles.links}>
            <pre className={styles.code} data-testid="customize-links">
              {lines.join('\n')}
            </pre>
            <CopyButton text={lines.join('\n')} />
          </div>
        )}
      </section>

      {modalOpen && version && <LinksModal cdnUrl={cdnUrl} files={chosen} version={version} onClose={() => setModalOpen(false)} />}
    </article>
  );
}
