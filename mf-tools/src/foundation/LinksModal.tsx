/** The view modal: the selected files' links with their own tag, SRI and group options. */
import { useEffect, useRef, useState } from 'react';
import { CopyButton } from '@skylift/shared';
import type { LinkDescriptor } from '@skylift/shared/links';
import { buildLinks } from './foundationLinks';
import { DEFAULT_MODAL_OPTIONS, setModalOption, type ModalOptions } from './options';
import { OptionCheckbox } from './OptionCheckbox';
import styles from './FoundationPage.module.css';
import { Button } from '@skylift/shared/ui';

export interface LinksModalProps {
  cdnUrl: string;
  files: readonly LinkDescriptor[];
  version: string;
  onClose(): void;
}

export function LinksModal({ cdnUrl, files, version, onClose }: LinksModalProps) {
  const [options, setOptions] = useState<ModalOptions>(DEFAULT_MODAL_OPTIONS);
  const dialog = useRef<HTMLDivElement>(null);
  const lines = buildLinks(cdnUrl, files, version, options);
  const set = (name: keyof ModalOptions) => (value: boolean) => setOptions((current) => setModalOption(current, name, value));

  useEffect(() => {
    dialog.current?.focus();
    const onKey = (event: KeyboardEvent): void => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div className={styles.backdrop} onClick={(event) => event.target === event.currentTarget && onClose()}>
      <div ref={dialog} role="dialog" aria-modal="true" aria-labelledby="foundation-modal-title" className={styles.modal} tabIndex={-1}>
        <h2 id="foundation-modal-title">Your links</h2>
        <div className={styles.options}>
          <OptionCheckbox label="Add HTML tag" checked={options.tag} onChange={set('tag')} />
          <OptionCheckbox label="Enable SRI" checked={options.sri} onChange={set('sri')} />
          <OptionCheckbox label="Group links" checked={options.group} onChange={set('group')} />
        </div>
        <pre className={styles.code} data-testid="modal-links">
          {lines.join('\n')}
        </pre>
        <div className={styles.modalActions}>
          <CopyButton text={lines.join('\n')} />
          <Button onClick={onClose}>Close</Button>
        </div>
      </div>
    </div>
  );
}
