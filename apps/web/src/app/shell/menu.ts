import { hasPermission } from '@corner/domain';
import type { MantineColor } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';
import type { ResultOf } from 'gql.tada';
import type { CountersFragment } from '../../features/queue/graphql';
import type en from '../i18n/en.json';
import { dropRepeatedSeparators } from '../../ui/nav-menu/separators';

/** The counters the API returns, by name (`created`, `waiting`, ... `unreadMessages`). */
export type Counters = ResultOf<typeof CountersFragment>;
export type CounterName = keyof Counters;

/** A key under "nav" in en.json. */
export type NavLabel = keyof (typeof en)['nav'];

/**
 * A page as the menus, the router and the count cards know it. One definition serves the menu
 * link, the page's access check and its card on the home or overview page.
 */
export interface PageLink {
  kind: 'link';
  id: string;
  label: NavLabel;
  /** An app path, or a full URL when `external` is set. */
  to: string;
  icon: TablerIcon;
  /** Holding any one of these shows the link and opens the page; undefined: always shown. */
  permissions?: readonly string[] | undefined;
  /** The counter shown as the link's badge in the side menu (hidden when 0). */
  badge?: CounterName | undefined;
  /** A badge colour that stands out, e.g. red for problems. */
  badgeColor?: MantineColor | undefined;
  /** The counter shown on the page's card (home or overview); defaults to `badge`. */
  counter?: CounterName | undefined;
  /** Opens in a new tab, outside the app. */
  external?: boolean | undefined;
  /** Active only on exactly this path (for "/" and "/staff"), not on the paths below it. */
  end?: boolean | undefined;
}

export interface MenuSeparator {
  kind: 'separator';
  id: string;
}

export type MenuEntry = PageLink | MenuSeparator;

export function separator(id: string): MenuSeparator {
  return { kind: 'separator', id };
}

export function isSeparator(entry: MenuEntry): entry is MenuSeparator {
  return entry.kind === 'separator';
}

/**
 * The entries a member sees: links without a held permission are hidden, then a separator that
 * directly follows another is dropped; trailing separators stay (SPEC section 2).
 */
export function visibleMenu(entries: readonly MenuEntry[], permissions: Set<string>): MenuEntry[] {
  const allowed = entries.filter(
    (entry) => isSeparator(entry) || entry.permissions === undefined || hasPermission(permissions, entry.permissions),
  );
  return dropRepeatedSeparators(allowed, isSeparator);
}

function trimSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** Whether a link is the current page (or, unless `end`, a page below it). */
export function isLinkActive(link: PageLink, pathname: string): boolean {
  if (link.external) return false;
  const current = trimSlash(pathname);
  const target = trimSlash(link.to);
  if (current === target) return true;
  return !link.end && current.startsWith(`${target}/`);
}

/** The number a count card or badge shows for a link, or undefined if it has none. */
export function linkCount(link: PageLink, counters: Counters | null | undefined, use: 'badge' | 'card'): number | undefined {
  const name = use === 'badge' ? link.badge : (link.counter ?? link.badge);
  if (name === undefined || !counters) return undefined;
  return counters[name];
}
