/** Cards for the custom endpoints we run for open source projects, each linking to its statistics page. */
import { Link } from 'react-router-dom';
import { projectColours } from '@skylift/shared/styles';
import styles from './home.module.css';

export const CUSTOM_ENDPOINTS: ReadonlyArray<{ name: string; slug: string; text: string; color: string }> = [
  {
    name: 'CocoaPods',
    slug: 'cocoa',
    text: 'The dependency manager for Swift and Objective-C projects: its specs repository.',
    color: projectColours.cocoapods,
  },
  { name: 'Ghost', slug: 'ghost', text: 'The open source publishing platform: themes and admin assets.', color: projectColours.ghost },
  { name: 'Pyodide', slug: 'pyodide', text: 'Python in the browser, compiled to WebAssembly, with its packages.', color: projectColours.pyodide },
  { name: 'MuseScore', slug: 'musescore', text: 'Free music notation software: its update and extension feeds.', color: projectColours.musescore },
  { name: 'Fontsource', slug: 'fontsource', text: 'Self-hostable open source fonts, packaged for every project.', color: projectColours.fontsource },
  { name: 'Yocto', slug: 'yocto', text: 'Custom embedded Linux distributions: source mirrors for builds.', color: projectColours.yocto },
];

export function CustomEndpoints() {
  return (
    <section className={styles.section} aria-labelledby="home-endpoints-heading">
      <div className={styles.sectionHead}>
        <h2 id="home-endpoints-heading">Custom endpoints for open source projects</h2>
        <Link to="/oss-cdn">All endpoints ›</Link>
      </div>
      <ul className={styles.cards}>
        {CUSTOM_ENDPOINTS.map((endpoint) => (
          <li key={endpoint.slug}>
            <Link className={styles.card} to={`/oss-cdn/${endpoint.slug}`}>
              <span className={styles.cardMark} style={{ background: endpoint.color }} aria-hidden="true">
                {endpoint.name.charAt(0)}
              </span>
              <span className={styles.cardName}>{endpoint.name}</span>
              <span className={styles.cardText}>{endpoint.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
