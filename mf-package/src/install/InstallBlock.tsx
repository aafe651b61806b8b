/**
 * The install block: which version the links name (Static, Latest Patch/Minor/Major or a real version),
 * ESM or the package's own files, and the URL, tag and import ready to copy. Below 768 px the two choices
 * move into a settings panel with Apply and Cancel that holds its own values and blocks page scroll.
 */
import { useCallback, useEffect, useMemo, useState, type ComponentProps } from 'react';
import { CopyButton, type PackageEntrypoints } from '@skylift/shared';
import { Dropdown } from '@skylift/shared/ui';
import type { PackageRef } from '../model/packageRef';
import { ALIAS_CHOICES, installChoiceItems, installVersion, versionChoice, type InstallChoice } from '../model/installVersion';
import { installSnippets } from '../model/installLinks';
import { installTypeState, type InstallType } from '../model/installType';
import { useVersionDropdown } from '../versions/useVersionDropdown';
import styles from './InstallBlock.module.css';

export interface InstallBlockProps {
  pkg: PackageRef;
  cdnUrl: string;
  version: string;
  versions: readonly string[];
  hasEsm: boolean;
  /** undefined while loading; null when the package has none (or they failed to load). */
  entrypoints: PackageEntrypoints['entrypoints'] | null | undefined;
}

export function InstallBlock({ pkg, cdnUrl, version, versions, hasEsm, entrypoints }: InstallBlockProps) {
  const typeState = useMemo(() => installTypeState(pkg.type, hasEsm, entrypoints), [pkg.type, hasEsm, entrypoints]);
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
  const snippets = installType ? installSnippets(cdnUrl, pkg.type, pkg.name, linkVersion, installType, entrypoints ?? null) : [];
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
        <ul className={styles.installSnippets}>
          {snippets.map((snippet) => (
            <li key={snippet.label} className={styles.installSnippet}>
              <span className={styles.installLabel}>{snippet.label}</span>
              <code className={styles.installCode} data-testid={`install-url-${snippet.label.toLowerCase()}`}>
                {snippet.url}
              </code>
              <CopyButton text={snippet.url} label={`Copy URL (${snippet.label})`}>
                Copy URL
              </CopyButton>
              <code className={styles.installCode} data-testid={`install-html-${snippet.label.toLowerCase()}`}>
                {snippet.html}
              </code>
              <CopyButton text={snippet.html} label={`Copy HTML (${snippet.label})`}>
                Copy HTML
              </CopyButton>
            </li>
          ))}
        </ul>
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
