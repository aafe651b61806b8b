/** One labelled checkbox of the customize options, the kit's. */
import { Checkbox } from '@skylift/shared/ui';
import styles from './FoundationPage.module.css';

export function OptionCheckbox({ label, checked, onChange }: { label: string; checked: boolean; onChange(value: boolean): void }) {
  return (
    <Checkbox className={styles.option} checked={checked} onChange={onChange}>
      {label}
    </Checkbox>
  );
}
