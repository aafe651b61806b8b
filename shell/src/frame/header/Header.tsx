import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { BRAND } from '@skylift/shared';
import type { SiteLinks } from '@skylift/shared/config';
import { Logo } from '../logos/Logo';
import { BrandIcon } from '../logos/brandIcons/BrandIcon';
import { useHeaderVariant } from '../currentRoute';
import { dropdownItems, mainLinks, type MenuAction, type MenuLink } from '../../site/menus';
import { useSite } from '../../site/site';
import { FrameSlot } from '../slots/FrameSlot';
import { NavDropdown } from './NavDropdown';
import styles from './Header.module.css';

/** The community links a deployment sets, each with its icon; the ones it leaves out are not shown. */
const ICON_LINKS = [
  { key: 'codeHost', label: `${BRAND.name} on GitHub` },
  { key: 'social', label: `${BRAND.name} on X` },
  { key: 'chat', label: `${BRAND.name} on Discord` },
] as const satisfies ReadonlyArray<{ key: keyof SiteLinks; label: string }>;

/** The shell's own Resources entry: it leads to the footer's sign-up form, which exists only with a newsletter. */
const NEWSLETTER: MenuAction = { kind: 'action', label: 'Newsletter', action: 'newsletter', order: 20 };

/**
 * The site header: logo by route, the slot beside it (the compact package search, as a remote declares it),
 * navigation with the two dropdowns, icon links and the slot after them, a menu button below 992 px.
 */
export function Header() {
  const logo = useHeaderVariant();
  const { pathname } = useLocation();
  const { pages, content } = useSite();
  const main = mainLinks(pages);
  const shown = (link: MenuLink) => link.hiddenWithHeader !== logo;
  const [menuOpen, setMenuOpen] = useState(false);

  // The mobile menu closes once the visitor has chosen where to go.
  useEffect(() => setMenuOpen(false), [pathname]);

  const dark = logo === 'white';
  return (
    <header className={dark ? `${styles.header} ${styles.dark}` : styles.header} data-logo={logo}>
      <div className={styles.inner}>
        <Link to="/" className={styles.home} aria-label={`${BRAND.name} home`}>
          <Logo variant={logo} />
        </Link>
        <FrameSlot name="header-start" className={styles.startSlot} />
        <button
          type="button"
          className={styles.menuButton}
          aria-expanded={menuOpen}
          aria-controls="site-navigation"
          aria-label={menuOpen ? 'Close the menu' : 'Open the menu'}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            {menuOpen ? (
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            ) : (
              <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            )}
          </svg>
        </button>
        <nav id="site-navigation" aria-label="Main" className={menuOpen ? `${styles.nav} ${styles.navOpen}` : styles.nav}>
          <ul className={styles.links}>
            {main.before.filter(shown).map((link) => (
              <li key={link.to}>
                <MainLink link={link} />
              </li>
            ))}
            <li>
              <NavDropdown label="Tools" items={dropdownItems(pages, 'tools')} />
            </li>
            <li>
              <NavDropdown
                label="Resources"
                items={dropdownItems(pages, 'resources', content.links.newsletter ? [NEWSLETTER] : [])}
                // The form's code comes with the footer's: fetched when the entry is used.
                onAction={() => void import('../footer/newsletter').then((module) => module.focusNewsletterForm())}
              />
            </li>
            {main.after.filter(shown).map((link) => (
              <li key={link.to}>
                <MainLink link={link} />
              </li>
            ))}
          </ul>
          <ul className={styles.icons}>
            {ICON_LINKS.map(({ key, label }) => {
              const href = content.links[key];
              return href ? (
                <li key={key}>
                  <a href={href} className={styles.iconLink} aria-label={label} title={label} target="_blank" rel="noopener noreferrer">
                    <BrandIcon name={key} />
                  </a>
                </li>
              ) : null;
            })}
          </ul>
          <FrameSlot name="header-end" className={styles.endSlot} />
        </nav>
      </div>
    </header>
  );
}

/** A header link; one with a badge ("NEW") is set apart, as the link to the network-testing tool is. */
function MainLink({ link }: { link: MenuLink }) {
  if (link.badge) {
    return (
      <Link to={link.to} className={`${styles.link} ${styles.networkTool}`}>
        {link.label}
        <span className={styles.badge}>{link.badge}</span>
      </Link>
    );
  }
  return (
    <NavLink to={link.to} className={({ isActive }) => (isActive ? `${styles.link} ${styles.active}` : styles.link)}>
      {link.label}
    </NavLink>
  );
}
