/** Badges for what a package ships: ES module, CommonJS, styles (moduleTypes, styleTypes). */
import type { SearchHit } from '@skylift/shared/search';
import searchStyles from './search.module.css';

const MODULE_LABELS = { esm: 'ESM', cjs: 'CJS' } as const;

export function TypeBadges({ hit }: { hit: Pick<SearchHit, 'moduleTypes' | 'styleTypes'> }) {
  const modules = (hit.moduleTypes ?? []).filter((type): type is 'esm' | 'cjs' => type === 'esm' || type === 'cjs');
  const styles = (hit.styleTypes ?? []).filter((type) => type !== 'none');
  if (modules.length === 0 && styles.length === 0) return null;
  return (
    <span className={searchStyles.badges}>
      {modules.map((type) => (
        <span
          key={type}
          className={type === 'cjs' ? `${searchStyles.badge} ${searchStyles.badgeCjs}` : searchStyles.badge}
          title={type === 'esm' ? 'Ships ES modules' : 'Ships CommonJS modules'}
        >
          {MODULE_LABELS[type]}
        </span>
      ))}
      {styles.map((type) => (
        <span key={type} className={`${searchStyles.badge} ${searchStyles.badgeStyle}`} title={`Ships ${type.toUpperCase()} styles`}>
          {type.toUpperCase()}
        </span>
      ))}
    </span>
  );
}
