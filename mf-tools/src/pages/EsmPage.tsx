/**
 * The esm.run page (/esm): type a package, open it in an online sandbox or a
 * new tab as an ES module, and compare how fast module CDNs load it.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { BRAND, CopyButton, useAsync, useRuntimeConfig, valueOf } from '@skylift/shared';
import { importNameOf } from '@skylift/shared/links';
import { Benchmark } from '../esm/Benchmark';
import { DEFAULT_ESM_TOOLS, loadEsmTools, moduleUrl } from '../esm/esmConfig';
import { PackageAutocomplete } from '../esm/PackageAutocomplete';
import styles from '../esm/EsmPage.module.css';
import { Button } from '@skylift/shared/ui';

/** Benchmarked while no package is typed. */
export const DEFAULT_BENCHMARK_PACKAGE = 'canvas-confetti';
export const ESM_SEARCH_PATH = `/?query=${encodeURIComponent('* type: esm')}`;

export function EsmPage() {
  const config = useRuntimeConfig();
  const [name, setName] = useState('');
  const tools = valueOf(useAsync(config ? () => loadEsmTools(config.wwwUrl) : null, [config])) ?? DEFAULT_ESM_TOOLS;
  const packageName = name.trim();

  const esmRun = config?.esmRunUrl.replace(/\/+$/, '') ?? '';
  const url = packageName ? `${esmRun}/${packageName}` : '';
  const importName = importNameOf(packageName.replace(/^@[^/]+\//, ''));
  // A namespace import works whether or not the package has a default export.
  const code = packageName ? `import * as ${importName} from '${url}';` : '';
  const sandboxCode = packageName ? `${code}\n\nconsole.log(${importName});\n` : '';
  const benchmarkPackage = packageName || DEFAULT_BENCHMARK_PACKAGE;
  const targets = config
    ? [
        { name: BRAND.name, url: `${config.cdnUrl.replace(/\/+$/, '')}/npm/${benchmarkPackage}/+esm` },
        ...tools.moduleCdns.map((cdn) => ({ name: cdn.name, url: moduleUrl(cdn.template, benchmarkPackage) })),
      ]
    : [];

  return (
    <article className={styles.esm}>
      <header>
        <h1>esm.run</h1>
        <p>
          Any npm package as a bundled, minified ES module behind one short link:{' '}
          <code>
            {esmRun || 'esm.run'}/{'{package}'}
          </code>{' '}
          loads the package's module build from {BRAND.name}, ready for <code>import</code> in a browser.
        </p>
      </header>

      <section aria-label="Try a package">
        <PackageAutocomplete value={name} onChange={setName} />
        <div className={styles.actions}>
          <form method="post" action={tools.sandboxUrl} target="_blank">
            <input type="hidden" name="title" value={packageName ? `${packageName} from esm.run` : ''} />
            <input type="hidden" name="js" value={sandboxCode} />
            <Button type="submit" variant="primary" disabled={!packageName}>
              Open in JSFiddle
            </Button>
          </form>
          {packageName ? (
            <a href={url} target="_blank" rel="noopener noreferrer">
              Open in a new tab
            </a>
          ) : (
            <span className={styles.openDisabled} aria-disabled="true">
              Open in a new tab
            </span>
          )}
        </div>
        {code && (
          <div className={styles.code}>
            <code>{code}</code>
            <CopyButton text={code} />
          </div>
        )}
        <p>
          <Link to={ESM_SEARCH_PATH}>Browse packages that ship ES modules</Link>
        </p>
      </section>

      <Benchmark packageName={benchmarkPackage} targets={targets} />
    </article>
  );
}
