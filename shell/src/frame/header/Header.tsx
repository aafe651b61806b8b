import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { BRAND } from '@skylift/shared';
import { Logo } from '../logos/Logo';
import { ChatIcon, CodeHostIcon, SocialIcon } from '../logos/icons';
import { useFrameRoute } from '../currentRoute';
import { focusNewsletterForm } from '../footer/newsletter';
import { HeaderSearch } from './HeaderSearch';
import { NavDropdown } from './NavDropdown';
import { ICON_LINKS, MAIN_LINKS, RESOURCES_MENU, TOOLS_MENU } from './navigation';
import styles from './Header.module.css';

const ICONS = { code: CodeHostIcon, social: SocialIcon, chat: ChatIcon } as const;

/** The site header: logo by route, the compact package search, navigation with the two dropdowns, icon links, a menu button below 992 px. */
export function Header() {
  const { logo, onNetworkTool } = useFrameRoute();
  const { pathname } = useLocation();
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
        <HeaderSearch className={styles.search} />
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
            {MAIN_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={({ isActive }) => (isActive ? `${styles.link} ${styles.active}` : styles.link)}>
                  {link.label}
                </NavLink>
              </li>
            ))}
            <li>
              <NavDropdown label="Tools" items={TOOLS_MENU} />
            </li>
            <li>
              <NavDropdown label="Resources" items={RESOURCES_MENU} onAction={() => focusNewsletterForm()} />
            </li>
            {onNetworkTool ? null : (
              <li>
                <Link to="/globalping" className={`${styles.link} ${styles.networkTool}`} data-testid="network-tool-link">
                  {BRAND.networkTool}
                  <span className={styles.badge}>NEW</span>
                </Link>
              </li>
            )}
          </ul>
          <ul className={styles.icons}>
            {ICON_LINKS.map(({ label, href, icon }) => {
              const Icon = ICONS[icon];
              return (
                <li key={href}>
                  <a href={href} className={styles.iconLink} aria-label={label} title={label} target="_blank" rel="noopener noreferrer">
                    <Icon />
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
      </div>
    </header>
  );
}
