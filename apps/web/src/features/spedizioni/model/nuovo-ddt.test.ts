import { describe, expect, it } from 'vitest';
import type { DdtDaSpedire, DdtElemento } from '@gestcava/contracts';
import { nuovoDdtPath } from '@/components/stock/nuovo-ddt-path';
import {
  blocchiDaSpedire,
  ddtBody,
  nuovoTrasporto,
  preTickedListed,
  readNuovoParams,
  righeScelte,
  tickKey,
  totaliScelti,
  trasportoErrors,
  type Ticked,
} from './nuovo-ddt';

const BL = '11111111-1111-4111-8111-111111111111';
const PK = '22222222-2222-4222-8222-222222222222';
const VL = '33333333-3333-4333-8333-333333333333';
const CLIENTE = '44444444-4444-4444-8444-444444444444';

const base = {
  materiale: 'Bianco Carrara',
  scelta: 'Prima',
  casse: null,
  mq: null,
  m3: null,
  lottoId: null,
  pesoBase: 'calcolato' as const,
};
const blocco: DdtElemento = {
  ...base,
  entityType: 'blocco',
  _id: BL,
  codice: 'BL-2026-0001',
  descrizione: 'Blocco',
  misure: '300 × 200 × 180 cm',
  pezzi: 1,
  m3: 10.8,
  pesoKg: 29160,
  pesoNettoKg: 29160,
  pesoBase: 'teorico',
  colli: 1,
};
const pacco: DdtElemento = {
  ...base,
  entityType: 'pacco',
  _id: PK,
  codice: 'PK-2026-0001',
  descrizione: 'Pacco di 4 lastre',
  misure: 'spessore 20 mm',
  pezzi: 4,
  mq: 18,
  pesoKg: 972,
  pesoNettoKg: 972,
  colli: 1,
};
// 60 tiles 610 × 305 × 10 mm, 12 a box: 11.163 → 11.16 m², 5 boxes, 11.16 × 10 × 2.7 = 301.32 → 301 kg
const formato = {
  lunghezzaMm: 610,
  larghezzaMm: 305,
  spessoreMm: 10,
  densita: 2.7,
  pezziPerCassa: 12,
};
const lotto = {
  ...base,
  entityType: 'lotto' as const,
  _id: VL,
  codice: 'LO-2026-0003',
  descrizione: 'Pavimento',
  misure: '610 × 305 × 10 mm',
  pezzi: 60,
  casse: 5,
  mq: 11.16,
  pesoKg: 301,
  pesoNettoKg: 301,
  colli: 5,
  lottoId: 'lot-1',
  formato,
};
const da: DdtDaSpedire = {
  destinatario: null,
  luogoPartenza: null,
  blocchi: [blocco],
  pacchi: [pacco],
  lastre: [],
  lotti: [lotto],
};

const ticks = (...t: Array<[DdtElemento['entityType'], string, number?]>): Ticked =>
  new Map(
    t.map(([tipo, id, pezzi]) => [
      tickKey(tipo, id),
      { tipo, id, ...(pezzi !== undefined ? { pezzi } : {}) },
    ]),
  );

describe('new DDT: the totals as items are ticked', () => {
  it('sums the rounded figures of what is ticked: colli, m², m³ and kg', () => {
    expect(totaliScelti(da, ticks())).toEqual({
      colli: 0,
      pesoKg: 0,
      pesoNettoKg: 0,
      mq: 0,
      m3: 0,
    });
    expect(totaliScelti(da, ticks(['blocco', BL]))).toEqual({
      colli: 1,
      pesoKg: 29160,
      pesoNettoKg: 29160,
      mq: 0,
      m3: 10.8,
    });
    // + the bundle: 2 colli, 29 160 + 972 kg
    expect(totaliScelti(da, ticks(['blocco', BL], ['pacco', PK]))).toEqual({
      colli: 2,
      pesoKg: 30132,
      pesoNettoKg: 30132,
      mq: 18,
      m3: 10.8,
    });
    // + all 60 tiles: 5 boxes, 18 + 11.16 m², + 301 kg
    expect(totaliScelti(da, ticks(['blocco', BL], ['pacco', PK], ['lotto', VL]))).toEqual({
      colli: 7,
      pesoKg: 30433,
      pesoNettoKg: 30433,
      mq: 29.16,
      m3: 10.8,
    });
  });

  it('part of a tile sale counts the pieces chosen, computed as the server will', () => {
    // 30 tiles: 5.5815 → 5.58 m², ⌈30 / 12⌉ = 3 boxes, 5.58 × 27 = 150.66 → 151 kg
    const [riga] = righeScelte(da, ticks(['lotto', VL, 30]));
    expect(riga).toMatchObject({ pezzi: 30, mq: 5.58, casse: 3, pesoKg: 151, colli: 3 });
    expect(riga).not.toHaveProperty('formato');
    expect(totaliScelti(da, ticks(['pacco', PK], ['lotto', VL, 30]))).toEqual({
      colli: 4,
      pesoKg: 1123,
      pesoNettoKg: 1123,
      mq: 23.58,
      m3: 0,
    });
  });
});

describe('new DDT: the transport checks', () => {
  const t = nuovoTrasporto(
    { indirizzo: 'Hauptstr. 1', cap: '80331', comune: 'München', provincia: null, nazione: 'DE' },
    new Date('2026-11-25T08:00:00Z'),
  );

  it('by the sender, to the party’s address: nothing missing', () => {
    expect(t).toMatchObject({
      trasportoACura: 'mittente',
      porto: 'franco',
      indirizzo: 'Hauptstr. 1',
      comune: 'München',
      inizioTrasporto: '2026-11-25T08:00:00.000Z',
    });
    expect(trasportoErrors(t)).toEqual({});
  });

  it('a vettore needs its name and its truck’s targa', () => {
    expect(trasportoErrors({ ...t, trasportoACura: 'vettore' })).toEqual({
      vettoreRagioneSociale: 'Con il trasporto a cura del vettore, indica il vettore',
      targa: 'Indica la targa del mezzo del vettore',
    });
    expect(
      trasportoErrors({
        ...t,
        trasportoACura: 'vettore',
        vettoreRagioneSociale: 'Autotrasporti Apuani',
        targa: ' ',
      }),
    ).toEqual({ targa: 'Indica la targa del mezzo del vettore' });
    expect(
      trasportoErrors({
        ...t,
        trasportoACura: 'vettore',
        vettoreRagioneSociale: 'Autotrasporti Apuani',
        targa: 'AB123CD',
      }),
    ).toEqual({});
  });

  it('a destination without address or comune is refused', () => {
    expect(trasportoErrors({ ...t, indirizzo: '', comune: ' ' })).toEqual({
      indirizzo: 'Destinazione: indirizzo obbligatorio',
      comune: 'Destinazione: comune obbligatorio',
    });
  });

  it('the body names the party, the vettore only when it carries, and a tile sale’s pieces', () => {
    const body = ddtBody(
      { causale: 'vendita', id: CLIENTE, nome: 'Stone Design GmbH' },
      ticks(['blocco', BL], ['lotto', VL, 30]),
      { ...t, vettoreRagioneSociale: 'Ignorato', aspetto: ' Blocchi sciolti ' },
    );
    expect(body).toEqual({
      causale: 'vendita',
      clienteId: CLIENTE,
      destinazione: {
        indirizzo: 'Hauptstr. 1',
        cap: '80331',
        comune: 'München',
        provincia: undefined,
        nazione: 'DE',
      },
      trasportoACura: 'mittente',
      vettore: undefined,
      porto: 'franco',
      aspetto: 'Blocchi sciolti',
      inizioTrasporto: '2026-11-25T08:00:00.000Z',
      note: undefined,
      righe: [
        { entityType: 'blocco', id: BL },
        { entityType: 'lotto', id: VL, pezzi: 30 },
      ],
    });
    // the sender's own truck: its plate alone (the server names the sender as the carrier)
    expect(
      ddtBody({ causale: 'vendita', id: CLIENTE, nome: null }, ticks(['blocco', BL]), {
        ...t,
        targa: ' FG482KT ',
      }).vettore,
    ).toEqual({ targa: 'FG482KT' });
  });
});

describe('new DDT: the link other pages open', () => {
  it('names the party and pre-ticks the items, and reads back the same', () => {
    const path = nuovoDdtPath({ clienteId: CLIENTE }, { blocchi: [BL], pacchi: [PK] });
    expect(path).toBe(
      `/app/pages/spedizioni/nuovo?clienteId=${CLIENTE}&blocchi=${BL}&pacchi=${PK}`,
    );
    const read = readNuovoParams(new URL(path, 'http://x').searchParams);
    expect(read.party).toEqual({ causale: 'vendita', id: CLIENTE, nome: null });
    expect(read.preTicked).toEqual([
      { tipo: 'blocco', id: BL },
      { tipo: 'pacco', id: PK },
    ]);
    expect(
      readNuovoParams(new URLSearchParams(`destinazioneCompanyId=${CLIENTE}&lotti=${VL},nonsense`)),
    ).toEqual({
      party: { causale: 'trasferimento', id: CLIENTE, nome: null },
      preTicked: [{ tipo: 'lotto', id: VL }],
    });
    expect(readNuovoParams(new URLSearchParams('clienteId=x')).party).toBeNull();
  });

  it('a confirmed collaudo offers its sold blocks not yet shipped', () => {
    const riga = (bloccoId: string, stato: string) => ({ bloccoId, blocco: { stato } }) as never;
    expect(
      blocchiDaSpedire({
        stato: 'confermato',
        righe: [riga('a', 'venduto'), riga('b', 'spedito'), riga('c', 'disponibile')],
      }),
    ).toEqual(['a']);
    expect(blocchiDaSpedire({ stato: 'eseguito', righe: [riga('a', 'venduto')] })).toEqual([]);
  });
});

describe('new DDT: what a link ticks', () => {
  const LA = '55555555-5555-4555-8555-555555555555';
  it("a sold slab's link names its bundle: the bundle is ticked when the whole bundle is to ship, the slab when it is listed alone", () => {
    const link = [
      { tipo: 'lastra' as const, id: LA },
      { tipo: 'pacco' as const, id: PK },
    ];
    // every slab of the bundle sold to the party: da-spedire lists the bundle only
    expect([...preTickedListed(da, link).keys()]).toEqual([tickKey('pacco', PK)]);
    // the slab sold alone: da-spedire lists the slab, not the bundle
    const slab = {
      ...pacco,
      entityType: 'lastra' as const,
      _id: LA,
      codice: 'LA-2026-0001',
      pezzi: 1,
      mq: 4.5,
      pesoKg: 243,
      pesoNettoKg: 243,
    };
    expect([...preTickedListed({ ...da, pacchi: [], lastre: [slab] }, link).keys()]).toEqual([
      tickKey('lastra', LA),
    ]);
  });
});
