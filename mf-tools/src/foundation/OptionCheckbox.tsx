/** One labelled checkbox of the customize options. */
import styles from './FoundationPage.module.css';
export function OptionCheckbox({ label, checked, onChange }: { label: string; checked: boolean; onChange(value: boolean): void }) {
  return (
    <label className={styles.option}>
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} /> {label}
    </label>
  );
}
