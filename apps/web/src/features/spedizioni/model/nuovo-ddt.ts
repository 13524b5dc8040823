import {
  detailPath,
  DDT_RIGA_TIPI,
  figurePavimento,
  totaliDdt,
  type Collaudo,
  type Ddt,
  type DdtCausale,
  type DdtCreateInput,
  type DdtDaSpedire,
  type DdtElemento,
  type DdtRigaTipo,
  type Porto,
  type TrasportoACura,
} from '@gestcava/contracts';

// The new DDT's model, apart from its components so it is tested alone: the party, the
// items ticked (a tile sale with its pieces), their figures and totals as the server will compute
// them, the transport data and its checks, and the body sent.

/** Who receives the goods: a cliente (vendita) or a group company (trasferimento); its name once known. */
export interface Party {
  causale: DdtCausale;
  id: string;
  nome: string | null;
}

/** The party as the API's queries and links name it. */
export const partyQuery = (
  p: Pick<Party, 'causale' | 'id'>,
): { clienteId: string } | { destinazioneCompanyId: string } =>
  p.causale === 'vendita' ? { clienteId: p.id } : { destinazioneCompanyId: p.id };

/** The items ticked, by `tipo:id`; a tile sale keeps the pieces chosen. */
export type Ticked = ReadonlyMap<string, { tipo: DdtRigaTipo; id: string; pezzi?: number }>;
export const tickKey = (tipo: DdtRigaTipo, id: string) => `${tipo}:${id}`;

const LISTS: Record<DdtRigaTipo, keyof Omit<DdtDaSpedire, 'destinatario' | 'luogoPartenza'>> = {
  blocco: 'blocchi',
  pacco: 'pacchi',
  lastra: 'lastre',
  lotto: 'lotti',
};

/**
 * The lines the ticked items make, with their figures: as `da-spedire` lists them, a tile sale's for
 * the pieces chosen (the server's own `figurePavimento`), in the list's order.
 */
export function righeScelte(da: DdtDaSpedire | undefined, ticked: Ticked): DdtElemento[] {
  if (!da) return [];
  return DDT_RIGA_TIPI.flatMap((tipo) =>
    da[LISTS[tipo]].flatMap((e): DdtElemento[] => {
      const t = ticked.get(tickKey(tipo, e._id));
      if (!t) return [];
      if (tipo !== 'lotto' || !('formato' in e) || t.pezzi === undefined || t.pezzi === e.pezzi)
        return [e];
      const { formato, ...elemento } = e;
      const f = figurePavimento(formato, t.pezzi);
      // tiles: gross and net are the tiles' own weight (docs/ddt.md "Quantità e pesi di una riga")
      return [{ ...elemento, pezzi: t.pezzi, ...f, pesoNettoKg: f.pesoKg }];
    }),
  );
}

/** The totals shown while ticking and printed on the DDT: the sums of the lines' rounded figures. */
/**
 * What a link asked to tick that the party's list holds: a slab's link names its bundle too, and
 * da-spedire lists either the whole bundle (every slab of it sold to the party) or the slab.
 */
export function preTickedListed(
  da: DdtDaSpedire,
  preTicked: ReadonlyArray<{ tipo: DdtRigaTipo; id: string }>,
): Ticked {
  const listed = new Set(
    [...da.blocchi, ...da.pacchi, ...da.lastre, ...da.lotti].map((e) =>
      tickKey(e.entityType, e._id),
    ),
  );
  return new Map(
    preTicked
      .filter((p) => listed.has(tickKey(p.tipo, p.id)))
      .map((p) => [tickKey(p.tipo, p.id), p]),
  );
}

export const totaliScelti = (da: DdtDaSpedire | undefined, ticked: Ticked) =>
  totaliDdt(righeScelte(da, ticked));

/** A tile sale's pieces: a whole number from 1 to what is left to ship. */
export function pezziError(pezzi: number | null | undefined, max: number): string | undefined {
  if (pezzi == null || !Number.isInteger(pezzi) || pezzi < 1)
    return 'Pezzi: almeno 1, un numero intero';
  if (pezzi > max) return `Pezzi: al massimo ${max}, quelli ancora da spedire`;
  return undefined;
}

export interface Trasporto {
  trasportoACura: TrasportoACura;
  vettoreRagioneSociale: string;
  vettorePartitaIva: string;
  vettoreIndirizzo: string;
  targa: string;
  porto: Porto;
  aspetto: string;
  /** ISO date-time; now by default */
  inizioTrasporto: string;
  indirizzo: string;
  cap: string;
  comune: string;
  provincia: string;
  nazione: string;
  /** Where the goods leave from: the sender's seat unless changed (docs/ddt.md "Luoghi, vettore"). */
  partenzaIndirizzo: string;
  partenzaCap: string;
  partenzaComune: string;
  partenzaProvincia: string;
  partenzaNazione: string;
  note: string;
}
export type TrasportoField = keyof Trasporto;

type Indirizzo = {
  indirizzo: string | null;
  cap: string | null;
  comune: string | null;
  provincia: string | null;
  nazione: string | null;
};
/** The destination fields of an address (the party's, a draft's). */
export const addressOf = (a: Indirizzo | null | undefined) => ({
  indirizzo: a?.indirizzo ?? '',
  cap: a?.cap ?? '',
  comune: a?.comune ?? '',
  provincia: a?.provincia ?? '',
  nazione: a?.nazione ?? '',
});

/** The place-of-departure fields of an address. */
export const partenzaOf = (a: Indirizzo | null | undefined) => ({
  partenzaIndirizzo: a?.indirizzo ?? '',
  partenzaCap: a?.cap ?? '',
  partenzaComune: a?.comune ?? '',
  partenzaProvincia: a?.provincia ?? '',
  partenzaNazione: a?.nazione ?? '',
});

/** A new DDT's transport: by the sender, porto franco, starting now, to the party's address. */
export function nuovoTrasporto(
  destinatario: Indirizzo | null | undefined,
  now = new Date(),
): Trasporto {
  return {
    trasportoACura: 'mittente',
    vettoreRagioneSociale: '',
    vettorePartitaIva: '',
    vettoreIndirizzo: '',
    targa: '',
    porto: 'franco',
    aspetto: '',
    inizioTrasporto: now.toISOString(),
    note: '',
    ...addressOf(destinatario),
    ...partenzaOf(null),
  };
}

/** A draft's transport, to edit it. */
export function trasportoOf(d: Ddt): Trasporto {
  return {
    trasportoACura: d.trasportoACura,
    vettoreRagioneSociale: d.vettore?.ragioneSociale ?? '',
    vettorePartitaIva: d.vettore?.partitaIva ?? '',
    vettoreIndirizzo: d.vettore?.indirizzo ?? '',
    targa: d.vettore?.targa ?? '',
    porto: d.porto,
    aspetto: d.aspetto ?? '',
    inizioTrasporto: d.inizioTrasporto ?? new Date().toISOString(),
    note: d.note ?? '',
    ...addressOf(d.destinazione),
    ...partenzaOf(d.luogoPartenza),
  };
}

/** What the transport step refuses before sending (the server checks the same, and more). */
export function trasportoErrors(t: Trasporto): Partial<Record<TrasportoField, string>> {
  const errors: Partial<Record<TrasportoField, string>> = {};
  if (t.trasportoACura === 'vettore') {
    if (!t.vettoreRagioneSociale.trim())
      errors.vettoreRagioneSociale = 'Con il trasporto a cura del vettore, indica il vettore';
    if (!t.targa.trim()) errors.targa = 'Indica la targa del mezzo del vettore';
  }
  if (!t.indirizzo.trim()) errors.indirizzo = 'Destinazione: indirizzo obbligatorio';
  if (!t.comune.trim()) errors.comune = 'Destinazione: comune obbligatorio';
  // a place of departure is optional (the server proposes the sender's seat), but whole if given
  if (t.partenzaIndirizzo.trim() && !t.partenzaComune.trim())
    errors.partenzaComune = 'Luogo di partenza: comune obbligatorio';
  if (!t.partenzaIndirizzo.trim() && t.partenzaComune.trim())
    errors.partenzaIndirizzo = 'Luogo di partenza: indirizzo obbligatorio';
  if (Number.isNaN(Date.parse(t.inizioTrasporto)))
    errors.inizioTrasporto = 'Inizio trasporto: data e ora non valide';
  return errors;
}

const opt = (s: string) => s.trim() || undefined;

/** The body of POST /api/ddt (and PUT on a draft). */
export function ddtBody(party: Party, ticked: Ticked, t: Trasporto): DdtCreateInput {
  // a vettore names itself; the sender's or the receiver's own truck is its plate alone (the server names the carrier)
  const targa = opt(t.targa);
  const vettore =
    t.trasportoACura === 'vettore'
      ? {
          ragioneSociale: t.vettoreRagioneSociale.trim(),
          partitaIva: opt(t.vettorePartitaIva),
          indirizzo: opt(t.vettoreIndirizzo),
          targa,
        }
      : targa
        ? { targa }
        : undefined;
  return {
    causale: party.causale,
    ...partyQuery(party),
    destinazione: {
      indirizzo: t.indirizzo.trim(),
      cap: opt(t.cap),
      comune: t.comune.trim(),
      provincia: opt(t.provincia),
      nazione: opt(t.nazione),
    },
    luogoPartenza: t.partenzaIndirizzo.trim()
      ? {
          indirizzo: t.partenzaIndirizzo.trim(),
          cap: opt(t.partenzaCap),
          comune: t.partenzaComune.trim(),
          provincia: opt(t.partenzaProvincia),
          nazione: opt(t.partenzaNazione),
        }
      : undefined,
    trasportoACura: t.trasportoACura,
    vettore,
    porto: t.porto,
    aspetto: opt(t.aspetto),
    inizioTrasporto: new Date(t.inizioTrasporto).toISOString(),
    note: opt(t.note),
    righe: [...ticked.values()].map((r) => ({
      entityType: r.tipo,
      id: r.id,
      ...(r.tipo === 'lotto' && r.pezzi !== undefined ? { pezzi: r.pezzi } : {}),
    })),
  };
}

/** The URL parameter of each kind of item pre-ticked. */
const PARAM: Record<DdtRigaTipo, string> = {
  blocco: 'blocchi',
  pacco: 'pacchi',
  lastra: 'lastre',
  lotto: 'lotti',
};
/** The new DDT's page. */
export const nuovoDdtPagePath = detailPath('ddt', 'nuovo');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The party and the items a link pre-ticks; ids that are not ids are left out. */
export function readNuovoParams(search: URLSearchParams): {
  party: Party | null;
  preTicked: Array<{ tipo: DdtRigaTipo; id: string }>;
} {
  const clienteId = search.get('clienteId');
  const dittaId = search.get('destinazioneCompanyId');
  const party: Party | null =
    clienteId && UUID.test(clienteId)
      ? { causale: 'vendita', id: clienteId, nome: null }
      : dittaId && UUID.test(dittaId)
        ? { causale: 'trasferimento', id: dittaId, nome: null }
        : null;
  const preTicked = DDT_RIGA_TIPI.flatMap((tipo) =>
    (search.get(PARAM[tipo]) ?? '')
      .split(',')
      .filter((id) => UUID.test(id))
      .map((id) => ({ tipo, id })),
  );
  return { party, preTicked };
}

/** The blocks a confirmed collaudo sold that have not left yet ("Crea DDT" ticks them). */
export const blocchiDaSpedire = (c: Pick<Collaudo, 'stato' | 'righe'>) =>
  c.stato === 'confermato'
    ? c.righe.filter((r) => r.blocco.stato === 'venduto').map((r) => r.bloccoId)
    : [];
