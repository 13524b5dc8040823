/**
 * The one permission registry (docs/api.md "Who may call what"): it drives the server's access check,
 * the sidebar menu, the route guards and the permission editor.
 */

/** The jobs of docs/screens.md "Demo data", each a starting point of the permission editor; "Sola lettura" reads every page. */
const PRESET_NAMES = ['Produzione', 'Magazzino', 'Vendite', 'Segheria', 'Sola lettura'] as const;
export type PermissionPresetName = (typeof PRESET_NAMES)[number];
type JobPreset = Exclude<PermissionPresetName, 'Sola lettura'>;

interface PageDef {
  key: string;
  /** its name in the permission editor */
  label: string;
  /** the jobs whose preset includes it: `true` reads and writes, `'read'` only reads */
  presets: Partial<Record<JobPreset, true | 'read'>>;
}

/**
 * Every page a permission names, in the permission editor's order: a new module's page is one entry
 * here (key, label and the presets that include it); PAGE_KEYS, PAGE_LABELS and the presets follow.
 */
const PAGES = [
  {
    key: 'dashboard',
    label: 'Dashboard',
    presets: { Produzione: true, Magazzino: true, Vendite: true, Segheria: true },
  },
  { key: 'bancate', label: 'Bancate', presets: { Produzione: true } },
  {
    key: 'blocchi',
    label: 'Blocchi',
    presets: { Produzione: true, Vendite: 'read', Segheria: true },
  },
  { key: 'photo-gallery', label: 'Galleria Foto', presets: { Produzione: true, Magazzino: true } },
  {
    key: 'blocchi-esterni',
    label: 'Blocchi Esterni',
    presets: { Produzione: true, Segheria: true },
  },
  {
    key: 'lavorazione-lastre',
    label: 'Lavorazione Lastre',
    presets: { Magazzino: true, Segheria: true },
  },
  { key: 'lavorazione-pavimenti', label: 'Lavorazione Pavimenti', presets: { Magazzino: true } },
  {
    key: 'magazzino-lastre',
    label: 'Magazzino Lastre',
    presets: { Magazzino: true, Segheria: true },
  },
  { key: 'magazzino-pavimenti', label: 'Magazzino Pavimenti', presets: { Magazzino: true } },
  { key: 'collaudi', label: 'Collaudi', presets: { Vendite: true } },
  { key: 'spedizioni', label: 'Spedizioni (DDT)', presets: { Magazzino: true, Vendite: true } },
  { key: 'fatture', label: 'Fatture', presets: { Vendite: true } },
  { key: 'statistiche', label: 'Statistiche', presets: { Vendite: true } },
  { key: 'clienti', label: 'Clienti', presets: { Vendite: true } },
  { key: 'fornitori', label: 'Fornitori', presets: { Vendite: true } },
  // the trucks a DDT names: kept by the office and the yard, who write the DDT
  { key: 'automezzi', label: 'Automezzi', presets: { Magazzino: true, Vendite: true } },
  {
    key: 'chat',
    label: 'Chat',
    presets: { Produzione: true, Magazzino: true, Vendite: true, Segheria: true },
  },
] as const satisfies readonly PageDef[];

/** The keys of a tuple of pages, as a tuple (zod's enum takes one). */
type KeysOf<T extends readonly PageDef[]> = {
  readonly [I in keyof T]: T[I] extends { key: infer K } ? K : never;
};
export const PAGE_KEYS = PAGES.map((p) => p.key) as unknown as KeysOf<typeof PAGES>;

export type PageKey = (typeof PAGE_KEYS)[number];

export const PAGE_LABELS = Object.fromEntries(PAGES.map((p) => [p.key, p.label])) as Record<
  PageKey,
  string
>;

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

/** A preset's permissions from the pages' `presets`, in PAGE_KEYS order. */
function presetOf(name: PermissionPresetName): Permissions {
  const grant = (p: PageDef) => (name === 'Sola lettura' ? 'read' : p.presets[name]);
  const permissions: Permissions = {};
  for (const p of PAGES as readonly PageDef[]) {
    const value = grant(p);
    if (value)
      permissions[p.key as PageKey] = value === true ? true : { access: true, write: false };
  }
  return permissions;
}

/**
 * Starting points of the permission editor (Impostazioni → Utenti), one per job of docs/screens.md "Demo data"; the
 * demo users get theirs from here.
 */
export const PERMISSION_PRESETS: ReadonlyArray<{
  name: PermissionPresetName;
  permissions: Permissions;
}> = PRESET_NAMES.map((name) => ({ name, permissions: presetOf(name) }));

/** The permissions of a preset, e.g. `permissionPreset('Produzione')`. */
export function permissionPreset(name: PermissionPresetName): Permissions {
  return PERMISSION_PRESETS.find((preset) => preset.name === name)!.permissions;
}
