/**
 * A way on from the page of a package that does not exist: the packages the search finds for its name (a typo,
 * a scope left out, a renamed package), each linked to its page, and the full search for the name. The search
 * client is loaded only here, on the page of a missing package.
 */
import { Link } from 'react-router-dom';
import { useAsync, useRuntimeConfig, valueOf } from '@skylift/shared';
import { packagePagePath, type PackageRef } from '../model/packageRef';
import styles from '../files/FilesTab.module.css';

export const SIMILAR_PACKAGES = 5;

/** The words of a name the search matches on: `@scope/some-lib.js` is `scope some lib js`. */
export const searchTextOf = (name: string): string => name.replace(/[@/._-]+/g, ' ').trim();

export function SimilarPackages({ pkg }: { pkg: PackageRef }) {
  const search = useRuntimeConfig()?.search ?? null;
  const text = searchTextOf(pkg.name);
  const hits = valueOf(
    useAsync(
      search && text && pkg.type === 'npm'
        ? async () => {
            const { searchPackages } = await import('@skylift/shared/search');
            const page = await searchPackages(search, { query: text, hitsPerPage: SIMILAR_PACKAGES + 1 });
            return page.hits.filter((hit) => hit.name !== pkg.name).slice(0, SIMILAR_PACKAGES);
          }
        : null,
      [search, text, pkg.type, pkg.name],
    ),
  );
  return (
    <div className={styles.similar}>
      {hits && hits.length > 0 ? (
        <>
          <p>Packages with similar names:</p>
          <ul aria-label="Packages with similar names">
            {hits.map((hit) => (
              <li key={hit.name}>
                <Link to={packagePagePath({ type: 'npm', name: hit.name })}>{hit.name}</Link>
                {hit.description ? <span> — {hit.description}</span> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p>
        <Link to={`/?query=${encodeURIComponent(pkg.type === 'npm' ? pkg.name : text)}`}>Search for “{pkg.name}”</Link>
      </p>
    </div>
  );
}
