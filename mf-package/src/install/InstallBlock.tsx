/**
 * The install block: which version the links name (Static, Latest Patch/Minor/Major or a real version),
 * ESM or the package's own files, and the URL, tag and import ready to copy, with integrity where the bytes
 * are fixed ("Copy HTML + SRI"). A default file a `<script>` tag cannot run (CommonJS) opens on ESM, with a
 * line saying why. Below 768 px the two choices move into a settings panel with Apply and Cancel that holds
 * its own values and blocks page scroll, and each URL keeps its file in view, cut in the middle.
 */
import { useCallback, useEffect, useMemo, useState, type ComponentProps } from 'react';
import { CopyButton, getJson, useAsync, valueOf, type PackageEntrypoints } from '@skylift/shared';
import { Dropdown } from '@skylift/shared/ui';
import type { PinnedBuild } from '@skylift/shared/links';
import type { PackageRef } from '../model/packageRef';
import { ALIAS_CHOICES, installChoiceItems, installVersion, versionChoice, type InstallChoice } from '../model/installVersion';
import { installSnippets } from '../model/installLinks';
import { installTypeState, type InstallType, type InstallTypeState } from '../model/installType';
import { useVersionDropdown } from '../versions/useVersionDropdown';
import styles from './InstallBlock.module.css';

export interface InstallBlockProps {
  pkg: PackageRef;
  cdnUrl: string;
  version: string;
  versions: readonly string[];
  /** The package.json names a JavaScript entry, from which the CDN builds the ES module. */
  jsEntry: boolean;
  /** undefined while loading; null when the package has none (or they failed to load). */
  entrypoints: PackageEntrypoints['entrypoints'] | null | undefined;
}

export function InstallBlock({ pkg, cdnUrl, version, versions, jsEntry, entrypoints }: InstallBlockProps) {
  const typeState = useMemo(() => installTypeState(pkg.type, jsEntry, entrypoints), [pkg.type, jsEntry, entrypoints]);
  const [choice, setChoice] = useState<InstallChoice>('static');
  const [chosenType, setChosenType] = useState<InstallType | null>(null);
  const [panelOpen, setPanelOpen] = useState(false);
  const installType = chosenType && typeState.switchEnabled ? chosenType : typeState.selected;

  // A new package or version starts from the rules again.
  useEffect(() => {
    setChosenType(null);
    setChoice('static');
  }, [pkg.type, pkg.name, version]);

  const linkVersion = installVersion(choice, version);
  // Integrity only for the exact version the entry points describe: an alias's bytes change with each release.
  const exact = linkVersion === version;
  const esmUrl = `${cdnUrl.replace(/\/+$/, '')}/npm/${pkg.name}@${version}/+esm`;
  const pinned = valueOf(
    useAsync(
      installType === 'esm' && exact && pkg.type === 'npm'
        ? () => getJson<PinnedBuild>(`${esmUrl}?meta`).then(({ url, integrity }) => ({ url, integrity }))
        : null,
      [esmUrl, installType, exact, pkg.type],
    ),
  );
  const snippets = installType ? installSnippets(cdnUrl, pkg.type, pkg.name, linkVersion, installType, entrypoints ?? null, { exact, pinned }) : [];
  const versionList = useVersionDropdown(versions, version, versionChoice);
  const items = useMemo(() => [...ALIAS_CHOICES, ...versionList.items], [versionList.items]);
  const { itemsFor: versionItemsFor } = versionList;
  const itemsFor = useCallback((query: string) => installChoiceItems(query, versionItemsFor(query)), [versionItemsFor]);
  const dropdown = { items, itemsFor, onAction: versionList.onAction };

  return (
    <section className={styles.install} aria-labelledby="pkg-install-title">
      <div className={styles.installBar}>
        <h2 id="pkg-install-title">Install</h2>
        <div className={styles.installSettings}>
          <Dropdown label="Version to link" {...dropdown} value={choice} onChange={setChoice} filterable filterPlaceholder="Filter versions" />
          <TypeSwitch state={typeState} value={installType} onChange={setChosenType} />
        </div>
        <button type="button" className={styles.installSettingsButton} onClick={() => setPanelOpen(true)}>
          Settings
        </button>
      </div>
      {/* Accessible names begin with the visible text, so voice control finds the buttons by what they say. */}
      {installType === null ? (
        <p className={styles.installEmpty}>{entrypoints === undefined ? 'Looking for the package’s entry files...' : 'No entry files found.'}</p>
      ) : snippets.length === 0 ? (
        <p className={styles.installEmpty}>No default files set by the package author: pick the files you need in the Files tab.</p>
      ) : (
        <>
          <ScriptProblem state={typeState} installType={installType} file={entrypoints?.js?.file ?? null} />
          <ul className={styles.installSnippets}>
            {snippets.map((snippet) => (
              <li key={snippet.label} className={styles.installSnippet}>
                <span className={styles.installLabel}>{snippet.label}</span>
                <InstallUrl url={snippet.url} testId={`install-url-${snippet.label.toLowerCase()}`} />
                <CopyButton text={snippet.url} label={`Copy URL (${snippet.label})`}>
                  Copy URL
                </CopyButton>
                <code className={`${styles.installCode} ${styles.installHtml}`} data-testid={`install-html-${snippet.label.toLowerCase()}`}>
                  {snippet.html}
                </code>
                <span className={styles.installCopies}>
                  <CopyButton text={snippet.html} label={`Copy HTML (${snippet.label})`}>
                    Copy HTML
                  </CopyButton>
                  {snippet.sriHtml ? (
                    <CopyButton text={snippet.sriHtml} label={`Copy HTML + SRI (${snippet.label})`}>
                      Copy HTML + SRI
                    </CopyButton>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      {panelOpen ? (
        <SettingsPanel
          dropdown={dropdown}
          choice={choice}
          typeState={typeState}
          installType={installType}
          onApply={(nextChoice, nextType) => {
            setChoice(nextChoice);
            if (nextType) setChosenType(nextType);
            setPanelOpen(false);
          }}
          onCancel={() => setPanelOpen(false)}
        />
      ) : null}
    </section>
  );
}

/**
 * The URL with its file always in view: on a narrow screen the part before the file is cut in the middle
 * (`http://cdn.example/npm/re…/index.js`), never the file itself. The whole address stays the text.
 */
function InstallUrl({ url, testId }: { url: string; testId: string }) {
  const cut = url.lastIndexOf('/');
  return (
    <code className={`${styles.installCode} ${styles.installUrl}`} data-testid={testId} title={url}>
      <span className={styles.installUrlHead}>{url.slice(0, cut)}</span>
      <span className={styles.installUrlTail}>{url.slice(cut)}</span>
    </code>
  );
}

/** Why the block shows what it shows when the package's default JavaScript file cannot run from a `<script>` tag. */
function ScriptProblem({ state, installType, file }: { state: InstallTypeState; installType: InstallType; file: string | null }) {
  if (!state.scriptProblem || !file || !state.esmAvailable) return null;
  const what =
    state.scriptProblem === 'commonjs'
      ? `${file} is CommonJS: it needs require, module and process, which a browser does not have, so a <script> tag cannot run it`
      : `${file} is an ES module: a <script> tag without type="module" refuses its import and export statements`;
  return (
    <p className={styles.installNote} role="note">
      {installType === 'esm' ? `${what}. The ES module build (+esm) below runs in a browser.` : `${what}. Choose ESM for a build that runs in a browser.`}
    </p>
  );
}

interface TypeSwitchProps {
  state: ReturnType<typeof installTypeState>;
  value: InstallType | null;
  onChange: (value: InstallType) => void;
}

function TypeSwitch({ state, value, onChange }: TypeSwitchProps) {
  return (
    <div className={styles.installSwitch} role="radiogroup" aria-label="Install type">
      {(['esm', 'default'] as const).map((type) => (
        <button
          key={type}
          type="button"
          role="radio"
          aria-checked={value === type}
          // Each form is offered when it exists; with one form only, that one is shown as chosen and usable.
          disabled={type === 'esm' ? !state.esmAvailable : !state.defaultAvailable}
          className={value === type ? 'is-active' : ''}
          onClick={() => onChange(type)}
        >
          {type === 'esm' ? 'ESM' : 'Default'}
        </button>
      ))}
    </div>
  );
}

interface SettingsPanelProps {
  dropdown: Pick<ComponentProps<typeof Dropdown<InstallChoice>>, 'items' | 'itemsFor' | 'onAction'>;
  choice: InstallChoice;
  typeState: ReturnType<typeof installTypeState>;
  installType: InstallType | null;
  onApply: (choice: InstallChoice, type: InstallType | null) => void;
  onCancel: () => void;
}

/** Holds temporary values until Apply; while open the page behind does not scroll. */
function SettingsPanel({ dropdown, choice, typeState, installType, onApply, onCancel }: SettingsPanelProps) {
  const [draftChoice, setDraftChoice] = useState(choice);
  const [draftType, setDraftType] = useState(installType);
  useEffect(() => {
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, []);
  return (
    <div className={styles.installPanelBackdrop}>
      <div className={styles.installPanel} role="dialog" aria-modal="true" aria-label="Install settings">
        <h3>Install settings</h3>
        <Dropdown label="Version to link" {...dropdown} value={draftChoice} onChange={setDraftChoice} filterable filterPlaceholder="Filter versions" />
        <TypeSwitch state={typeState} value={draftType} onChange={setDraftType} />
        <div className={styles.installPanelActions}>
          <button type="button" className={styles.button} onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className={`${styles.button} ${styles.buttonPrimary}`} onClick={() => onApply(draftChoice, draftType)}>
            Apply
          </button>
        </div>
      </div>
    </div>
  );
}
