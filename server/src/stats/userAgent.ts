/**
 * Browser and platform of a request from its User-Agent, with ua-parser-js 1.x (MIT; its 2.x line is
 * AGPL-3.0), reduced to what the statistics show: browser name and major version, platform name, version and
 * version name. Results are memoised because a handful of user agents make up most traffic.
 */
import { LRUCache } from 'lru-cache';
import UAParser from 'ua-parser-js';

export interface ClientInfo {
  browser: string;
  browserVersion: string;
  platform: string;
  platformVersion: string;
}

const UNKNOWN_VERSION = 'Unknown';
const OTHER = 'Other';

/** macOS marketing names by version, as the platform statistics show them. */
const MACOS_NAMES: Record<string, string> = {
  '10.12': 'Sierra',
  '10.13': 'High Sierra',
  '10.14': 'Mojave',
  '10.15': 'Catalina',
  '11': 'Big Sur',
  '12': 'Monterey',
  '13': 'Ventura',
  '14': 'Sonoma',
  '15': 'Sequoia',
  '26': 'Tahoe',
};

/** The name a platform version is known by (`Catalina`), or '' where versions have no names. */
export function platformVersionName(platform: string, version: string): string {
  if (platform === 'macOS') return MACOS_NAMES[version] ?? '';
  return '';
}

function platformVersionOf(platform: string, version: string | undefined): string {
  if (!version) return UNKNOWN_VERSION;
  const parts = version.split('.');
  // macOS 10.x versions are named by major.minor; every other platform is grouped by major version.
  if (platform === 'macOS' && parts[0] === '10' && parts[1] !== undefined) return `10.${parts[1]}`;
  return parts[0] ?? UNKNOWN_VERSION;
}

/**
 * The names the statistics have always been kept under (those of ua-parser-js 2.x), where 1.x names the same
 * thing otherwise: a rename would split a browser's or platform's history in two.
 */
const PLATFORM_NAMES: Record<string, string> = { 'Mac OS': 'macOS', 'Chromium OS': 'Chrome OS' };
const MOBILE_CHROME = /\b(?:crmo|crios)\/|chrome\/[\w.]+ mobile/i;
const MOBILE_FIREFOX = /fxios\/|(?:mobile|tablet);.*firefox\//i;

function browserName(name: string | undefined, ua: string): string | undefined {
  if (name === 'Chrome' && MOBILE_CHROME.test(ua)) return 'Mobile Chrome';
  if (name === 'Firefox' && MOBILE_FIREFOX.test(ua)) return 'Mobile Firefox';
  return name;
}

const memo = new LRUCache<string, ClientInfo>({ max: 10_000 });

export function parseUserAgent(ua: string | null | undefined): ClientInfo {
  const key = ua ?? '';
  const cached = memo.get(key);
  if (cached) return cached;
  const parsed = new UAParser(key).getResult();
  const browser = browserName(parsed.browser.name, key) ?? OTHER;
  const osName = parsed.os.name;
  const platform = osName === undefined ? OTHER : (PLATFORM_NAMES[osName] ?? osName);
  const info: ClientInfo = {
    browser,
    browserVersion: browser === OTHER ? UNKNOWN_VERSION : (parsed.browser.major ?? UNKNOWN_VERSION),
    platform,
    platformVersion: platform === OTHER ? UNKNOWN_VERSION : platformVersionOf(platform, parsed.os.version),
  };
  memo.set(key, info);
  return info;
}
