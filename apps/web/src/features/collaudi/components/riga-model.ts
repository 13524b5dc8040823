import {
  calcolaRiga,
  COLLAUDO_RIGA_FIELDS,
  collaudoRigaUpdateSchema,
  isAccettato,
  type AbbuonoTipo,
  type CollaudoRiga,
  type CollaudoRigaUpdate,
  type DIFETTI,
  type Esito,
  type RigaCalc,
  type SCELTE,
  type UnitaPrezzoCollaudo,
} from '@gestcava/contracts';

type Difetto = (typeof DIFETTI)[number];
type Scelta = (typeof SCELTE)[number];

/**
 * What the tablet holds of a row while it is being filled in: the numbers as the inputs report
 * them (NaN while the text is not a number), the note as text. Saved as the fields that differ from
 * the stored row.
 */
export interface RigaDraft {
  lunghezzaRilevata: number | null;
  altezzaRilevata: number | null;
  profonditaRilevata: number | null;
  abbuonoTipo: AbbuonoTipo | null;
  abbuonoValore: number | null;
  sceltaAssegnata: Scelta | null;
  difettiRiscontrati: Difetto[];
  esito: Esito | null;
  prezzo: number | null;
  unitaPrezzo: UnitaPrezzoCollaudo;
  pesoRilevato: number | null;
  note: string;
}

export type RigaField = keyof RigaDraft;
const FIELDS: readonly RigaField[] = COLLAUDO_RIGA_FIELDS;

export function draftOf(r: CollaudoRiga): RigaDraft {
  return {
    lunghezzaRilevata: r.lunghezzaRilevata,
    altezzaRilevata: r.altezzaRilevata,
    profonditaRilevata: r.profonditaRilevata,
    abbuonoTipo: r.abbuonoTipo,
    abbuonoValore: r.abbuonoValore,
    sceltaAssegnata: r.sceltaAssegnata,
    difettiRiscontrati: [...r.difettiRiscontrati],
    esito: r.esito,
    prezzo: r.prezzo,
    unitaPrezzo: r.unitaPrezzo,
    pesoRilevato: r.pesoRilevato,
    note: r.note ?? '',
  };
}

function same(field: RigaField, a: RigaDraft[RigaField], b: RigaDraft[RigaField]): boolean {
  if (field === 'difettiRiscontrati') {
    const x = [...(a as Difetto[])].sort();
    const y = [...(b as Difetto[])].sort();
    return x.length === y.length && x.every((d, i) => d === y[i]);
  }
  if (field === 'note') return String(a).trim() === String(b).trim();
  return Object.is(a, b);
}

/** The fields of the draft that differ from the stored row, as the PUT sends them (null clears). */
export function rigaChanges(
  draft: RigaDraft,
  riga: CollaudoRiga,
): Partial<Record<RigaField, unknown>> {
  const saved = draftOf(riga);
  const out: Partial<Record<RigaField, unknown>> = {};
  for (const f of FIELDS) {
    if (same(f, draft[f], saved[f])) continue;
    out[f] = f === 'note' ? draft.note.trim() || null : draft[f];
  }
  // an abbuono without its type means nothing: clearing the type clears the value
  if ('abbuonoTipo' in out && draft.abbuonoTipo === null && saved.abbuonoValore !== null)
    out.abbuonoValore = null;
  return out;
}

export function isDirty(draft: RigaDraft, riga: CollaudoRiga): boolean {
  return Object.keys(rigaChanges(draft, riga)).length > 0;
}

/**
 * A stored row came back (a save, a refetch): the fields the user has not touched since the last
 * stored version take the new values, those being edited keep what is typed.
 */
export function rebase(draft: RigaDraft, before: CollaudoRiga, after: CollaudoRiga): RigaDraft {
  const old = draftOf(before);
  const next = draftOf(after);
  const out = { ...draft } as Record<RigaField, unknown>;
  for (const f of FIELDS) if (same(f, draft[f], old[f])) out[f] = next[f];
  return out as unknown as RigaDraft;
}

/** The changes checked by the contract's schema: the body to send, or the first message. */
export function checkChanges(
  changes: Partial<Record<RigaField, unknown>>,
): { ok: true; body: CollaudoRigaUpdate } | { ok: false; field: string | null; message: string } {
  const parsed = collaudoRigaUpdateSchema.safeParse(changes);
  if (parsed.success) return { ok: true, body: parsed.data };
  const issue = parsed.error.issues[0];
  return {
    ok: false,
    field: issue?.path[0] !== undefined ? String(issue.path[0]) : null,
    message: issue?.message ?? 'Valori non validi',
  };
}

const num = (v: number | null) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The row's figures as they will be stored (the contracts' calcolaRiga, the server's own function). */
export function previewOf(riga: CollaudoRiga, draft: RigaDraft): RigaCalc {
  const b = riga.blocco;
  return calcolaRiga({
    dichiarate: { lunghezza: b.lunghezza, altezza: b.altezza, profondita: b.profondita },
    lunghezzaRilevata: num(draft.lunghezzaRilevata),
    altezzaRilevata: num(draft.altezzaRilevata),
    profonditaRilevata: num(draft.profonditaRilevata),
    abbuonoTipo: draft.abbuonoTipo,
    abbuonoValore: num(draft.abbuonoValore),
    densita: b.densita,
    pesoPesa: b.pesoPesa,
    pesoRilevato: num(draft.pesoRilevato),
    prezzo: num(draft.prezzo),
    unitaPrezzo: draft.unitaPrezzo,
  });
}

/** What keeps a row from closing the collaudo (eseguito, confermato): no outcome, or accepted without a price. */
export function missingOf(d: Pick<RigaDraft, 'esito' | 'prezzo'>): string | null {
  if (d.esito === null) return 'manca l’esito';
  if (isAccettato(d.esito) && d.prezzo === null) return 'manca il prezzo';
  return null;
}
