/**
 * The site's menus, assembled from the entries each remote declares for its pages: the header's links and
 * its two dropdowns, and the footer's columns. Pure, so the header, the footer and their tests read one thing.
 */
import type { HeaderVariant, MenuEntry, RemotePages } from '@skylift/shared/pages';

export interface MenuLink {
  kind: 'link';
  label: string;
  to: string;
  order: number;
  badge?: string;
  hiddenWithHeader?: HeaderVariant;
}

/** Not a link: an action such as "Newsletter", which takes the visitor to the sign-up form in the footer. */
export interface MenuAction {
  kind: 'action';
  label: string;
  action: 'newsletter';
  order: number;
}

export interface MenuGroupLabel {
  kind: 'group';
  label: string;
}

export type MenuItem = MenuLink | MenuAction | MenuGroupLabel;

/** Where the Tools and Resources dropdowns stand among the header's main links (main entries order around them). */
export const DROPDOWN_ORDER = { tools: 50, resources: 60 } as const;

function declaredEntries(pages: readonly RemotePages[], menu: MenuEntry['menu']): Array<{ entry: MenuEntry; to: string }> {
  const found: Array<{ entry: MenuEntry; to: string }> = [];
  for (const remote of pages) {
    for (const page of remote.pages) {
      for (const entry of page.menus ?? []) if (entry.menu === menu) found.push({ entry, to: entry.to ?? page.path });
    }
  }
  return found.sort((a, b) => a.entry.order - b.entry.order);
}

const linkOf = ({ entry, to }: { entry: MenuEntry; to: string }): MenuLink => ({
  kind: 'link',
  label: entry.label,
  to,
  order: entry.order,
  ...(entry.badge ? { badge: entry.badge } : {}),
  ...(entry.hiddenWithHeader ? { hiddenWithHeader: entry.hiddenWithHeader } : {}),
});

/** The header's links, in order; those that stand before the dropdowns and those after. */
export function mainLinks(pages: readonly RemotePages[]): { before: MenuLink[]; after: MenuLink[] } {
  const links = declaredEntries(pages, 'main').map(linkOf);
  return { before: links.filter((l) => l.order < DROPDOWN_ORDER.tools), after: links.filter((l) => l.order >= DROPDOWN_ORDER.tools) };
}

/**
 * A dropdown's items: entries in order, each group's heading before its first entry. `extra` are the
 * shell's own entries (the newsletter action), ordered among the declared ones.
 */
export function dropdownItems(pages: readonly RemotePages[], menu: 'tools' | 'resources', extra: readonly MenuAction[] = []): MenuItem[] {
  const declared = declaredEntries(pages, menu).map(({ entry, to }) => ({ item: linkOf({ entry, to }) as MenuLink | MenuAction, group: entry.group }));
  const all = [...declared, ...extra.map((item) => ({ item: item as MenuLink | MenuAction, group: undefined }))].sort((a, b) => a.item.order - b.item.order);
  const items: MenuItem[] = [];
  const headed = new Set<string>();
  for (const { item, group } of all) {
    if (group && !headed.has(group)) {
      headed.add(group);
      items.push({ kind: 'group', label: group });
    }
    items.push(item);
  }
  return items;
}

export interface FooterColumn {
  heading: string;
  links: MenuLink[];
}

/** The footer's columns of one row, ordered by their first entry; entries in order within each. */
export function footerColumns(pages: readonly RemotePages[], row: 'main' | 'secondary'): FooterColumn[] {
  const columns = new Map<string, FooterColumn>();
  for (const { entry, to } of declaredEntries(pages, 'footer')) {
    if ((entry.row ?? 'main') !== row || !entry.column) continue;
    let column = columns.get(entry.column);
    if (!column) {
      column = { heading: entry.column, links: [] };
      columns.set(entry.column, column);
    }
    column.links.push(linkOf({ entry, to }));
  }
  return [...columns.values()];
}
