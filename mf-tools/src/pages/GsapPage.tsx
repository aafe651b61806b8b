/**
 * The GSAP page (/gsap): pick a version and how its links are aliased, UMD or
 * ESM, and copy the core file's URL and any plugin's.
 */
import { useState } from 'react';
import { BRAND, CopyButton, Notice, Spinner, useRuntimeConfig } from '@skylift/shared';
import { ChoiceControl } from '../gsap/ChoiceControl';
import { ALIASINGS, DEFAULT_ALIASING, aliasingLabel, coreUrl, packageBase, pluginFiles, pluginUrl } from '../gsap/gsapLinks';
import { GsapStats } from '../gsap/GsapStats';
import { useGsap } from '../gsap/useGsap';
import { useMediaQuery, Button } from '@skylift/shared/ui';
import styles from '../gsap/GsapPage.module.css';

export function GsapPage() {
  const config = useRuntimeConfig();
  const [versionIndex, setVersionIndex] = useState(0);
  const [aliasing, setAliasing] = useState(DEFAULT_ALIASING);
  const [esm, setEsm] = useState(false);
  const [showMore, setShowMore] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const mobile = useMediaQuery('(max-width: 767px)');
  const { versions, version, coreFile, tree, state } = useGsap(versionIndex);

  const base = version && config ? packageBase(config.cdnUrl, version, aliasing) : null;
  const core = base && coreFile ? coreUrl(base, coreFile, esm) : null;
  const plugins = pluginFiles(tree, coreFile);

  return (
    <article className={styles.gsap}>
      <header>
        <nav className={styles.menu} aria-label="GSAP page">
          <Button className={styles.menuToggle} aria-expanded={menuOpen} onClick={() => setMenuOpen((open) => !open)}>
            {menuOpen ? 'Close menu' : 'Menu'}
          </Button>
          <ul className={menuOpen ? `${styles.menuList} ${styles.menuListOpen}` : styles.menuList}>
            <li>
              <a href="#quick-start" onClick={() => setMenuOpen(false)}>
                Quick start
              </a>
            </li>
            <li>
              <a href="#plugins" onClick={() => setMenuOpen(false)}>
                Plugins
              </a>
            </li>
            <li>
              <a href="#gsap-stats-title" onClick={() => setMenuOpen(false)}>
                Statistics
              </a>
            </li>
          </ul>
        </nav>
        <h1>GSAP CDN</h1>
        <p>
          GSAP (GreenSock Animation Platform) is a JavaScript animation library. {BRAND.name} serves every version published on npm: pick one, choose how
          closely the link follows new releases, and copy the URLs.
        </p>
      </header>

      <div className={styles.layout}>
        <section id="quick-start" aria-labelledby="gsap-quick-title">
          <h2 id="gsap-quick-title">Quick start</h2>
          {state === 'failed' && versions.length === 0 && (
            <Notice variant="error">GSAP's versions could not be loaded from the data API. Try again later.</Notice>
          )}
          <div className={styles.controls}>
            <ChoiceControl label="Version" options={versions} index={versionIndex} onChange={setVersionIndex} mobile={mobile} />
            <ChoiceControl
              label="Aliasing"
              options={ALIASINGS.map((_, i) => aliasingLabel(i, version))}
              index={aliasing}
              onChange={setAliasing}
              mobile={mobile}
            />
            <div className={styles.switch} role="radiogroup" aria-label="Module format">
              <button type="button" role="radio" aria-checked={!esm} onClick={() => setEsm(false)}>
                UMD
              </button>
              <button type="button" role="radio" aria-checked={esm} onClick={() => setEsm(true)}>
                ESM
              </button>
            </div>
          </div>

          <h3>Core</h3>
          {core ? (
            <div className={styles.url}>
              <code data-testid="gsap-core">{core}</code>
              <CopyButton text={core} />
            </div>
          ) : (
            state === 'loading' && version && <Spinner label="Loading GSAP's files..." showLabel />
          )}

          <section id="plugins" aria-labelledby="gsap-plugins-title">
            <h3 id="gsap-plugins-title">Plugins</h3>
            <Button variant="link" aria-expanded={showMore} onClick={() => setShowMore((more) => !more)} disabled={plugins.length === 0}>
              {showMore ? 'Hide more CDN' : 'Show more CDN'}
            </Button>
            {showMore && base && (
              <ul className={styles.plugins}>
                {plugins.map((plugin) => {
                  const url = pluginUrl(base, plugin.file, esm);
                  return (
                    <li key={plugin.file} className={styles.url}>
                      <span className={styles.pluginName}>{plugin.name}</span>
                      <code>{url}</code>
                      <CopyButton text={url} label={`Copy ${plugin.name}`} />
                    </li>
                  );
                })}
              </ul>
            )}
            <p className={styles.note}>
              Plugins that were once for Club GSAP members only (SplitText, MorphSVG and others) are in the list when the chosen version publishes them in its{' '}
              <code>dist</code> folder on npm; older versions shipped them to members only.
            </p>
          </section>
        </section>
        <GsapStats />
      </div>
    </article>
  );
}
