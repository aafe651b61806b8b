/** How a custom endpoint works and how a project gets one; the same block on /oss-cdn and each project page. */
import { BRAND } from '@skylift/shared';
import styles from './ossCdn.module.css';

export function HostingInfo() {
  return (
    <section className={styles.hosting} aria-labelledby="st-hosting-title">
      <h2 id="st-hosting-title">Custom hosting for open source projects</h2>
      <p>
        Some projects publish files that are neither npm packages nor GitHub repositories: package indexes, WebAssembly runtimes, fonts, build caches. A custom
        endpoint serves them from a path of {BRAND.name}&apos;s CDN, fetched once from the project&apos;s own host and then answered from our cache, with the
        same headers, CORS, compression and safety rules as every other file.
      </p>
      <ul>
        <li>Files under an exact version are cached for a year; anything else for as long as the project&apos;s host says.</li>
        <li>When the project&apos;s host is down, the last copy keeps being served.</li>
        <li>Every request is counted, so the project can see its traffic on its own statistics page.</li>
      </ul>
      <p>
        An endpoint is a path prefix and the address of the project&apos;s file host, added by the operators of this deployment to the CDN&apos;s configuration.
      </p>
    </section>
  );
}
