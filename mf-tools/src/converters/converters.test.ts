import { clearHttpCache } from '@skylift/shared';
import { convertEsmSh, ESM_SH_ERROR } from './esmSh';
import { convertGitHub, GITHUB_ERROR, planGitHub } from './github';
import { convertGoogle, GOOGLE_ERROR } from './google';
import { convertSkypack, SKYPACK_ERROR } from './skypack';
import { convertUnpkg, UNPKG_ERROR } from './unpkg';
import { Lookup, type ConversionTargets } from './types';
import { fakeResponse } from '../testing/fakeFetch';

const targets: ConversionTargets = { cdnUrl: 'http://cdn.test', esmRunUrl: 'http://esm.test', dataApiUrl: 'http://data.test' };

describe('error texts', () => {
  test('are exactly as written', () => {
    expect(GITHUB_ERROR).toBe("Sorry, this doesn't look like a valid GitHub link :(");
    expect(UNPKG_ERROR).toBe("Sorry, this doesn't look like a valid unpkg link :(");
    expect(GOOGLE_ERROR).toBe("Sorry, this doesn't look like a valid Google hosted library link :(");
    expect(SKYPACK_ERROR).toBe("Sorry, this doesn't look like a valid Skypack link :(");
    expect(ESM_SH_ERROR).toBe("Sorry, this doesn't look like a valid esm.sh link :(");
  });
});

describe('unpkg', () => {
  test.each([
    ['https://unpkg.com/jquery@3.7.1/dist/jquery.min.js', 'http://cdn.test/npm/jquery@3.7.1/dist/jquery.min.js'],
    ['http://unpkg.com/jquery', 'http://cdn.test/npm/jquery'],
    ['https://unpkg.com/@babel/core@7/lib/index.js', 'http://cdn.test/npm/@babel/core@7/lib/index.js'],
    ['https://UNPKG.com/react@18', 'http://cdn.test/npm/react@18'],
    ['https://unpkg.com/lit@3?module', 'http://esm.test/lit@3'],
    ['https://unpkg.com/lit/index.js?module', 'http://esm.test/lit/index.js'],
    // unpkg's file browser is a page of its own: the same place on our CDN lists the directory.
    ['https://unpkg.com/browse/react@18.2.0/', 'http://cdn.test/npm/react@18.2.0/'],
    ['https://unpkg.com/browse/react@18.2.0/umd/', 'http://cdn.test/npm/react@18.2.0/umd/'],
    ['https://unpkg.com/browse/react@18.2.0/umd/react.production.min.js', 'http://cdn.test/npm/react@18.2.0/umd/react.production.min.js'],
    ['https://unpkg.com/browse/@babel/core@7.24.0/lib/', 'http://cdn.test/npm/@babel/core@7.24.0/lib/'],
  ])('%s -> %s', (input, output) => {
    expect(convertUnpkg(input, targets)).toBe(output);
  });

  test.each(['https://unpkg.com/', 'https://cdn.example.com/jquery', 'unpkg.com/jquery', 'https://unpkg.com/jquery?meta', 'ftp://unpkg.com/jquery'])(
    'rejects %s',
    (input) => {
      expect(() => convertUnpkg(input, targets)).toThrow(UNPKG_ERROR);
    },
  );
});

describe('Google Hosted Libraries', () => {
  const lib = (name: string, version: string, file: string): string => `https://ajax.googleapis.com/ajax/libs/${name}/${version}/${file}`;
  test.each([
    [lib('d3js', '7.8.5', 'd3.min.js'), '/npm/d3@7.8.5/dist/d3.min.js'],
    [lib('d3js', '5.16.0', 'd3.min.js'), '/npm/d3@5.16.0/dist/d3.min.js'],
    [lib('d3js', '4.13.0', 'd3.min.js'), '/npm/d3@4.13.0/build/d3.min.js'],
    [lib('d3js', '3.5.17', 'd3.min.js'), '/npm/d3@3.5.17/d3.min.js'],
    [lib('dojo', '1.13.0', 'dojo/dojo.js'), '/gh/dojo/dojo@1.13.0/dojo.min.js'],
    [lib('hammerjs', '2.0.8', 'hammer.min.js'), '/npm/hammerjs@2.0.8/hammer.min.js'],
    [lib('indefinite-observable', '2.0.1', 'indefinite-observable.bundle.js'), '/npm/indefinite-observable@2.0.1/dist/indefinite-observable.bundle.js'],
    [lib('jquery', '3.7.1', 'jquery.min.js'), '/npm/jquery@3.7.1/dist/jquery.min.js'],
    [lib('jquery', '2.2.4', 'jquery.min.js'), '/npm/jquery@2.2.4/dist/jquery.min.js'],
    [lib('jquery', '1.12.4', 'jquery.min.js'), '/npm/jquery@1.12.4/dist/jquery.min.js'],
    [lib('jquery', '1.9.1', 'jquery.min.js'), '/npm/jquery@1.9.1/jquery.min.js'],
    [lib('jquerymobile', '1.4.1', 'jquery.mobile.min.css'), '/npm/jquery-mobile@1.4.1/dist/jquery.mobile.min.css'],
    [lib('jqueryui', '1.13.2', 'jquery-ui.min.js'), '/npm/jquery-ui-dist@1.13.2/jquery-ui.min.js'],
    [lib('jqueryui', '1.14.1', 'jquery-ui.min.js'), '/npm/jquery-ui@1.14.1/dist/jquery-ui.min.js'],
    // npm's only MooTools browser build is the version published as 1.5.1-dist (there is no 1.5.1).
    [lib('mootools', '1.6.0', 'mootools.min.js'), '/npm/mootools-core-dist@1.5.1-dist/dist/mootools-core.min.js'],
    [lib('mootools', '1.5.1', 'mootools-yui-compressed.js'), '/npm/mootools-core-dist@1.5.1-dist/dist/mootools-core.min.js'],
    [lib('myanmar-tools', '1.1.3', 'zawgyi_detector.min.js'), '/npm/myanmar-tools@1.1.3/build_node/zawgyi_detector.min.js'],
    [lib('shaka-player', '4.3.6', 'shaka-player.compiled.js'), '/npm/shaka-player@4.3.6/dist/shaka-player.compiled.js'],
    [lib('spf', '2.4.0', 'spf.js'), '/npm/spf@2.4.0/dist/spf.js'],
    [lib('swfobject', '2.2', 'swfobject.js'), '/gh/swfobject/swfobject@2.2.0/swfobject.js'],
    [lib('threejs', 'r84', 'three.min.js'), '/npm/three@0.84.0/build/three.min.js'],
    [lib('threejs', 'r128', 'three.min.js'), '/npm/three@0.128.0/build/three.min.js'],
    [lib('threejs', 'r76', 'three.min.js'), '/npm/three@0.76.1/build/three.min.js'],
    [lib('webfont', '1.6.26', 'webfont.js'), '/npm/webfontloader@1.6.26/webfontloader.js'],
    [lib('angularjs', '1.8.2', 'angular.min.js'), '/npm/angular@1.8.2/angular.min.js'],
    [lib('angularjs', '1.8.2', 'angular-csp.css'), '/npm/angular@1.8.2/angular-csp.css'],
    [lib('angularjs', '1.8.2', 'angular-route.min.js'), '/npm/angular-route@1.8.2/angular-route.min.js'],
    [lib('angularjs', '1.6.9', 'angular-sanitize.js'), '/npm/angular-sanitize@1.6.9/angular-sanitize.js'],
    [lib('angularjs', '1.8.2', 'i18n/angular-locale_de-at.js'), '/npm/angular-i18n@1.8.2/angular-locale_de-at.js'],
    [lib('cesiumjs', '1.78', 'Build/Cesium/Cesium.js'), '/npm/cesium@1.78/Build/Cesium/Cesium.js'],
    [lib('cesiumjs', '1.78', 'Build/Cesium/Widgets/widgets.css'), '/npm/cesium@1.78/Build/Cesium/Widgets/widgets.css'],
    [lib('prototype', '1.7.3.0', 'prototype.js'), '/gh/prototypejs/prototype@1.7.3/dist/prototype.js'],
    [lib('jquerymobile', '1.4.3', 'jquery.mobile.min.js'), '/npm/jquery-mobile-dist@1.4.3/jquery.mobile-1.4.3.min.js'],
    [lib('jqueryui', '1.14.1', 'themes/smoothness/jquery-ui.css'), '/npm/jquery-ui@1.14.1/dist/themes/smoothness/jquery-ui.css'],
    [lib('jqueryui', '1.12.0', 'themes/smoothness/jquery-ui.css'), '/npm/jquery-ui-themes@1.12.0/themes/smoothness/jquery-ui.css'],
    [lib('jqueryui', '1.13.2', 'themes/base/jquery-ui.css'), '/npm/jquery-ui-dist@1.13.2/jquery-ui.css'],
    [lib('model-viewer', '3.4.0', 'model-viewer.min.js'), '/npm/@google/model-viewer@3.4.0/dist/model-viewer.min.js'],
    // Old HTML writes the host without a scheme, or over http.
    ['//ajax.googleapis.com/ajax/libs/jquery/3.7.1/jquery.min.js', '/npm/jquery@3.7.1/dist/jquery.min.js'],
    ['http://ajax.googleapis.com/ajax/libs/angularjs/1.8.2/angular.min.js', '/npm/angular@1.8.2/angular.min.js'],
  ])('%s', (input, path) => {
    expect(convertGoogle(input, targets)).toBe(`http://cdn.test${path}`);
  });

  test.each([
    [lib('jquerymobile', '1.4.0', 'jquery.mobile.min.js'), 'jquerymobile other than 1.4.1'],
    [lib('jquerymobile', '1.4.1', 'images/icons.png'), 'jquerymobile file that is neither js nor css'],
    [lib('jqueryui', '1.12.1', 'themes/smoothness/jquery-ui.css'), 'a jqueryui theme other than base with no package of its version'],
    [lib('jquerymobile', '1.4.5', 'jquery.mobile.min.js'), 'a jQuery Mobile release with no built copy on npm or GitHub'],
    [lib('prototype', '1.7.2.0', 'prototype.js'), 'a Prototype release whose built file is not in the repository'],
    [lib('scriptaculous', '1.9.0', 'scriptaculous.js'), 'a library with no copy on npm or GitHub'],
    [lib('swfobject', '2.1', 'swfobject.js'), 'swfobject other than 2.2'],
    [lib('jquery', '1.10.2', 'jquery.min.js'), 'a jQuery version npm does not have'],
    [lib('jquery', '2.0.3', 'jquery.min.js'), 'a jQuery 2.0 version npm does not have'],
    [lib('jqueryui', '1.11.4', 'jquery-ui.min.js'), 'a jQuery UI version without a built package on npm'],
    [lib('myanmar-tools', '1.2.0', 'zawgyi_detector.min.js'), 'a myanmar-tools version without built scripts on npm'],
    [lib('threejs', 'r60', 'three.min.js'), 'a three.js release never published on npm'],
    [lib('no-such-library', '1.0.0', 'a.js'), 'a library Google does not host'],
    ['https://ajax.googleapis.com/ajax/libs/jquery/3.7.1', 'a link without a file'],
    ['https://example.com/ajax/libs/jquery/3.7.1/jquery.min.js', 'another host'],
  ])('rejects %s (%s)', (input) => {
    expect(() => convertGoogle(input, targets)).toThrow(GOOGLE_ERROR);
  });
});

describe('Skypack', () => {
  test.each([
    ['https://cdn.skypack.dev/canvas-confetti', 'http://cdn.test/npm/canvas-confetti/+esm'],
    ['https://cdn.skypack.dev/react@17.0.2', 'http://cdn.test/npm/react@17.0.2/+esm'],
    ['https://cdn.skypack.dev/react@^17.0.1', 'http://cdn.test/npm/react@^17.0.1/+esm'],
    ['https://cdn.skypack.dev/react@17', 'http://cdn.test/npm/react@17/+esm'],
    ['https://cdn.skypack.dev/react@17.0', 'http://cdn.test/npm/react@17.0/+esm'],
    ['https://cdn.skypack.dev/react@next', 'http://cdn.test/npm/react@next/+esm'],
    ['https://cdn.skypack.dev/preact@10/hooks', 'http://cdn.test/npm/preact@10/hooks/+esm'],
    [
      'https://cdn.skypack.dev/three@0.150.0/examples/jsm/controls/OrbitControls.js',
      'http://cdn.test/npm/three@0.150.0/examples/jsm/controls/OrbitControls.js/+esm',
    ],
    ['https://cdn.skypack.dev/@material/ripple@14', 'http://cdn.test/npm/@material/ripple@14/+esm'],
    ['https://cdn.skypack.dev/lodash-es?min', 'http://cdn.test/npm/lodash-es/+esm'],
    ['https://cdn.skypack.dev/lodash-es/debounce', 'http://cdn.test/npm/lodash-es/debounce/+esm'],
    ['https://cdn.skypack.dev/lodash-es@4.17.21/debounce', 'http://cdn.test/npm/lodash-es@4.17.21/debounce/+esm'],
    ['https://cdn.skypack.dev/react@17/src', 'http://cdn.test/npm/react@17/src/+esm'],
    ['https://cdn.skypack.dev/@material/ripple@14/component', 'http://cdn.test/npm/@material/ripple@14/component/+esm'],
    ['//cdn.skypack.dev/react@17', 'http://cdn.test/npm/react@17/+esm'],
    ['https://cdn.skypack.dev/pin/react@v17.0.2-ePyNxRkPiAYOSxpbqrjE/mode=imports,min/optimized/react.js', 'http://cdn.test/npm/react@17.0.2/+esm'],
    ['https://cdn.skypack.dev/-/react@v17.0.2-ePyNxRkPiAYOSxpbqrjE/dist=es2019,mode=imports/optimized/react.js', 'http://cdn.test/npm/react@17.0.2/+esm'],
    [
      'https://cdn.skypack.dev/pin/@material/ripple@v14.0.0-3K2CFr7rcdk8E5KvcBiB/mode=imports/optimized/@material/ripple.js',
      'http://cdn.test/npm/@material/ripple@14.0.0/+esm',
    ],
    [
      'https://cdn.skypack.dev/pin/preact@v10.19.2-Vby6pcsrF1pnxXxD3nWk/mode=imports/optimized/preact/hooks.js',
      'http://cdn.test/npm/preact@10.19.2/hooks/+esm',
    ],
  ])('%s -> %s', (input, output) => {
    expect(convertSkypack(input, targets)).toBe(output);
  });

  test.each(['https://cdn.skypack.dev/', 'https://cdn.skypack.dev/react@latest', 'https://cdn.skypack.dev/react extra', 'https://skypack.dev/react'])(
    'rejects %s',
    (input) => {
      expect(() => convertSkypack(input, targets)).toThrow(SKYPACK_ERROR);
    },
  );
});

describe('esm.sh', () => {
  test.each([
    ['https://esm.sh/react', 'http://cdn.test/npm/react/+esm'],
    ['https://esm.sh/react@18.2.0', 'http://cdn.test/npm/react@18.2.0/+esm'],
    ['https://esm.sh/react@18', 'http://cdn.test/npm/react@18/+esm'],
    ['https://esm.sh/react-dom@18.2/client', 'http://cdn.test/npm/react-dom@18.2/client/+esm'],
    ['https://esm.sh/lodash@4.17.21/debounce.js', 'http://cdn.test/npm/lodash@4.17.21/debounce.js/+esm'],
    ['https://esm.sh/swiper@11/swiper.min.mjs', 'http://cdn.test/npm/swiper@11/swiper.min.mjs/+esm'],
    ['https://esm.sh/react@18?dev&target=es2022', 'http://cdn.test/npm/react@18/+esm?dev'],
    ['https://esm.sh/react@18?dev', 'http://cdn.test/npm/react@18/+esm?dev'],
    ['https://esm.sh/react@18?target=es2018&bundle', 'http://cdn.test/npm/react@18/+esm?bundle&target=es2018'],
    ['https://esm.sh/preact@10?exports=h,render&external=react', 'http://cdn.test/npm/preact@10/+esm?exports=h,render'],
    ['https://esm.sh/v135/react@18.2.0', 'http://cdn.test/npm/react@18.2.0/+esm'],
    ['http://esm.sh/react@18/jsx-runtime', 'http://cdn.test/npm/react@18/jsx-runtime/+esm'],
    ['https://esm.sh/gh/microsoft/tslib', 'http://cdn.test/gh/microsoft/tslib/'],
    ['https://esm.sh/gh/microsoft/tslib@2.6.2/tslib.es6.js', 'http://cdn.test/gh/microsoft/tslib@2.6.2/tslib.es6.js'],
  ])('%s -> %s', (input, output) => {
    expect(convertEsmSh(input, targets)).toBe(output);
  });

  test.each(['https://esm.sh/', 'https://esm.sh/react@^18', 'https://esm.sh/react@18/a.b.c.d', 'https://esm.sh/react?x=<y>', 'https://cdn.esm.sh/react'])(
    'rejects %s',
    (input) => {
      expect(() => convertEsmSh(input, targets)).toThrow(ESM_SH_ERROR);
    },
  );
});

describe('GitHub', () => {
  const sha = '0123456789abcdef0123456789abcdef01234567';
  let fetchMock: jest.Mock;

  beforeEach(() => {
    clearHttpCache();
    fetchMock = jest.fn();
    global.fetch = fetchMock as unknown as typeof fetch;
  });

  const answer = (body: unknown, status = 200) => fetchMock.mockResolvedValue(fakeResponse({ body, status }));

  test('a full commit is used as it is, without any lookup', async () => {
    await expect(convertGitHub(`https://github.com/jquery/jquery/blob/${sha}/dist/jquery.js`, targets)).resolves.toBe(
      `http://cdn.test/gh/jquery/jquery@${sha}/dist/jquery.js`,
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('a ref is resolved through our data API, and a commit starting with it replaces it', async () => {
    answer({ type: 'gh', name: 'jquery/jquery', version: sha });
    await expect(convertGitHub('https://raw.githubusercontent.com/jquery/jquery/0123456/dist/jquery.js', targets)).resolves.toBe(
      `http://cdn.test/gh/jquery/jquery@${sha}/dist/jquery.js`,
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0][0])).toBe('http://data.test/v1/packages/gh/jquery/jquery/resolved?specifier=0123456');
  });

  test('a tag or branch keeps its name', async () => {
    answer({ type: 'gh', name: 'twbs/bootstrap', version: '5.3.2' });
    await expect(convertGitHub('https://github.com/twbs/bootstrap/blob/v5.3.2/dist/css/bootstrap.css', targets)).resolves.toBe(
      'http://cdn.test/gh/twbs/bootstrap@v5.3.2/dist/css/bootstrap.css',
    );
  });

  test('a failed lookup keeps the ref', async () => {
    answer({ status: 404, message: 'Not found' }, 404);
    await expect(convertGitHub('https://github.com/u/r/raw/main/a.js', targets)).resolves.toBe('http://cdn.test/gh/u/r@main/a.js');
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(convertGitHub('https://github.com/u/r/raw/dev/a.js', targets)).resolves.toBe('http://cdn.test/gh/u/r@dev/a.js');
  });

  test('a folder (tree/) is its listing, a release its listing at the tag, after the lookup of the ref', async () => {
    answer({ type: 'gh', name: 'twbs/bootstrap', version: '5.3.2' });
    await expect(convertGitHub('https://github.com/twbs/bootstrap/tree/main/dist/js', targets)).resolves.toBe(
      'http://cdn.test/gh/twbs/bootstrap@main/dist/js/',
    );
    await expect(convertGitHub('https://github.com/twbs/bootstrap/tree/v5.3.2', targets)).resolves.toBe('http://cdn.test/gh/twbs/bootstrap@v5.3.2/');
    await expect(convertGitHub('https://github.com/twbs/bootstrap/releases/tag/v5.3.2', targets)).resolves.toBe('http://cdn.test/gh/twbs/bootstrap@v5.3.2/');
    await expect(convertGitHub('https://github.com/twbs/bootstrap/releases/latest', targets)).resolves.toBe('http://cdn.test/gh/twbs/bootstrap/');
    await expect(convertGitHub(`https://github.com/u/r/tree/${sha}/src`, targets)).resolves.toBe(`http://cdn.test/gh/u/r@${sha}/src/`);
  });

  test('raw links written with refs/heads/ or refs/tags/, and protocol-relative links', async () => {
    answer({ status: 404, message: 'Not found' }, 404);
    await expect(convertGitHub('https://raw.githubusercontent.com/u/r/refs/heads/main/a.js', targets)).resolves.toBe('http://cdn.test/gh/u/r@main/a.js');
    await expect(convertGitHub('https://raw.githubusercontent.com/u/r/refs/tags/v1.0.0/a.js', targets)).resolves.toBe('http://cdn.test/gh/u/r@v1.0.0/a.js');
    await expect(convertGitHub('//github.com/u/r/blob/main/a.js', targets)).resolves.toBe('http://cdn.test/gh/u/r@main/a.js');
  });

  test('a ref that is not a commit is a lookup the page runs when it chooses, naming what it looks up', () => {
    const outcome = planGitHub('https://github.com/u/r/blob/main/a.js', targets);
    expect(outcome).toBeInstanceOf(Lookup);
    expect((outcome as Lookup).subject).toBe('the commit of main');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(planGitHub(`https://github.com/u/r/blob/${sha}/a.js`, targets)).toBe(`http://cdn.test/gh/u/r@${sha}/a.js`);
  });

  test('latest means no version; a link without ref or file points at the repository', async () => {
    await expect(convertGitHub('https://github.com/u/r/blob/latest/a/b.js', targets)).resolves.toBe('http://cdn.test/gh/u/r/a/b.js');
    await expect(convertGitHub('https://github.com/u/r', targets)).resolves.toBe('http://cdn.test/gh/u/r/');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test.each([
    'https://gitlab.com/u/r/blob/main/a.js',
    'https://github.com/u',
    'github.com/u/r/blob/main/a.js',
    'https://github.com/u/r/releases/download/v1.0.0/app.zip',
  ])('rejects %s', async (input) => {
    await expect(convertGitHub(input, targets)).rejects.toThrow(GITHUB_ERROR);
  });
});
