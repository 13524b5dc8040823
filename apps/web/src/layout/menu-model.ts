import type { User } from '@gestcava/contracts';
import { isAllowed, type PageRule } from '@/lib/permissions';

/**
 * The sidebar menu (docs/screens.md "Sidebar menu", EXAMPLES §4.2) as data, derived from the app's pages
 * table (app/app-pages.ts, handed over by the shell): a leaf per page with a `menu`, under that
 * page's rule, filtered by the same `can` the guards and the server use.
 */

/** A page's sidebar entry. */
export interface PageMenu<G extends string = string> {
  /** stable key, used by tests and the DOM (data-menu-key) */
  key: string;
  /** the group it sits in; none: a top-level item */
  group?: G;
  label: string;
  icon: string;
  /** other paths that are this item's page too (Magazzino → Lastre's bundles tab) */
  also?: readonly string[];
}

export interface MenuGroupDef {
  label: string;
  icon: string;
  /** a title line shown above the group, only when the group shows */
  heading?: string;
}

/** What the menu needs of a page: its path under /app, its rule and its entry. */
export interface MenuPage<G extends string = string> {
  path: string;
  rule: PageRule;
  menu?: PageMenu<G>;
}

export interface MenuLeaf {
  kind: 'item';
  key: string;
  label: string;
  icon: string;
  to: string;
  also?: readonly string[];
  rule: PageRule;
}

export interface MenuGroup {
  kind: 'group';
  key: string;
  label: string;
  icon: string;
  items: MenuLeaf[];
}

export interface MenuHeading {
  kind: 'heading';
  key: string;
  label: string;
  /** shown only when this group is shown */
  whenGroup: string;
}

export type MenuEntry = MenuLeaf | MenuGroup | MenuHeading;

/**
 * The menu in the pages' order: a page without a group is a top-level item, and a group (after its
 * heading) stands where its first page is.
 */
export function menuOf<G extends string>(
  pages: readonly MenuPage<G>[],
  groups: Readonly<Record<G, MenuGroupDef>>,
): MenuEntry[] {
  const model: MenuEntry[] = [];
  const made = new Map<G, MenuGroup>();
  for (const page of pages) {
    if (!page.menu) continue;
    const { key, group, label, icon, also } = page.menu;
    const leaf: MenuLeaf = {
      kind: 'item',
      key,
      label,
      icon,
      to: `/app/${page.path}`,
      rule: page.rule,
      ...(also && { also }),
    };
    if (group === undefined) {
      model.push(leaf);
      continue;
    }
    let entry = made.get(group);
    if (!entry) {
      const def = groups[group];
      if (def.heading)
        model.push({
          kind: 'heading',
          key: def.heading.toLowerCase(),
          label: def.heading,
          whenGroup: group,
        });
      entry = { kind: 'group', key: group, label: def.label, icon: def.icon, items: [] };
      made.set(group, entry);
      model.push(entry);
    }
    entry.items.push(leaf);
  }
  return model;
}

/**
 * The entries this user sees: leaves by their rule, groups with at least one visible leaf (and
 * their own rule), headings only when their group survives.
 */
export function filterMenu(
  user: User | null | undefined,
  model: readonly MenuEntry[],
): MenuEntry[] {
  const kept: MenuEntry[] = [];
  for (const entry of model) {
    if (entry.kind === 'item') {
      if (isAllowed(user, entry.rule)) kept.push(entry);
    } else if (entry.kind === 'group') {
      const items = entry.items.filter((item) => isAllowed(user, item.rule));
      if (items.length > 0) kept.push({ ...entry, items });
    } else {
      kept.push(entry);
    }
  }
  const groups = new Set(kept.filter((e) => e.kind === 'group').map((e) => e.key));
  return kept.filter((e) => e.kind !== 'heading' || groups.has(e.whenGroup));
}

/** Flat list of the visible leaves, in menu order. */
export function visibleLeaves(
  user: User | null | undefined,
  model: readonly MenuEntry[],
): MenuLeaf[] {
  return filterMenu(user, model).flatMap((e) =>
    e.kind === 'item' ? [e] : e.kind === 'group' ? e.items : [],
  );
}

/** Whether a path is the item's page or one under it (its detail pages). */
export function isItemPath(item: MenuLeaf, pathname: string): boolean {
  return [item.to, ...(item.also ?? [])].some(
    (p) => pathname === p || pathname.startsWith(`${p}/`),
  );
}

/** The group that holds the given path (to open it on navigation). */
export function groupOfPath(entries: readonly MenuEntry[], pathname: string): string | null {
  for (const entry of entries) {
    if (entry.kind === 'group' && entry.items.some((i) => isItemPath(i, pathname))) {
      return entry.key;
    }
  }
  return null;
}
