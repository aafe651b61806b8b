/**
 * What a remote says about its own pages: path patterns, titles, descriptions, the header variant and the
 * entries it adds to the site's menus; and the places of the site's frame it fills. A remote writes this once (its `./pages` module, with `declarePages`);
 * its build publishes the same data as `mf-pages.json` beside its federation manifest, so the shell and the
 * web server learn every page of a deployment at run time, without running a remote's code and without a
 * list of pages anywhere else.
 *
 * Pure data and pure functions: the web server imports this module too.
 */
import type { ComponentType } from 'react';

/** Header logo variants of the shared frame: the regular logo, the white one on dark pages, the icon, the network tool's. */
export type HeaderVariant = 'regular' | 'white' | 'icon' | 'network-tool';
export const HEADER_VARIANTS: readonly HeaderVariant[] = ['regular', 'white', 'icon', 'network-tool'];

/** The menus a page can add itself to: the header's main links, its Tools and Resources dropdowns, and the footer's columns. */
export type MenuName = 'main' | 'tools' | 'resources' | 'footer';
export const MENU_NAMES: readonly MenuName[] = ['main', 'tools', 'resources', 'footer'];

export interface MenuEntry {
  menu: MenuName;
  label: string;
  /** Position in its menu, across every remote: lower first. */
  order: number;
  /** Where it goes; default: the page's path (which then must have no parameters). */
  to?: string;
  /** In a dropdown: the heading the entry sits under ("Convert from"). */
  group?: string;
  /** In the footer: the column's heading ("About"). Columns are ordered by their first entry. */
  column?: string;
  /** In the footer: the main row (default) or the second row of test links. */
  row?: 'main' | 'secondary';
  /** A short highlight shown beside the label ("NEW"). */
  badge?: string;
  /** Hidden while the current page has this header variant (a link to the network tool on its own pages). */
  hiddenWithHeader?: HeaderVariant;
}

/**
 * The places of the site's frame a remote can fill with a component of its own: the start of the header,
 * beside the logo (a flexible room that folds to an icon's width on medium screens and opens while in use:
 * the compact package search), and its end, after the icon links.
 */
export type SlotName = 'header-start' | 'header-end';
export const SLOT_NAMES: readonly SlotName[] = ['header-start', 'header-end'];

/** A slot a remote fills: the shell renders the `Slot` component of the remote's expose there (`SlotModule`). */
export interface SlotFill {
  slot: SlotName;
  /** The remote's expose (`./CompactSearch`), as its webpack configuration names it. */
  expose: string;
  /** Patterns of the pages on whose addresses the slot stays empty and the expose is not even downloaded. */
  except?: string[];
}

/** A rule a path parameter must meet for the page to own the address: an anchored regular expression. */
export interface ParamRule {
  pattern: string;
}

/** One page, as data. `title` and `description` may hold `{param}` placeholders, filled from the address. */
export interface PageInfo {
  /** A react-router pattern: `/package/gh/:user/:repo`. */
  path: string;
  title: string;
  description: string;
  /**
   * The heading the page opens with (`{param}` placeholders allowed). The web server writes it, above the
   * page's description, into the HTML's first paint, so the first screen's largest text is drawn before any
   * script has run; the page's own render replaces it.
   */
  heading?: string;
  header: HeaderVariant;
  params?: Record<string, ParamRule>;
  /** A concrete address of the page, for the remote's standalone page and tests; default: `path`. */
  example?: string;
  menus?: MenuEntry[];
}

/** What `mf-pages.json` holds. */
export interface RemotePages {
  remote: string;
  pages: PageInfo[];
  slots?: SlotFill[];
}

/** One page in a remote's `./pages` module: the data plus the component, loaded only when the page is shown. */
export interface PageDefinition extends PageInfo {
  load: () => Promise<ComponentType>;
}

export interface PagesDeclaration {
  remote: string;
  pages: PageDefinition[];
  slots?: SlotFill[];
}

/**
 * Declares a remote's pages, and the slots of the frame it fills; checks them as `parseRemotePages` would, so
 * a mistake fails the remote's own build and tests.
 */
export function declarePages(remote: string, pages: PageDefinition[], { slots }: { slots?: SlotFill[] } = {}): PagesDeclaration {
  const declaration: PagesDeclaration = { remote, pages, ...(slots ? { slots } : {}) };
  parseRemotePages(remotePagesOf(declaration));
  return declaration;
}

/** The data part of a page definition, as the build publishes it. */
export function pageInfoOf({ load: _load, ...info }: PageDefinition): PageInfo {
  return info;
}

export function remotePagesOf(declaration: PagesDeclaration): RemotePages {
  return { remote: declaration.remote, pages: declaration.pages.map(pageInfoOf), ...(declaration.slots ? { slots: declaration.slots } : {}) };
}

export class PageDeclarationError extends Error {
  override name = 'PageDeclarationError';
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const LIMIT = { pages: 200, menus: 50, text: 500, pattern: 500, slots: SLOT_NAMES.length, except: 50 } as const;

function text(value: unknown, where: string, { optional = false } = {}): string | undefined {
  if (value === undefined && optional) return undefined;
  if (typeof value !== 'string' || value === '' || value.length > LIMIT.text)
    throw new PageDeclarationError(`${where} must be a non-empty string of at most ${LIMIT.text} characters.`);
  return value;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], where: string): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value))
    throw new PageDeclarationError(`${where} must be one of ${allowed.join(', ')}.`);
  return value as T;
}

/** Parameter names of a pattern, without the `?` of optional ones. */
export function patternParams(pattern: string): string[] {
  return pattern
    .split('/')
    .filter((part) => part.startsWith(':'))
    .map((part) => part.slice(1).replace(/\?$/, ''));
}

function parseMenuEntry(value: unknown, page: PageInfo, where: string): MenuEntry {
  if (!isRecord(value)) throw new PageDeclarationError(`${where} must be an object.`);
  const order = value['order'];
  if (typeof order !== 'number' || !Number.isFinite(order)) throw new PageDeclarationError(`${where}.order must be a number.`);
  const to = text(value['to'], `${where}.to`, { optional: true });
  if (to === undefined && patternParams(page.path).length > 0) throw new PageDeclarationError(`${where} needs "to": the page's path has parameters.`);
  if (to !== undefined && !to.startsWith('/')) throw new PageDeclarationError(`${where}.to must be a path on this site.`);
  const entry: MenuEntry = { menu: oneOf(value['menu'], MENU_NAMES, `${where}.menu`), label: text(value['label'], `${where}.label`)!, order };
  if (to !== undefined) entry.to = to;
  for (const key of ['group', 'column', 'badge'] as const) {
    const found = text(value[key], `${where}.${key}`, { optional: true });
    if (found !== undefined) entry[key] = found;
  }
  if (value['row'] !== undefined) entry.row = oneOf(value['row'], ['main', 'secondary'] as const, `${where}.row`);
  if (value['hiddenWithHeader'] !== undefined) entry.hiddenWithHeader = oneOf(value['hiddenWithHeader'], HEADER_VARIANTS, `${where}.hiddenWithHeader`);
  if (entry.menu === 'footer' && entry.column === undefined) throw new PageDeclarationError(`${where} is a footer entry and needs a column.`);
  return entry;
}

function parsePage(value: unknown, where: string): PageInfo {
  if (!isRecord(value)) throw new PageDeclarationError(`${where} must be an object.`);
  const path = text(value['path'], `${where}.path`)!;
  if (!path.startsWith('/')) throw new PageDeclarationError(`${where}.path must start with "/".`);
  const page: PageInfo = {
    path,
    title: text(value['title'], `${where}.title`)!,
    description: text(value['description'], `${where}.description`)!,
    header: oneOf(value['header'], HEADER_VARIANTS, `${where}.header`),
  };
  const names = patternParams(path);
  if (value['params'] !== undefined) {
    if (!isRecord(value['params'])) throw new PageDeclarationError(`${where}.params must be an object.`);
    page.params = {};
    for (const [name, rule] of Object.entries(value['params'])) {
      if (!names.includes(name)) throw new PageDeclarationError(`${where}.params.${name} is not a parameter of ${path}.`);
      if (!isRecord(rule) || typeof rule['pattern'] !== 'string' || rule['pattern'].length > LIMIT.pattern) {
        throw new PageDeclarationError(`${where}.params.${name} must be { pattern: string }.`);
      }
      try {
        new RegExp(rule['pattern']);
      } catch {
        throw new PageDeclarationError(`${where}.params.${name}.pattern is not a valid regular expression.`);
      }
      page.params[name] = { pattern: rule['pattern'] };
    }
  }
  const heading = text(value['heading'], `${where}.heading`, { optional: true });
  if (heading !== undefined) page.heading = heading;
  const example = text(value['example'], `${where}.example`, { optional: true });
  if (example !== undefined) page.example = example;
  if (value['menus'] !== undefined) {
    if (!Array.isArray(value['menus']) || value['menus'].length > LIMIT.menus)
      throw new PageDeclarationError(`${where}.menus must be a list of at most ${LIMIT.menus} entries.`);
    page.menus = value['menus'].map((entry, index) => parseMenuEntry(entry, page, `${where}.menus[${index}]`));
  }
  return page;
}

function parseSlotFill(value: unknown, where: string): SlotFill {
  if (!isRecord(value)) throw new PageDeclarationError(`${where} must be an object.`);
  const fill: SlotFill = { slot: oneOf(value['slot'], SLOT_NAMES, `${where}.slot`), expose: text(value['expose'], `${where}.expose`)! };
  if (!fill.expose.startsWith('./')) throw new PageDeclarationError(`${where}.expose must name an expose of the remote ("./Name").`);
  if (fill.expose === './pages' || fill.expose === './mount')
    throw new PageDeclarationError(`${where}.expose cannot be ${fill.expose}, which has a contract of its own.`);
  const except = value['except'];
  if (except !== undefined) {
    if (!Array.isArray(except) || except.length > LIMIT.except)
      throw new PageDeclarationError(`${where}.except must be a list of at most ${LIMIT.except} page patterns.`);
    fill.except = except.map((pattern, index) => {
      const found = text(pattern, `${where}.except[${index}]`)!;
      if (!found.startsWith('/')) throw new PageDeclarationError(`${where}.except[${index}] must be a page pattern, starting with "/".`);
      return found;
    });
  }
  return fill;
}

function parseSlots(value: unknown, remote: string): SlotFill[] {
  if (!Array.isArray(value) || value.length > LIMIT.slots) throw new PageDeclarationError(`${remote}: slots must be a list of at most ${LIMIT.slots} entries.`);
  const fills = value.map((fill, index) => parseSlotFill(fill, `${remote}: slots[${index}]`));
  const seen = new Set<SlotName>();
  for (const { slot } of fills) {
    if (seen.has(slot)) throw new PageDeclarationError(`${remote}: the slot ${slot} is filled twice.`);
    seen.add(slot);
  }
  return fills;
}

/** Checks a published declaration (untrusted JSON) and returns a clean copy, or throws naming the first fault. */
export function parseRemotePages(value: unknown): RemotePages {
  if (!isRecord(value)) throw new PageDeclarationError('A page declaration must be a JSON object.');
  const remote = text(value['remote'], 'remote')!;
  const pages = value['pages'];
  if (!Array.isArray(pages) || pages.length === 0 || pages.length > LIMIT.pages)
    throw new PageDeclarationError(`${remote}: pages must be a list of 1 to ${LIMIT.pages} pages.`);
  const parsed = pages.map((page, index) => parsePage(page, `${remote}: pages[${index}]`));
  const seen = new Set<string>();
  for (const page of parsed) {
    if (seen.has(page.path)) throw new PageDeclarationError(`${remote}: ${page.path} is declared twice.`);
    seen.add(page.path);
  }
  if (value['slots'] === undefined) return { remote, pages: parsed };
  return { remote, pages: parsed, slots: parseSlots(value['slots'], remote) };
}

/** Fills `{param}` placeholders of a title or description with the address's parameters. */
export function fillTemplate(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}
