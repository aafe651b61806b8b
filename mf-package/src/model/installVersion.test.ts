import { installChoiceItems, installVersion, versionChoice, type InstallChoice } from './installVersion';
import { groupVersions, versionItems } from './versionList';
import { installSnippets } from './installLinks';
import { installTypeState } from './installType';

describe('version choices', () => {
  test('Static, Latest Patch, Latest Minor, Latest Major, a separator, then the real versions', () => {
    const entries = (query: string) => versionItems<InstallChoice>(groupVersions(['1.2.3', '2.0.0']), query, { expanded: new Set(), toValue: versionChoice });
    const items = installChoiceItems('', entries(''));
    expect(items.map((item) => ('separator' in item ? '---' : item.label))).toEqual([
      'Static',
      'Latest Patch',
      'Latest Minor',
      'Latest Major',
      '---',
      '2.0.0',
      '1.2.3',
    ]);
    expect(items[5]).toEqual({ value: 'v:2.0.0', label: '2.0.0' });
  });

  test('a filter keeps the aliases whose name contains it, then the matching versions', () => {
    const entries = (query: string) => versionItems<InstallChoice>(groupVersions(['1.2.3', '2.0.0']), query, { expanded: new Set(), toValue: versionChoice });
    expect(installChoiceItems('latest', entries('latest')).map((item) => ('label' in item ? item.label : '---'))).toEqual([
      'Latest Patch',
      'Latest Minor',
      'Latest Major',
    ]);
    expect(installChoiceItems('2', entries('2')).map((item) => ('label' in item ? item.label : '---'))).toEqual(['2.0.0', '1.2.3']);
  });

  test('each choice names the version it stands for', () => {
    expect(installVersion('static', '3.7.1')).toBe('3.7.1');
    expect(installVersion('patch', '3.7.1')).toBe('3.7');
    expect(installVersion('minor', '3.7.1')).toBe('3');
    expect(installVersion('major', '3.7.1')).toBeNull();
    expect(installVersion('v:2.0.0-beta.1', '3.7.1')).toBe('2.0.0-beta.1');
  });

  test('the URLs follow the choice', () => {
    const entrypoints = { js: { file: '/dist/lib.min.js', guessed: false } };
    const url = (version: string | null) => installSnippets('https://cdn.test/', 'npm', 'lib', version, 'default', entrypoints)[0]?.url;
    expect(url(installVersion('static', '1.2.3'))).toBe('https://cdn.test/npm/lib@1.2.3/dist/lib.min.js');
    expect(url(installVersion('patch', '1.2.3'))).toBe('https://cdn.test/npm/lib@1.2/dist/lib.min.js');
    expect(url(installVersion('minor', '1.2.3'))).toBe('https://cdn.test/npm/lib@1/dist/lib.min.js');
    expect(url(installVersion('major', '1.2.3'))).toBe('https://cdn.test/npm/lib/dist/lib.min.js');
  });
});

describe('ESM / Default switch', () => {
  const explicit = { js: { file: '/index.js', guessed: false } };
  const guessed = { js: { file: '/index.js', guessed: true } };

  test('unset until the entry points have loaded', () => {
    expect(installTypeState('npm', true, undefined)).toMatchObject({ selected: null, switchEnabled: false });
  });

  test('Default when the author set entry points, with the switch enabled for an ES module package', () => {
    expect(installTypeState('npm', true, explicit)).toEqual({
      selected: 'default',
      esmAvailable: true,
      defaultAvailable: true,
      switchEnabled: true,
      scriptProblem: null,
    });
  });

  test('ESM when the only entry points were guessed and the package ships ES modules', () => {
    expect(installTypeState('npm', true, guessed)).toMatchObject({ selected: 'esm', switchEnabled: true });
  });

  test('ESM offered for a CommonJS package: the module build is made from any JavaScript entry', () => {
    expect(installTypeState('npm', false, explicit)).toMatchObject({ selected: 'default', esmAvailable: true, switchEnabled: true });
    expect(installTypeState('npm', true, explicit)).toMatchObject({ esmAvailable: true });
  });

  test('Default alone for a package without any JavaScript (stylesheets only)', () => {
    expect(installTypeState('npm', false, { css: { file: '/dist/a.css', guessed: false } })).toMatchObject({
      selected: 'default',
      esmAvailable: false,
      switchEnabled: false,
    });
  });

  test('nothing to build from a repository', () => {
    expect(installTypeState('gh', true, explicit)).toMatchObject({ selected: 'default', esmAvailable: false });
  });

  test('ESM alone, switch disabled, when there are no entry points at all', () => {
    expect(installTypeState('npm', true, null)).toMatchObject({ selected: 'esm', defaultAvailable: false, switchEnabled: false });
  });

  test('ESM, saying why, when the default JavaScript file is CommonJS or an ES module: a script tag cannot run it', () => {
    const commonjs = { js: { file: '/index.js', guessed: false, format: 'commonjs' as const } };
    expect(installTypeState('npm', true, commonjs)).toEqual({
      selected: 'esm',
      esmAvailable: true,
      defaultAvailable: true,
      switchEnabled: true,
      scriptProblem: 'commonjs',
    });
    expect(installTypeState('npm', true, { js: { file: '/index.mjs', guessed: false, format: 'module' as const } })).toMatchObject({
      selected: 'esm',
      scriptProblem: 'module',
    });
    // A plain script or UMD bundle stays Default, as does a file whose format is not known.
    expect(installTypeState('npm', true, { js: { file: '/dist/jquery.min.js', guessed: false, format: 'script' as const } })).toMatchObject({
      selected: 'default',
      scriptProblem: null,
    });
  });
});

describe('ESM import', () => {
  test('imports the +esm build under the name derived from the package name', () => {
    const [snippet] = installSnippets('https://cdn.test', 'npm', 'lodash.debounce', '4.0.8', 'esm', null);
    expect(snippet?.url).toBe('https://cdn.test/npm/lodash.debounce@4.0.8/+esm');
    expect(snippet?.html).toContain("import LodashDebounce from 'https://cdn.test/npm/lodash.debounce@4.0.8/+esm'");
  });

  test.each([
    ['react-dom', 'ReactDom'],
    ['@babel/core', 'babelcore'],
    ['3d-view', '_3dView'],
    ['---', 'm'],
  ])('%s is imported as %s', (name, expected) => {
    const [snippet] = installSnippets('https://cdn.test', 'npm', name, null, 'esm', null);
    expect(snippet?.html).toContain(`import ${expected} from`);
  });

  test('the default form gives a script tag for JS and a stylesheet link for CSS', () => {
    const snippets = installSnippets('https://cdn.test', 'npm', 'ui', '1.0.0', 'default', {
      js: { file: '/ui.js', guessed: false },
      css: { file: '/ui.css', guessed: false },
    });
    expect(snippets.map((s) => s.html)).toEqual([
      '<script src="https://cdn.test/npm/ui@1.0.0/ui.js"></script>',
      '<link rel="stylesheet" href="https://cdn.test/npm/ui@1.0.0/ui.css">',
    ]);
  });
});

describe('HTML with integrity', () => {
  const entrypoints = { js: { file: '/ui.js', guessed: false, integrity: 'sha384-JS' }, css: { file: '/ui.css', guessed: false, integrity: 'sha384-CSS' } };

  test('a static file of the exact version carries its SHA-384, crossorigin so the browser checks it', () => {
    const [js, css] = installSnippets('https://cdn.test', 'npm', 'ui', '1.0.0', 'default', entrypoints, { exact: true });
    expect(js?.sriHtml).toBe('<script src="https://cdn.test/npm/ui@1.0.0/ui.js" integrity="sha384-JS" crossorigin="anonymous"></script>');
    expect(css?.sriHtml).toBe('<link rel="stylesheet" href="https://cdn.test/npm/ui@1.0.0/ui.css" integrity="sha384-CSS" crossorigin="anonymous">');
  });

  test('an alias version, or a file whose hash is unknown, has none: its bytes may change', () => {
    expect(installSnippets('https://cdn.test', 'npm', 'ui', '1', 'default', entrypoints, { exact: false }).map((s) => s.sriHtml)).toEqual([null, null]);
    expect(
      installSnippets('https://cdn.test', 'npm', 'ui', '1.0.0', 'default', { js: { file: '/ui.js', guessed: false } }, { exact: true })[0]?.sriHtml,
    ).toBeNull();
  });

  test('the ES module build has integrity only at its pinned URL, preloaded with the hash the CDN gives', () => {
    const pinned = { url: 'https://cdn.test/npm/ui@1.0.0/+esm/b1', integrity: 'sha384-PINNED' };
    const [esm] = installSnippets('https://cdn.test', 'npm', 'ui', '1.0.0', 'esm', null, { exact: true, pinned });
    expect(esm?.url).toBe('https://cdn.test/npm/ui@1.0.0/+esm');
    expect(esm?.sriHtml).toBe(
      `<link rel="modulepreload" href="https://cdn.test/npm/ui@1.0.0/+esm/b1" integrity="sha384-PINNED" crossorigin="anonymous">\n<script type="module"> import Ui from 'https://cdn.test/npm/ui@1.0.0/+esm/b1' </script>`,
    );
    expect(installSnippets('https://cdn.test', 'npm', 'ui', '1.0.0', 'esm', null, { exact: true })[0]?.sriHtml).toBeNull();
  });
});
