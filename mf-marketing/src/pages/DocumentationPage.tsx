import { useCallback, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useMediaQuery } from '@skylift/shared/ui';
import { DOCUMENTATION_MENU, MENU_IDS } from '../documentation/menu';
import { useActiveAnchor } from '../documentation/useActiveAnchor';
import { MarkdownDocument } from '../markdown/MarkdownDocument';
import { scrollToHash } from '../markdown/scrollToHash';
import infoPageStyles from '../layout/InfoPage.module.css';
import documentationStyles from '../documentation/Documentation.module.css';

/**
 * /documentation: content/documentation.md with a sticky side menu that follows the reader. On a phone the menu
 * is folded under "Contents" above the text, so the first screen shows the documentation, not its menu.
 */
const NARROW = '(max-width: 767px)';

export function DocumentationPage() {
  const { hash } = useLocation();
  const [ready, setReady] = useState(false);
  const active = useActiveAnchor(MENU_IDS, ready);
  const onReady = useCallback(() => {
    setReady(true);
    scrollToHash(hash);
  }, [hash]);
  const narrow = useMediaQuery(NARROW);
  const nav = (
    <nav aria-label="Documentation">
      {DOCUMENTATION_MENU.map((section) => (
        <div key={section.title} className={documentationStyles.docsSection}>
          <p className={documentationStyles.docsSectionTitle}>{section.title}</p>
          <ul>
            {section.items.map((item) => (
              <li key={item.id}>
                <a
                  href={`#${item.id}`}
                  aria-current={active === item.id ? 'location' : undefined}
                  className={active === item.id ? documentationStyles.docsActive : undefined}
                >
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
  return (
    <div className={`${infoPageStyles.page} ${documentationStyles.docs}`}>
      <aside className={documentationStyles.docsMenu}>
        {narrow ? (
          <details className={documentationStyles.docsFold}>
            <summary>Contents</summary>
            {nav}
          </details>
        ) : (
          nav
        )}
      </aside>
      <article className={documentationStyles.docsBody}>
        <h1>Documentation</h1>
        <MarkdownDocument file="documentation.md" onReady={onReady} />
      </article>
    </div>
  );
}
