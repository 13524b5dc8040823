import {
  fatturaRigaInputSchema,
  prezzoTotaleRiga,
  sumRounded,
  type DaFatturare,
  type DaFatturareDdt,
  type Fattura,
  type FatturaCreateInput,
  type FatturaTipo,
  type ModalitaPagamento,
  type NaturaIva,
} from '@gestcava/contracts';

// The new invoice's model, apart from its components so it is tested alone: the DDTs ticked (one
// month's), the free lines, their amounts as the server computes them, the checks made before
// sending, the body sent, and the link that opens the page with a DDT ticked.

/** A free line as the form holds it (TD01, TD04, or added to a TD24: transport, a service). */
export interface RigaLibera {
  /** the form's own key, never sent */
  key: string;
  descrizione: string;
  quantita: number | null;
  unitaMisura: string;
  prezzoUnitario: number | null;
  scontoPercentuale: number | null;
  /** null: the cliente's VAT case (22 %, N3.2, N3.1, N3.5) */
  aliquotaIva: number | null;
  natura: NaturaIva | null;
}

let nextKey = 0;
export const nuovaRiga = (over: Partial<RigaLibera> = {}): RigaLibera => ({
  key: `riga-${++nextKey}`,
  descrizione: '',
  quantita: 1,
  unitaMisura: '',
  prezzoUnitario: null,
  scontoPercentuale: null,
  aliquotaIva: null,
  natura: null,
  ...over,
});

/** A free line's amount as the server computes it (the contracts' `prezzoTotaleRiga`); no price yet, 0. */
export const importoRiga = (r: RigaLibera): number =>
  prezzoTotaleRiga({ ...r, prezzoUnitario: r.prezzoUnitario ?? 0 });

/** "2026-11": the calendar month of an ISO date. */
export const meseOf = (isoDate: string) => isoDate.slice(0, 7);

/** The months the cliente's DDTs fall in, newest first: a fattura differita gathers one of them. */
export function mesiDisponibili(da: DaFatturare | undefined): string[] {
  return [...new Set((da?.ddt ?? []).map((d) => meseOf(d.data)))].sort().reverse();
}

/** The DDTs offered for a month, oldest first (the order they print in). */
export const ddtDelMese = (da: DaFatturare | undefined, mese: string | null): DaFatturareDdt[] =>
  (da?.ddt ?? [])
    .filter((d) => mese !== null && meseOf(d.data) === mese)
    .sort((a, b) => a.data.localeCompare(b.data) || a.numero - b.numero);

/** The DDTs ticked, in the list's order. */
export const ddtScelti = (da: DaFatturare | undefined, ticked: ReadonlySet<string>) =>
  (da?.ddt ?? []).filter((d) => ticked.has(d._id));

export interface TotaliScelti {
  ddt: number;
  righe: number;
  /** the sum of the lines' rounded amounts, VAT excluded */
  imponibile: number;
}

/** What the ticked DDTs and the free lines add up to, without VAT (the server adds it per rate). */
export function totaliScelti(
  da: DaFatturare | undefined,
  ticked: ReadonlySet<string>,
  libere: readonly RigaLibera[],
): TotaliScelti {
  const ddt = ddtScelti(da, ticked);
  const amounts = [
    ...ddt.flatMap((d) => d.righe.map((r) => r.prezzoTotale)),
    ...libere.map(importoRiga),
  ];
  return {
    ddt: ddt.length,
    righe: ddt.reduce((n, d) => n + d.righe.length, 0) + libere.length,
    imponibile: sumRounded(amounts, 2),
  };
}

/** A free line's problems, by field, with the contract's own messages. */
export function rigaErrors(r: RigaLibera): Partial<Record<keyof RigaLibera, string>> {
  const parsed = fatturaRigaInputSchema.safeParse(rigaBody(r));
  if (parsed.success) return {};
  const errors: Partial<Record<keyof RigaLibera, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof RigaLibera | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  if (r.prezzoUnitario === null) errors.prezzoUnitario = 'Prezzo unitario obbligatorio';
  return errors;
}

export interface Bozza {
  tipo: FatturaTipo;
  clienteId: string;
  data: string;
  ticked: ReadonlySet<string>;
  libere: readonly RigaLibera[];
  fatturaCollegataId: string | null;
  /** null: the cliente's terms */
  modalita: ModalitaPagamento | null;
  addebitaBollo: boolean;
  causale: string;
  note: string;
}

/**
 * What stops the preview, in words: nothing to invoice, DDTs of two months, a date before a DDT, a
 * nota di credito without its invoice, a line with a wrong field. The server checks the same.
 */
export function bozzaErrors(b: Bozza, da: DaFatturare | undefined): string[] {
  const errors: string[] = [];
  const ddt = b.tipo === 'TD24' ? ddtScelti(da, b.ticked) : [];
  if (b.tipo === 'TD24' && ddt.length === 0) errors.push('Scegli almeno un DDT da fatturare');
  if (b.tipo !== 'TD24' && b.libere.length === 0) errors.push('Aggiungi almeno una riga');
  if (new Set(ddt.map((d) => meseOf(d.data))).size > 1)
    errors.push('I DDT di una fattura differita sono di un solo mese');
  const ultimo = ddt.reduce<DaFatturareDdt | null>(
    (last, d) => (!last || d.data > last.data ? d : last),
    null,
  );
  if (!/^\d{4}-\d{2}-\d{2}$/.test(b.data)) errors.push('Indica la data della fattura');
  else if (ultimo && b.data < ultimo.data)
    errors.push(`La data della fattura non può precedere il DDT ${ultimo.numeroDocumento}`);
  if (b.tipo === 'TD04' && !b.fatturaCollegataId)
    errors.push('Scegli la fattura che la nota di credito corregge');
  if (b.libere.some((r) => Object.keys(rigaErrors(r)).length > 0))
    errors.push('Controlla le righe segnate');
  return errors;
}

const opt = (s: string) => s.trim() || undefined;

function rigaBody(r: RigaLibera) {
  return {
    descrizione: r.descrizione.trim(),
    quantita: r.quantita,
    unitaMisura: opt(r.unitaMisura),
    prezzoUnitario: r.prezzoUnitario ?? 0,
    scontoPercentuale: r.scontoPercentuale || undefined,
    aliquotaIva: r.aliquotaIva,
    natura: r.natura,
  };
}

/** The body of POST /api/fatture (and PUT on a draft). */
export function fatturaBody(b: Bozza, da: DaFatturare | undefined): FatturaCreateInput {
  return {
    clienteId: b.clienteId,
    tipoDocumento: b.tipo,
    data: b.data,
    ...(b.tipo === 'TD24' ? { ddtIds: ddtScelti(da, b.ticked).map((d) => d._id) } : {}),
    ...(b.libere.length ? { righe: b.libere.map(rigaBody) } : {}),
    ...(b.tipo === 'TD04' && b.fatturaCollegataId
      ? { fatturaCollegataId: b.fatturaCollegataId }
      : {}),
    ...(b.modalita ? { pagamento: { condizioni: 'TP02' as const, modalita: b.modalita } } : {}),
    ...(b.addebitaBollo ? { addebitaBollo: true } : {}),
    causale: opt(b.causale),
    note: opt(b.note),
  };
}

/** A draft's state, to edit it: its DDTs ticked, its free lines (those not from a DDT) as typed. */
export function bozzaOf(f: Fattura): Bozza {
  return {
    tipo: f.tipoDocumento,
    clienteId: f.cliente._id,
    data: f.data.slice(0, 10),
    ticked: new Set(f.ddt.map((d) => d._id)),
    libere: f.righe
      .filter((r) => r.ddtId === null && r.natura !== 'N1')
      .map((r) =>
        nuovaRiga({
          descrizione: r.descrizione,
          quantita: r.quantita,
          unitaMisura: r.unitaMisura ?? '',
          prezzoUnitario: r.prezzoUnitario,
          scontoPercentuale: r.scontoPercentuale,
          aliquotaIva: r.aliquotaIva,
          natura: r.natura,
        }),
      ),
    fatturaCollegataId: f.fatturaCollegata?._id ?? null,
    modalita: f.pagamento?.modalita ?? null,
    addebitaBollo: f.bollo?.addebitato ?? false,
    causale: f.causale ?? '',
    note: f.note ?? '',
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The cliente and the DDTs a link pre-ticks (`nuovaFatturaPath`); ids that are not ids are left out. */
export function readNuovaParams(search: URLSearchParams): {
  clienteId: string | null;
  clienteNome: string | null;
  ddt: string[];
} {
  const clienteId = search.get('clienteId');
  const ok = !!clienteId && UUID.test(clienteId);
  return {
    clienteId: ok ? clienteId : null,
    clienteNome: ok ? search.get('cliente')?.trim().slice(0, 200) || null : null,
    ddt: (search.get('ddt') ?? '').split(',').filter((id) => UUID.test(id)),
  };
}

/**
 * The month to show first: that of the DDTs a link ticked (those the list holds), else the newest;
 * and the ticks kept, which are that month's only.
 */
export function primoMese(
  da: DaFatturare,
  preTicked: readonly string[],
): { mese: string | null; ticked: Set<string> } {
  const listed = da.ddt.filter((d) => preTicked.includes(d._id));
  const mese = listed[0] ? meseOf(listed[0].data) : (mesiDisponibili(da)[0] ?? null);
  return {
    mese,
    ticked: new Set(listed.filter((d) => meseOf(d.data) === mese).map((d) => d._id)),
  };
}

/** "novembre 2026". */
export function meseLabel(mese: string): string {
  const [y, m] = mese.split('-').map(Number);
  return new Date(y!, (m ?? 1) - 1, 1).toLocaleDateString('it-IT', {
    month: 'long',
    year: 'numeric',
  });
}
