/**
 * The one permission registry (DESIGN §3.3): it drives the server's access check,
 * the sidebar menu, the route guards and the permission editor.
 */
export const PAGE_KEYS = [
  'dashboard',
  'bancate',
  'blocchi',
  'photo-gallery',
  'blocchi-esterni',
  'lavorazione-lastre',
  'lavorazione-pavimenti',
  'magazzino-lastre',
  'magazzino-pavimenti',
  'collaudi',
  'spedizioni',
  'statistiche',
  'clienti',
  'fornitori',
  'chat',
] as const;

export type PageKey = (typeof PAGE_KEYS)[number];

export const PAGE_LABELS: Record<PageKey, string> = {
  dashboard: 'Dashboard',
  bancate: 'Bancate',
  blocchi: 'Blocchi',
  'photo-gallery': 'Galleria Foto',
  'blocchi-esterni': 'Blocchi Esterni',
  'lavorazione-lastre': 'Lavorazione Lastre',
  'lavorazione-pavimenti': 'Lavorazione Pavimenti',
  'magazzino-lastre': 'Magazzino Lastre',
  'magazzino-pavimenti': 'Magazzino Pavimenti',
  collaudi: 'Collaudi',
  spedizioni: 'Spedizioni (DDT)',
  statistiche: 'Statistiche',
  clienti: 'Clienti',
  fornitori: 'Fornitori',
  chat: 'Chat',
};

export type PermissionValue = boolean | { access: boolean; write?: boolean };
export type Permissions = Partial<Record<PageKey, PermissionValue>>;
export type AccessMode = 'read' | 'write';
export type Role = 'admin' | 'user';

export interface PermissionSubject {
  role: Role | string;
  permissions?: Permissions | null;
}

/** `read` needs access, `write` needs write (which defaults to access); admin passes everything. */
export function can(
  user: PermissionSubject | null | undefined,
  key: PageKey,
  mode: AccessMode = 'read',
): boolean {
  if (!user) return false;
  if (user.role === 'admin') return true;
  if (key === 'dashboard' && mode === 'read') return true;
  const value = user.permissions?.[key];
  if (value === undefined || value === null) return false;
  if (typeof value === 'boolean') return value;
  if (mode === 'read') return value.access === true;
  return (value.write ?? value.access) === true;
}

/** Any of the keys passes. */
export function canAny(
  user: PermissionSubject | null | undefined,
  keys: readonly PageKey[],
  mode: AccessMode = 'read',
): boolean {
  return keys.some((key) => can(user, key, mode));
}

/**
 * Access rule vocabulary: every server route declares exactly one (a test fails otherwise).
 */
export type AccessRule =
  | 'public'
  | 'authenticated'
  | 'admin'
  | 'selfOrAdmin'
  | { page: PageKey | readonly PageKey[]; mode: AccessMode };

/**
 * Starting points of the permission editor (Impostazioni → Utenti), one per job of DESIGN §7; the
 * demo users get theirs from here.
 */
const presets = [
  {
    name: 'Produzione',
    permissions: { dashboard: true, bancate: true, blocchi: true, 'blocchi-esterni': true, 'photo-gallery': true, chat: true },
  },
  {
    name: 'Magazzino',
    permissions: {
      dashboard: true,
      'lavorazione-lastre': true,
      'lavorazione-pavimenti': true,
      'magazzino-lastre': true,
      'magazzino-pavimenti': true,
      'photo-gallery': true,
      spedizioni: true,
      chat: true,
    },
  },
  {
    name: 'Vendite',
    permissions: {
      dashboard: true,
      collaudi: true,
      spedizioni: true,
      clienti: true,
      fornitori: true,
      statistiche: true,
      chat: true,
      blocchi: { access: true, write: false },
    },
  },
  {
    name: 'Segheria',
    permissions: { dashboard: true, blocchi: true, 'blocchi-esterni': true, 'lavorazione-lastre': true, 'magazzino-lastre': true, chat: true },
  },
  {
    name: 'Sola lettura',
    permissions: Object.fromEntries(PAGE_KEYS.map((k) => [k, { access: true, write: false }])) as Permissions,
  },
] as const satisfies ReadonlyArray<{ name: string; permissions: Permissions }>;

export type PermissionPresetName = (typeof presets)[number]['name'];
export const PERMISSION_PRESETS: ReadonlyArray<{ name: PermissionPresetName; permissions: Permissions }> = presets;

/** The permissions of a preset, e.g. `permissionPreset('Produzione')`. */
export function permissionPreset(name: PermissionPresetName): Permissions {
  return presets.find((preset) => preset.name === name)!.permissions;
}
