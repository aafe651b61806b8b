/**
 * What a site operator says about their deployment: figures only they know, the sites and sponsors they can
 * name, the notices, the newsletter and the community links. It comes from one content file that the web
 * server reads (`SKYLIFT_CONTENT_FILE`) and hands to the browser in the boot document. Everything absent is
 * absent on the site: the defaults are true of a fresh install, so a fresh install claims nothing.
 *
 * Pure data and pure functions: the web server imports this module too.
 */
import { palette } from '@skylift/shared/styles';

export interface Sponsor {
  name: string;
  /** What the sponsor gives ("CDN", "DNS", "Storage"). */
  role?: string;
  url?: string;
  /** The sponsor's logo, an http(s) URL; without one the name is shown. */
  logo?: string;
  tier?: 'platinum' | 'gold' | 'bronze';
}

export interface JobNotice {
  /** The key under which a visitor's "closed" is remembered: change it to show a new notice to everyone. */
  id: string;
  text: string;
  linkLabel: string;
  linkUrl: string;
}

export interface SiteFigures {
  /** Points of presence of the fronting CDNs together. */
  pointsOfPresence: number | null;
  /** Websites known to load files from this deployment. */
  websites: number | null;
  /** Regions the deployment serves from. */
  regions: number | null;
  /** The year the deployment started serving; the footer's copyright range starts there. */
  firstYear: number | null;
}

export interface SiteLinks {
  /** The deployment's source code or organisation page. */
  codeHost: string | null;
  social: string | null;
  /** The chat community; `/discord` redirects there when set. */
  chat: string | null;
  /** A mailing-list service's subscribe endpoint; the newsletter form shows only when set. */
  newsletter: string | null;
  /** Where a company asks about sponsoring (a page, or `mailto:`); /become-a-sponsor offers plans only with a contact. */
  sponsorship: string | null;
}

/** A CDN that serves the deployment's files; a fresh install has one, its own origin. */
export interface Provider {
  /** The code the request log and the data API use (`x-edge-provider`), `OR` for the origin itself. */
  code: string;
  name: string;
  /** CSS colour of its series in charts and its markers on maps. */
  color: string;
  /** Image URL of its logo, if any. */
  logo: string | null;
  /** Shown on the statistics page. */
  enabled: boolean;
  /** The start of the titles of its network locations ("CF - Frankfurt"); default: its code. */
  prefix: string;
}

/** Where the network page places a provider's points of presence. */
export interface NetworkLocation {
  /** `PREFIX - Region`: the prefix names the provider, the text after the first dash the region. */
  title: string;
  latitude: number;
  longitude: number;
}

export interface SiteContent {
  figures: SiteFigures;
  links: SiteLinks;
  /** Well-known sites that load files from this deployment, as the operator can vouch for them. */
  knownSites: string[];
  sponsors: Sponsor[];
  jobNotice: JobNotice | null;
  /** Whether requests fail over between several fronting CDNs (said on the site only when true). */
  failover: boolean;
  providers: Provider[];
  locations: NetworkLocation[];
}

export const ORIGIN_PROVIDER: Provider = { code: 'OR', name: 'Origin', color: palette.blue600, logo: null, enabled: true, prefix: 'OR' };

export const DEFAULT_SITE_CONTENT: SiteContent = {
  figures: { pointsOfPresence: null, websites: null, regions: null, firstYear: null },
  links: { codeHost: null, social: null, chat: null, newsletter: null, sponsorship: null },
  knownSites: [],
  sponsors: [],
  jobNotice: null,
  failover: false,
  providers: [ORIGIN_PROVIDER],
  locations: [],
};

export class SiteContentError extends Error {
  override name = 'SiteContentError';
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const MAX_TEXT = 1000;
const MAX_LIST = 500;

function optionalText(value: unknown, where: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || value.length > MAX_TEXT) throw new SiteContentError(`${where} must be a string of at most ${MAX_TEXT} characters.`);
  return value.trim() === '' ? null : value;
}

function requiredText(value: unknown, where: string): string {
  const text = optionalText(value, where);
  if (text === null) throw new SiteContentError(`${where} is required.`);
  return text;
}

function url(value: unknown, where: string): string | null {
  const text = optionalText(value, where);
  if (text === null) return null;
  if (!/^(https?:\/\/|\/)/.test(text)) throw new SiteContentError(`${where} must be an http(s) URL or a path on this site.`);
  return text;
}

/** A page to write from (an http(s) URL or a path on this site) or an e-mail address as a `mailto:` link. */
function contact(value: unknown, where: string): string | null {
  const text = optionalText(value, where);
  if (text === null) return null;
  if (/^mailto:[^\s@]+@[^\s@]+$/.test(text)) return text;
  if (!/^(https?:\/\/|\/)/.test(text)) throw new SiteContentError(`${where} must be an http(s) URL, a path on this site or a mailto: address.`);
  return text;
}

function figure(value: unknown, where: string): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) throw new SiteContentError(`${where} must be a number of at least 0.`);
  return value;
}

function list<T>(value: unknown, where: string, item: (value: unknown, where: string) => T): T[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.length > MAX_LIST) throw new SiteContentError(`${where} must be a list of at most ${MAX_LIST} entries.`);
  return value.map((entry, index) => item(entry, `${where}[${index}]`));
}

function section(value: unknown, where: string): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (!isRecord(value)) throw new SiteContentError(`${where} must be an object.`);
  return value;
}

function sponsor(value: unknown, where: string): Sponsor {
  if (!isRecord(value)) throw new SiteContentError(`${where} must be an object.`);
  const result: Sponsor = { name: requiredText(value['name'], `${where}.name`) };
  const role = optionalText(value['role'], `${where}.role`);
  const link = url(value['url'], `${where}.url`);
  const logo = url(value['logo'], `${where}.logo`);
  if (role) result.role = role;
  if (link) result.url = link;
  if (logo) result.logo = logo;
  if (value['tier'] !== undefined) {
    if (value['tier'] !== 'platinum' && value['tier'] !== 'gold' && value['tier'] !== 'bronze')
      throw new SiteContentError(`${where}.tier must be platinum, gold or bronze.`);
    result.tier = value['tier'];
  }
  return result;
}

function provider(value: unknown, where: string): Provider {
  if (!isRecord(value)) throw new SiteContentError(`${where} must be an object.`);
  const code = requiredText(value['code'], `${where}.code`);
  const color = requiredText(value['color'] ?? palette.slate500, `${where}.color`);
  if (!/^#[0-9a-f]{3,8}$/i.test(color)) throw new SiteContentError(`${where}.color must be a hex colour such as ${palette.blue600}.`);
  if (value['enabled'] !== undefined && typeof value['enabled'] !== 'boolean') throw new SiteContentError(`${where}.enabled must be true or false.`);
  return {
    code,
    name: requiredText(value['name'], `${where}.name`),
    color,
    logo: url(value['logo'], `${where}.logo`),
    enabled: value['enabled'] !== false,
    prefix: optionalText(value['prefix'], `${where}.prefix`) ?? code,
  };
}

function location(value: unknown, where: string): NetworkLocation {
  if (!isRecord(value)) throw new SiteContentError(`${where} must be an object.`);
  const coordinate = (key: 'latitude' | 'longitude', limit: number): number => {
    const n = value[key];
    if (typeof n !== 'number' || !Number.isFinite(n) || Math.abs(n) > limit)
      throw new SiteContentError(`${where}.${key} must be a number between -${limit} and ${limit}.`);
    return n;
  };
  return { title: requiredText(value['title'], `${where}.title`), latitude: coordinate('latitude', 90), longitude: coordinate('longitude', 180) };
}

/** Checks a content file's JSON and fills what it leaves out with the defaults; throws naming the first fault. */
export function parseSiteContent(value: unknown): SiteContent {
  if (!isRecord(value)) throw new SiteContentError('The site content must be a JSON object.');
  const figures = section(value['figures'], 'figures');
  const links = section(value['links'], 'links');
  const job = value['jobNotice'];
  let jobNotice: JobNotice | null = null;
  if (job !== undefined && job !== null) {
    const notice = section(job, 'jobNotice');
    jobNotice = {
      id: requiredText(notice['id'], 'jobNotice.id'),
      text: requiredText(notice['text'], 'jobNotice.text'),
      linkLabel: requiredText(notice['linkLabel'], 'jobNotice.linkLabel'),
      linkUrl: url(notice['linkUrl'], 'jobNotice.linkUrl') ?? '/',
    };
  }
  if (value['failover'] !== undefined && typeof value['failover'] !== 'boolean') throw new SiteContentError('failover must be true or false.');
  return {
    figures: {
      pointsOfPresence: figure(figures['pointsOfPresence'], 'figures.pointsOfPresence'),
      websites: figure(figures['websites'], 'figures.websites'),
      regions: figure(figures['regions'], 'figures.regions'),
      firstYear: figure(figures['firstYear'], 'figures.firstYear'),
    },
    links: {
      codeHost: url(links['codeHost'], 'links.codeHost'),
      social: url(links['social'], 'links.social'),
      chat: url(links['chat'], 'links.chat'),
      newsletter: url(links['newsletter'], 'links.newsletter'),
      sponsorship: contact(links['sponsorship'], 'links.sponsorship'),
    },
    knownSites: list(value['knownSites'], 'knownSites', requiredText),
    sponsors: list(value['sponsors'], 'sponsors', sponsor),
    jobNotice,
    failover: value['failover'] === true,
    // A deployment that lists no provider is served by its own origin.
    providers: value['providers'] === undefined ? [ORIGIN_PROVIDER] : list(value['providers'], 'providers', provider),
    locations: list(value['locations'], 'locations', location),
  };
}
