import { useCallback, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { DOCUMENTATION_MENU, MENU_IDS } from '../documentation/menu';
import { useActiveAnchor } from '../documentation/useActiveAnchor';
import { MarkdownDocument } from '../markdown/MarkdownDocument';
import { scrollToHash } from '../markdown/scrollToHash';
import '../layout/InfoPage.css';
import '../documentation/Documentation.css';

/** /documentation: content/documentation.md with a sticky side menu that follows the reader. */
export function DocumentationPage() {
  const { hash } = useLocation();
  const [ready, setReady] = useState(false);
  const active = useActiveAnchor(MENU_IDS, ready);
  const onReady = useCallback(() => {
    setReady(true);
    scrollToHash(hash);
  }, [hash]);
  return (
    <div className="mk-page mk-docs">
      <aside className="mk-docs__menu">
        <nav aria-label="Documentation">
          {DOCUMENTATION_MENU.map((section) => (
            <div key={section.title} className="mk-docs__section">
              <p className="mk-docs__section-title">{section.title}</p>
              <ul>
                {section.items.map((item) => (
                  <li key={item.id}>
                    <a
                      href={`#${item.id}`}
                      aria-current={active === item.id ? 'location' : undefined}
                      className={active === item.id ? 'mk-docs__active' : undefined}
                    >
                      {item.label}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </aside>
      <article className="mk-docs__body">
        <h1>Documentation</h1>
        <MarkdownDocument file="documentation.md" onReady={onReady} />
      </article>
    </div>
  );
}
