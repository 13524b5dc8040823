import type { Collaudo, CollaudoRiga } from '@gestcava/contracts';

/** Test data of the collaudi tests: rows as the server answers them. */
export const COLLAUDO_ID = '01a20158-6dea-77ef-a7cd-0000000000c1';

export function riga(n: number, over: Partial<CollaudoRiga> = {}): CollaudoRiga {
  return {
    _id: `r${n}`,
    bloccoId: `b${n}`,
    blocco: {
      _id: `b${n}`,
      codice: `BL-2026-00${40 + n}`,
      origine: 'interno',
      stato: 'in_collaudo',
      materiale: { _id: 'm1', nome: 'Statuario' },
      cava: { _id: 'cv1', codice: '173', nome: 'Fantiscritti' },
      codiceTracciabilita: null,
      densita: 2.7,
      scelta: 'prima',
      lunghezza: 300,
      altezza: 200,
      profondita: 150,
      volume: 9,
      pesoTeorico: 24.3,
      pesoPesa: null,
      difettiDichiarati: ['pelo'],
      noteDifetti: null,
      prezzoListino: 1200,
      unitaPrezzoListino: 'm3',
    },
    statoPrecedente: 'disponibile',
    updatedAt: '2026-11-21T10:00:00.000Z',
    lunghezzaRilevata: null,
    altezzaRilevata: null,
    profonditaRilevata: null,
    abbuonoTipo: null,
    abbuonoValore: null,
    sceltaAssegnata: null,
    difettiRiscontrati: [],
    esito: null,
    prezzo: null,
    unitaPrezzo: 'm3',
    pesoRilevato: null,
    note: null,
    lunghezzaNetta: 300,
    altezzaNetta: 200,
    profonditaNetta: 150,
    volumeNettoAccettato: 9,
    peso: 24.3,
    pesoBase: 'teorico',
    importo: null,
    ...over,
  };
}

export function collaudo(over: Partial<Collaudo> = {}): Collaudo {
  return {
    _id: COLLAUDO_ID,
    codice: 'CO-2026-0009',
    companyId: 'c1',
    data: '2026-11-20',
    luogo: 'Piazzale cava',
    cliente: { _id: 'cl1', ragioneSociale: 'Marmi Export S.p.A.' },
    ispettore: 'Ing. Rossi',
    ispettoreSocieta: null,
    resa: null,
    carico: null,
    pagamento: null,
    riferimentoOrdine: 'ORD-77',
    note: null,
    stato: 'in_corso',
    righe: [],
    totali: { blocchiAccettati: 0, volumeNetto: 0, peso: 0, importo: 0 },
    createdAt: '2026-11-20T08:00:00.000Z',
    updatedAt: '2026-11-20T08:00:00.000Z',
    ...over,
  };
}
