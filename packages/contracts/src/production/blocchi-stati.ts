import { can, type PermissionSubject } from '../permissions.js';

/** A block's origin and states, the moves between them and who may make them (docs/domain.md). */
export const BLOCCO_ORIGINI = ['interno', 'esterno'] as const;
export type BloccoOrigine = (typeof BLOCCO_ORIGINI)[number];

export const BLOCCO_STATI = [
  'in_piazzale',
  'disponibile',
  'opzionato',
  'in_collaudo',
  'venduto',
  'spedito',
  'in_segagione',
  'segato',
  'scartato',
] as const;
export type BloccoStato = (typeof BLOCCO_STATI)[number];

export const BLOCCO_STATO_LABELS: Record<BloccoStato, string> = {
  in_piazzale: 'In piazzale',
  disponibile: 'Disponibile',
  opzionato: 'Opzionato',
  in_collaudo: 'In collaudo',
  venduto: 'Venduto',
  spedito: 'Spedito',
  in_segagione: 'In segagione',
  segato: 'Segato',
  scartato: 'Scartato',
};

/**
 * The one transition table of a blocco (docs/domain.md). `manual` moves are the user's (`POST …/:id/stato`);
 * the others belong to the modules that cause them (collaudi, lavorazioni) and go through their services.
 */
export const BLOCCO_TRANSITIONS: Record<
  BloccoStato,
  { manual: readonly BloccoStato[]; system: readonly BloccoStato[] }
> = {
  in_piazzale: { manual: ['disponibile', 'scartato'], system: [] },
  // venduto by the system: a transfer to a group company (docs/domain.md "Ditte del gruppo")
  disponibile: {
    manual: ['opzionato', 'scartato'],
    system: ['in_collaudo', 'in_segagione', 'venduto'],
  },
  opzionato: { manual: ['opzionato', 'disponibile', 'scartato'], system: ['in_collaudo'] },
  in_collaudo: { manual: [], system: ['venduto', 'disponibile', 'opzionato'] },
  // spedito by a DDT; back to venduto when the DDT is cancelled
  venduto: { manual: ['spedito'], system: ['spedito'] },
  spedito: { manual: [], system: ['venduto'] },
  in_segagione: { manual: [], system: ['segato', 'disponibile'] },
  segato: { manual: [], system: [] },
  scartato: { manual: [], system: [] },
};

export function canMoveBlocco(
  from: BloccoStato,
  to: BloccoStato,
  by: 'manual' | 'system' = 'manual',
): boolean {
  const t = BLOCCO_TRANSITIONS[from];
  return by === 'manual' ? t.manual.includes(to) : t.manual.includes(to) || t.system.includes(to);
}

/** Optioning, renewing and releasing an option: the moves a sales user makes (docs/permissions.md). */
export function isOptionMove(from: BloccoStato, to: BloccoStato): boolean {
  return to === 'opzionato' || (from === 'opzionato' && to === 'disponibile');
}

/**
 * docs/api.md "Who may call what" amended: optioning is a sales act, so whoever writes `collaudi` may also make the option
 * moves (isOptionMove) on a block they can read, without write access to the block itself.
 */
export function canOptionBlocchi(user: PermissionSubject | null | undefined): boolean {
  return can(user, 'collaudi', 'write');
}

/** States in which the block is still the company's to sell or saw: a declassamento is allowed. */
export const BLOCCO_STATI_DECLASSABILI: readonly BloccoStato[] = [
  'in_piazzale',
  'disponibile',
  'opzionato',
];
/** States in which a block may be deleted (when nothing references it). */
export const BLOCCO_STATI_ELIMINABILI: readonly BloccoStato[] = [
  'in_piazzale',
  'disponibile',
  'scartato',
];

/**
 * Informi are sold and reported by weight (docs/reportistica.md, "Regole delle cifre"): a price per m³
 * on an informe block — its list price, a collaudo row — is refused with this message.
 */
export const INFORMI_A_PESO = 'Gli informi si vendono a peso: €/t o €/q';
/** True when a price is set per m³ on an informe. */
export function informeAVolume(b: {
  categoria: string;
  unitaPrezzo: string | null | undefined;
  prezzo: number | null | undefined;
}): boolean {
  return b.categoria === 'informe' && b.unitaPrezzo === 'm3' && b.prezzo != null;
}
