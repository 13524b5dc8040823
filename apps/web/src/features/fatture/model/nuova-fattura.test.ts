import { describe, expect, it } from 'vitest';
import type { DaFatturare, DaFatturareDdt } from '@gestcava/contracts';
import {
  bozzaErrors,
  ddtDelMese,
  fatturaBody,
  importoRiga,
  mesiDisponibili,
  nuovaRiga,
  primoMese,
  readNuovaParams,
  totaliScelti,
  type Bozza,
} from './nuova-fattura';

const id = (n: number) => `01a2013d-0000-7000-8000-${String(n).padStart(12, '0')}`;

function ddt(n: number, data: string, importi: number[]): DaFatturareDdt {
  return {
    _id: id(n),
    numero: n,
    anno: 2026,
    numeroDocumento: `${n}/2026`,
    data,
    righe: importi.map((prezzoTotale, i) => ({
      ddtId: id(n),
      ddtRigaId: id(100 + n * 10 + i),
      entityType: 'blocco',
      entityId: id(500 + n * 10 + i),
      codice: `BL-2026-00${n}${i}`,
      descrizione: `Blocco BL-2026-00${n}${i} Bianco Carrara`,
      quantita: 1,
      unitaMisura: 'm3',
      prezzoUnitario: prezzoTotale,
      scontoPercentuale: null,
      prezzoTotale,
    })),
    importo: importi.reduce((a, b) => a + b, 0),
  };
}

// October: DDT 7 (two blocks), November: DDT 9 and DDT 11
const da: DaFatturare = {
  ddt: [
    ddt(7, '2026-10-20', [10_800, 4_500.35]),
    ddt(11, '2026-11-18', [2_345.67]),
    ddt(9, '2026-11-03', [1_000.1, 0.2]),
  ],
};

const bozza = (over: Partial<Bozza> = {}): Bozza => ({
  tipo: 'TD24',
  clienteId: id(1),
  data: '2026-11-30',
  ticked: new Set(),
  libere: [],
  fatturaCollegataId: null,
  modalita: null,
  addebitaBollo: false,
  causale: '',
  note: '',
  ...over,
});

describe('Nuova fattura: the DDTs of a month', () => {
  it('offers the months newest first, each with its DDTs oldest first', () => {
    expect(mesiDisponibili(da)).toEqual(['2026-11', '2026-10']);
    expect(ddtDelMese(da, '2026-11').map((d) => d.numeroDocumento)).toEqual(['9/2026', '11/2026']);
    expect(mesiDisponibili({ ddt: [] })).toEqual([]);
  });

  it('the totals follow each tick: DDTs, lines and imponibile to the cent', () => {
    const ticked = new Set<string>();
    expect(totaliScelti(da, ticked, [])).toEqual({ ddt: 0, righe: 0, imponibile: 0 });
    ticked.add(id(9));
    expect(totaliScelti(da, ticked, [])).toEqual({ ddt: 1, righe: 2, imponibile: 1_000.3 });
    ticked.add(id(11));
    expect(totaliScelti(da, ticked, [])).toEqual({ ddt: 2, righe: 3, imponibile: 3_345.97 });
    ticked.delete(id(9));
    expect(totaliScelti(da, ticked, [])).toEqual({ ddt: 1, righe: 1, imponibile: 2_345.67 });
  });

  it('a free line (transport) adds its amount: quantity × price less the discount, half-up', () => {
    const trasporto = nuovaRiga({
      descrizione: 'Trasporto',
      quantita: 3,
      prezzoUnitario: 33.335,
      scontoPercentuale: 10,
    });
    expect(importoRiga(trasporto)).toBe(90.0);
    expect(totaliScelti(da, new Set([id(11)]), [trasporto])).toEqual({
      ddt: 1,
      righe: 2,
      imponibile: 2_435.67,
    });
    // no price typed yet: nothing added
    expect(importoRiga(nuovaRiga({ descrizione: 'x' }))).toBe(0);
  });

  it('a link ticks its DDT and shows its month; without one, the newest month and nothing ticked', () => {
    const fromDdt = primoMese(da, [id(7)]);
    expect(fromDdt.mese).toBe('2026-10');
    expect([...fromDdt.ticked]).toEqual([id(7)]);
    const plain = primoMese(da, []);
    expect(plain).toEqual({ mese: '2026-11', ticked: new Set() });
    // a DDT the list does not hold (already invoiced) is not ticked
    expect(primoMese(da, [id(99)]).ticked.size).toBe(0);
  });

  it('reads the link: the cliente and the DDTs, ids that are not ids left out', () => {
    const p = readNuovaParams(
      new URLSearchParams(`clienteId=${id(1)}&cliente=Hanse%20Marmor&ddt=${id(7)},nope,${id(9)}`),
    );
    expect(p).toEqual({ clienteId: id(1), clienteNome: 'Hanse Marmor', ddt: [id(7), id(9)] });
    expect(readNuovaParams(new URLSearchParams('clienteId=x&cliente=y'))).toEqual({
      clienteId: null,
      clienteNome: null,
      ddt: [],
    });
  });
});

describe('Nuova fattura: what stops the preview', () => {
  it('a fattura differita needs a DDT, all of one month, and a date not before the last one', () => {
    expect(bozzaErrors(bozza(), da)).toEqual(['Scegli almeno un DDT da fatturare']);
    expect(bozzaErrors(bozza({ ticked: new Set([id(7), id(9)]) }), da)).toEqual([
      'I DDT di una fattura differita sono di un solo mese',
    ]);
    expect(
      bozzaErrors(bozza({ ticked: new Set([id(9), id(11)]), data: '2026-11-10' }), da),
    ).toEqual(['La data della fattura non può precedere il DDT 11/2026']);
    expect(bozzaErrors(bozza({ ticked: new Set([id(9), id(11)]) }), da)).toEqual([]);
  });

  it('an immediate invoice needs a line; a nota di credito its invoice; a line its description and price', () => {
    expect(bozzaErrors(bozza({ tipo: 'TD01' }), da)).toEqual(['Aggiungi almeno una riga']);
    const riga = nuovaRiga({ descrizione: 'Lastra rotta', prezzoUnitario: 120 });
    expect(bozzaErrors(bozza({ tipo: 'TD04', libere: [riga] }), da)).toEqual([
      'Scegli la fattura che la nota di credito corregge',
    ]);
    expect(bozzaErrors(bozza({ tipo: 'TD01', libere: [nuovaRiga()] }), da)).toEqual([
      'Controlla le righe segnate',
    ]);
    // rate 0 without a nature is refused, as the SDI refuses it
    const zero = nuovaRiga({ descrizione: 'Campioni', prezzoUnitario: 10, aliquotaIva: 0 });
    expect(bozzaErrors(bozza({ tipo: 'TD01', libere: [zero] }), da)).toEqual([
      'Controlla le righe segnate',
    ]);
  });
});

describe('Nuova fattura: the body sent', () => {
  it('a TD24 sends the ticked DDTs in the list order, the cliente’s terms left to the server', () => {
    const body = fatturaBody(bozza({ ticked: new Set([id(9), id(11)]) }), da);
    expect(body).toEqual({
      clienteId: id(1),
      tipoDocumento: 'TD24',
      data: '2026-11-30',
      ddtIds: [id(11), id(9)],
      causale: undefined,
      note: undefined,
    });
  });

  it('a TD04 sends its lines, its invoice and a chosen payment', () => {
    const riga = nuovaRiga({
      descrizione: ' Difetto occulto ',
      quantita: 2.5,
      unitaMisura: 'm3',
      prezzoUnitario: 950,
    });
    const body = fatturaBody(
      bozza({
        tipo: 'TD04',
        libere: [riga],
        fatturaCollegataId: id(42),
        modalita: 'MP05',
        note: ' ok ',
      }),
      da,
    );
    expect(body).toEqual({
      clienteId: id(1),
      tipoDocumento: 'TD04',
      data: '2026-11-30',
      righe: [
        {
          descrizione: 'Difetto occulto',
          quantita: 2.5,
          unitaMisura: 'm3',
          prezzoUnitario: 950,
          scontoPercentuale: undefined,
          aliquotaIva: null,
          natura: null,
        },
      ],
      fatturaCollegataId: id(42),
      pagamento: { condizioni: 'TP02', modalita: 'MP05' },
      causale: undefined,
      note: 'ok',
    });
  });
});
