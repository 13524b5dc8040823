import {
  PAGE_KEYS,
  PERMISSION_PRESETS,
  type PageKey,
  type Permissions,
  type PermissionValue,
} from '@gestcava/contracts';

/** Pages where writing means nothing: the dashboard only shows, the chat needs only access. */
export const READ_ONLY_PAGES: readonly PageKey[] = ['dashboard', 'chat'];
/** The dashboard is open to everyone (`can`), whatever is stored. */
export const ALWAYS_ON_PAGE: PageKey = 'dashboard';

export interface PermissionRow {
  access: boolean;
  write: boolean;
}
export type PermissionGrid = Record<PageKey, PermissionRow>;

/** One stored value as the editor's two toggles (`write` defaults to `access`, docs/api.md "Who may call what"). */
export function rowOf(value: PermissionValue | undefined): PermissionRow {
  if (value === undefined || value === false) return { access: false, write: false };
  if (value === true) return { access: true, write: true };
  const access = value.access === true;
  return { access, write: access && (value.write ?? value.access) === true };
}

export function gridOf(permissions: Permissions | null | undefined): PermissionGrid {
  return Object.fromEntries(PAGE_KEYS.map((k) => [k, rowOf(permissions?.[k])])) as PermissionGrid;
}

/** The grid as sent: `true` for read and write, `{ access: true, write: false }` for read only, nothing for none. */
export function permissionsOf(grid: PermissionGrid): Permissions {
  const out: Permissions = {};
  for (const key of PAGE_KEYS) {
    const row = grid[key];
    if (!row.access) continue;
    out[key] = row.write ? true : { access: true, write: false };
  }
  return out;
}

/** `modifica` implies `accesso`; without `accesso` there is no `modifica`. */
export function toggle(
  permissions: Permissions,
  key: PageKey,
  what: keyof PermissionRow,
  on: boolean,
): Permissions {
  const grid = gridOf(permissions);
  const row = { ...grid[key] };
  if (what === 'write') {
    row.write = on;
    if (on) row.access = true;
  } else {
    row.access = on;
    // where writing means nothing, access is stored as the presets store it (`true`)
    if (!on || READ_ONLY_PAGES.includes(key)) row.write = on;
  }
  grid[key] = row;
  return permissionsOf(grid);
}

/** The preset these permissions are exactly, if any. */
export function matchingPreset(permissions: Permissions): string | null {
  const current = JSON.stringify(permissionsOf(gridOf(permissions)));
  return (
    PERMISSION_PRESETS.find((p) => JSON.stringify(permissionsOf(gridOf(p.permissions))) === current)
      ?.name ?? null
  );
}

export function presetPermissions(name: string): Permissions {
  const preset = PERMISSION_PRESETS.find((p) => p.name === name);
  return preset ? permissionsOf(gridOf(preset.permissions)) : {};
}
