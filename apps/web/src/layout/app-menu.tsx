import { useCallback, useEffect, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { SUBMENU_COLLAPSE_MS } from './layout-config';
import { groupOfPath, isItemPath, type MenuEntry, type MenuLeaf } from './menu-model';

function MenuLink({ item, nested }: { item: MenuLeaf; nested?: boolean }) {
  const { pathname } = useLocation();
  const alsoActive = !!item.also && isItemPath(item, pathname);
  return (
    <NavLink
      to={item.to}
      className={({ isActive }) =>
        `layout-menuitem-link p-ripple${isActive || alsoActive ? ' active-route' : ''}${nested ? ' layout-submenu-link' : ''}`
      }
      data-menu-key={item.key}
    >
      <i className={`layout-menuitem-icon ${item.icon}`} aria-hidden="true" />
      <span className="layout-menuitem-text">{item.label}</span>
    </NavLink>
  );
}

function withKey(set: ReadonlySet<string>, key: string): ReadonlySet<string> {
  return set.has(key) ? set : new Set(set).add(key);
}

function withoutKey(set: ReadonlySet<string>, key: string): ReadonlySet<string> {
  if (!set.has(key)) return set;
  const next = new Set(set);
  next.delete(key);
  return next;
}

/**
 * The sidebar menu (already filtered by permission). Groups open on click and on navigation to
 * one of their pages, and collapse by themselves 15 s after they were opened or last used
 * (docs/domain.md "Constants and limits").
 */
export function AppMenu({
  entries,
  pathname,
  collapseAfterMs = SUBMENU_COLLAPSE_MS,
}: {
  entries: readonly MenuEntry[];
  pathname: string;
  collapseAfterMs?: number;
}) {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => {
    const g = groupOfPath(entries, pathname);
    return new Set(g ? [g] : []);
  });

  // Navigating to a page opens its group (state adjusted while rendering, not in an effect).
  const [seenPath, setSeenPath] = useState(pathname);
  if (seenPath !== pathname) {
    setSeenPath(pathname);
    const g = groupOfPath(entries, pathname);
    if (g) setOpen(withKey(open, g));
  }

  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const close = useCallback((key: string) => {
    const t = timers.current.get(key);
    if (t) clearTimeout(t);
    timers.current.delete(key);
    setOpen((prev) => withoutKey(prev, key));
  }, []);

  /** (Re)start a group's collapse timer. */
  const arm = useCallback(
    (key: string) => {
      const t = timers.current.get(key);
      if (t) clearTimeout(t);
      timers.current.set(
        key,
        setTimeout(() => close(key), collapseAfterMs),
      );
    },
    [close, collapseAfterMs],
  );

  // Every open group has a running timer; closed ones none.
  useEffect(() => {
    const map = timers.current;
    for (const key of open) if (!map.has(key)) arm(key);
    for (const [key, t] of map) {
      if (!open.has(key)) {
        clearTimeout(t);
        map.delete(key);
      }
    }
  }, [open, arm]);

  useEffect(() => {
    const map = timers.current;
    return () => {
      for (const t of map.values()) clearTimeout(t);
      map.clear();
    };
  }, []);

  return (
    <ul className="layout-menu" data-testid="app-menu">
      {entries.map((entry) => {
        if (entry.kind === 'heading') {
          return (
            <li key={entry.key} className="layout-menuitem-heading" data-menu-heading={entry.key}>
              {entry.label}
            </li>
          );
        }
        if (entry.kind === 'item') {
          return (
            <li key={entry.key} className="layout-root-menuitem">
              <MenuLink item={entry} />
            </li>
          );
        }
        const isOpen = open.has(entry.key);
        const submenuId = `submenu-${entry.key}`;
        const containsActive = groupOfPath([entry], pathname) !== null;
        return (
          <li
            key={entry.key}
            className={`layout-root-menuitem layout-menuitem-group${isOpen ? ' active-menuitem' : ''}`}
            data-menu-group={entry.key}
            onPointerEnter={isOpen ? () => arm(entry.key) : undefined}
            onFocus={isOpen ? () => arm(entry.key) : undefined}
          >
            <button
              type="button"
              className={`layout-menuitem-link layout-menuitem-toggle p-ripple${containsActive ? ' active-group' : ''}`}
              aria-expanded={isOpen}
              aria-controls={submenuId}
              onClick={() =>
                isOpen ? close(entry.key) : setOpen((prev) => withKey(prev, entry.key))
              }
            >
              <i className={`layout-menuitem-icon ${entry.icon}`} aria-hidden="true" />
              <span className="layout-menuitem-text">{entry.label}</span>
              <i className="pi pi-fw pi-angle-down layout-submenu-toggler" aria-hidden="true" />
            </button>
            <ul id={submenuId} className="layout-submenu" hidden={!isOpen}>
              {entry.items.map((item) => (
                <li key={item.key}>
                  <MenuLink item={item} nested />
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}
