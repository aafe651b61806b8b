/**
 * The four link options. Switching SRI on forces HTML on and Optimize and Version aliasing off (the store
 * restores them when it is switched off again), since integrity hashes only fit the exact files as tags.
 */
import { setCollectionOption, type CollectionOptionName } from '@skylift/shared/links';
import { Switch } from '@skylift/shared/ui';
import { useCollectionOptions } from './useCollection';
import styles from './collection.module.css';

export const OPTION_TEXTS: Record<CollectionOptionName, { label: string; description: string }> = {
  html: { label: 'HTML', description: 'Show script and link tags instead of plain URLs.' },
  optimize: { label: 'Optimize', description: 'Link minified JS and CSS files.' },
  alias: { label: 'Version aliasing', description: 'Use only the major version, to get compatible updates automatically.' },
  sri: { label: 'SRI', description: 'Add Subresource Integrity hashes to the tags.' },
};

const ORDER: CollectionOptionName[] = ['html', 'optimize', 'alias', 'sri'];

export function CollectionOptionsPanel() {
  const options = useCollectionOptions();
  return (
    <fieldset className={styles.collOptions}>
      <legend className={styles.collSubheading}>Options</legend>
      {ORDER.map((name) => (
        <Switch
          key={name}
          className={styles.switch}
          description={OPTION_TEXTS[name].description}
          checked={options[name]}
          onChange={(value) => setCollectionOption(name, value)}
        >
          {OPTION_TEXTS[name].label}
        </Switch>
      ))}
    </fieldset>
  );
}
