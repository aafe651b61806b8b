import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseUserAgent, platformVersionName } from './userAgent.ts';

/**
 * User agents with the browser and platform the statistics keep them under: the names and versions the
 * statistics have been counted by since the first request, whichever parser reads them.
 */
const CASES: Array<[string, [browser: string, browserVersion: string, platform: string, platformVersion: string]]> = [
  [
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36',
    ['Mobile Chrome', '119', 'Android', '14'],
  ],
  [
    'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-A546B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
    ['Samsung Internet', '26', 'Android', '14'],
  ],
  [
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
    ['Mobile Chrome', '130', 'Android', '14'],
  ],
  [
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    ['Chrome', '131', 'macOS', '10.15'],
  ],
  ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15', ['Safari', '17', 'macOS', '10.15']],
  ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15', ['Safari', '18', 'macOS', '10.15']],
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36', ['Chrome', '120', 'Windows', '10']],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0',
    ['Opera', '115', 'Windows', '10'],
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
    ['Edge', '131', 'Windows', '10'],
  ],
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0', ['Firefox', '133', 'Windows', '10']],
  ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36', ['Chrome', '120', 'Linux', 'Unknown']],
  ['Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0', ['Firefox', '121', 'Linux', 'Unknown']],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
    ['Mobile Safari', '17', 'iOS', '17'],
  ],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    ['Mobile Safari', '18', 'iOS', '18'],
  ],
  [
    'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
    ['Mobile Safari', '16', 'iOS', '16'],
  ],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1',
    ['Mobile Chrome', '120', 'iOS', '17'],
  ],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/121.0 Mobile/15E148 Safari/605.1.15',
    ['Mobile Firefox', '121', 'iOS', '17'],
  ],
  [
    'Mozilla/5.0 (Linux; Android 13; SM-G991B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.144 Mobile Safari/537.36',
    ['Chrome WebView', '120', 'Android', '13'],
  ],
  ['Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36', ['Chrome', '120', 'Chrome OS', '14541']],
  ['Mozilla/5.0 (Windows NT 6.1; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/109.0.0.0 Safari/537.36', ['Chrome', '109', 'Windows', '7']],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
    ['Chrome Headless', '131', 'Windows', '10'],
  ],
  ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:133.0) Gecko/20100101 Firefox/133.0', ['Firefox', '133', 'macOS', '10.15']],
  ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_2_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15', ['Safari', '17', 'macOS', '14']],
  ['Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0', ['Firefox', '121', 'Ubuntu', 'Unknown']],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 YaBrowser/24.1.0.0 Safari/537.36',
    ['Yandex', '24', 'Windows', '10'],
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Vivaldi/6.5',
    ['Vivaldi', '6', 'Windows', '10'],
  ],
  [
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36 EdgA/120.0.0.0',
    ['Edge', '120', 'Android', '10'],
  ],
  ['Mozilla/5.0 (Android 14; Mobile; rv:121.0) Gecko/121.0 Firefox/121.0', ['Mobile Firefox', '121', 'Android', '14']],
  ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', ['Other', 'Unknown', 'Other', 'Unknown']],
  ['Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko', ['IE', '11', 'Windows', '10']],
  ['curl/8.4.0', ['Other', 'Unknown', 'Other', 'Unknown']],
  ['node', ['Other', 'Unknown', 'Other', 'Unknown']],
  ['npm/10.2.4 node/v20.11.0 linux x64 workspaces/false', ['Other', 'Unknown', 'linux', 'x64']],
  ['Deno/1.40.0', ['Other', 'Unknown', 'Other', 'Unknown']],
  ['python-requests/2.31.0', ['Other', 'Unknown', 'Other', 'Unknown']],
  ['Wget/1.21.4', ['Other', 'Unknown', 'Other', 'Unknown']],
  ['', ['Other', 'Unknown', 'Other', 'Unknown']],
];

describe('user agents', () => {
  for (const [ua, [browser, browserVersion, platform, platformVersion]] of CASES) {
    it(`reads ${JSON.stringify(ua.slice(0, 90))} as ${browser} ${browserVersion} on ${platform} ${platformVersion}`, () => {
      assert.deepEqual(parseUserAgent(ua), { browser, browserVersion, platform, platformVersion });
    });
  }

  it('reads a missing header as an unknown browser on an unknown platform', () => {
    const unknown = { browser: 'Other', browserVersion: 'Unknown', platform: 'Other', platformVersion: 'Unknown' };
    assert.deepEqual(parseUserAgent(undefined), unknown);
    assert.deepEqual(parseUserAgent(null), unknown);
  });

  it('names macOS versions and no other platform’s', () => {
    assert.equal(platformVersionName('macOS', '10.15'), 'Catalina');
    assert.equal(platformVersionName('macOS', '14'), 'Sonoma');
    assert.equal(platformVersionName('Windows', '10'), '');
  });
});
