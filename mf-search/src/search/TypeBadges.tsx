/** Badges for what a package ships: ES module, CommonJS, styles (moduleTypes, styleTypes). */
import type { SearchHit } from '@skylift/shared/search/index';
import './search.css';

const MODULE_LABELS = { esm: 'ESM', cjs: 'CJS' } as const;

export function TypeBadges({ hit }: { hit: Pick<SearchHit, 'moduleTypes' | 'styleTypes'> }) {
  const modules = (hit.moduleTypes ?? []).filter((type): type is 'esm' | 'cjs' => type === 'esm' || type === 'cjs');
  const styles = (hit.styleTypes ?? []).filter((type) => type !== 'none');
  if (modules.length === 0 && styles.length === 0) return null;
  return (
    <span className="ms-badges">
      {modules.map((type) => (
        <span key={type} className={`ms-badge ms-badge--${type}`} title={type === 'esm' ? 'Ships ES modules' : 'Ships CommonJS modules'}>
          {MODULE_LABELS[type]}
        </span>
      ))}
      {styles.map((type) => (
        <span key={type} className="ms-badge ms-badge--style" title={`Ships ${type.toUpperCase()} styles`}>
          {type.toUpperCase()}
        </span>
      ))}
    </span>
  );
}
