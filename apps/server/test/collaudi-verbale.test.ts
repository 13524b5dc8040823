import {
  calcolaRiga,
  type Collaudo,
  type Esito,
  totaliCollaudo,
  type UnitaPrezzoCollaudo,
} from '@gestcava/contracts';
import * as mupdf from 'mupdf';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createRenderPool } from '../src/lib/render-pool.js';
import {
  numeroIt,
  renderVerbale,
  type VerbaleCliente,
  type VerbaleCompany,
  type VerbaleInput,
  type VerbalePhotos,
} from '../src/modules/collaudi/collaudi.verbale.js';

// The verbale di collaudo is a pure function of its input: a collaudo built by hand, its
// figures from the contracts' calcolaRiga / totaliCollaudo as the server stores them, the PDF read back with mupdf.

const company: VerbaleCompany = {
  name: 'Marmi Apuani S.r.l.',
  partitaIva: '01234567890',
  codiceFiscale: '01234567890',
  indirizzo: 'Via Carriona 12',
  cap: '54033',
  comune: 'Carrara',
  provincia: 'MS',
  telefono: '0585 123456',
  email: 'info@marmiapuani.example',
  pec: 'marmiapuani@pec.example',
  logo: null,
};
const cliente: VerbaleCliente = {
  ragioneSociale: 'Stone Trading GmbH',
  partitaIva: 'DE123456789',
  indirizzo: 'Hauptstraße 5',
  cap: '80331',
  comune: 'München',
  provincia: null,
  nazione: 'Germania',
};

interface RigaSpec {
  n: number;
  misure: [number, number, number];
  rilevate?: [number | null, number | null, number | null];
  abbuono?: [Collaudo['righe'][number]['abbuonoTipo'], number];
  esito: Esito | null;
  prezzo: number | null;
  unita: UnitaPrezzoCollaudo;
  pesoRilevato?: number;
  pesoPesa?: number;
  difetti?: Collaudo['righe'][number]['difettiRiscontrati'];
  note?: string;
  scelta?: Collaudo['righe'][number]['sceltaAssegnata'];
}

const codice = (n: number) => `BL-2025-${String(n).padStart(4, '0')}`;

function riga(s: RigaSpec): Collaudo['righe'][number] {
  const [lunghezza, altezza, profondita] = s.misure;
  const [lunghezzaRilevata, altezzaRilevata, profonditaRilevata] = s.rilevate ?? [null, null, null];
  const fields = {
    lunghezzaRilevata,
    altezzaRilevata,
    profonditaRilevata,
    abbuonoTipo: s.abbuono?.[0] ?? null,
    abbuonoValore: s.abbuono?.[1] ?? null,
    pesoRilevato: s.pesoRilevato ?? null,
    prezzo: s.prezzo,
    unitaPrezzo: s.unita,
  };
  const calc = calcolaRiga({
    ...fields,
    dichiarate: { lunghezza, altezza, profondita },
    densita: 2.7,
    pesoPesa: s.pesoPesa ?? null,
  });
  return {
    _id: `riga-${s.n}`,
    bloccoId: `blocco-${s.n}`,
    blocco: {
      _id: `blocco-${s.n}`,
      codice: codice(s.n),
      origine: 'interno',
      stato: 'in_collaudo',
      materiale: { _id: 'mat-1', nome: 'Statuario' },
      cava: { _id: 'cava-1', codice: '173', nome: 'Fantiscritti' },
      codiceTracciabilita: `MS-${s.n}-2025`,
      densita: 2.7,
      scelta: 'prima',
      lunghezza,
      altezza,
      profondita,
      volume: (lunghezza * altezza * profondita) / 1e6,
      pesoTeorico: 0,
      pesoPesa: s.pesoPesa ?? null,
      difettiDichiarati: [],
      noteDifetti: null,
      prezzoListino: null,
      unitaPrezzoListino: 'm3',
    },
    statoPrecedente: 'disponibile',
    updatedAt: '2025-06-01T08:00:00.000Z',
    ...fields,
    sceltaAssegnata: s.scelta ?? null,
    difettiRiscontrati: s.difetti ?? [],
    esito: s.esito,
    note: s.note ?? null,
    lunghezzaNetta: calc.lunghezzaNetta,
    altezzaNetta: calc.altezzaNetta,
    profonditaNetta: calc.profonditaNetta,
    volumeNettoAccettato: calc.volumeNettoAccettato,
    peso: calc.peso,
    pesoBase: calc.pesoBase,
    importo: calc.importo,
  };
}

function collaudo(righe: Collaudo['righe'], extra: Partial<Collaudo> = {}): Collaudo {
  return {
    _id: 'col-1',
    codice: 'CO-2025-0007',
    companyId: 'company-1',
    data: '2025-03-04',
    luogo: 'Cava Fantiscritti, Carrara',
    cliente: { _id: 'cli-1', ragioneSociale: cliente.ragioneSociale },
    ispettore: 'Hans Müller',
    ispettoreSocieta: 'Stone Trading GmbH',
    resa: 'FOB Marina di Carrara',
    carico: 'Su camion a cura del venditore',
    pagamento: 'Bonifico 30 gg data fattura',
    riferimentoOrdine: 'PO-4471',
    note: 'Blocchi visionati al piazzale alla presenza del cliente.',
    stato: 'confermato',
    righe,
    totali: totaliCollaudo(righe),
    createdAt: '2025-03-04T08:00:00.000Z',
    updatedAt: '2025-03-04T12:00:00.000Z',
    ...extra,
  };
}

const RISERVA = 'Pelo lungo lo spigolo superiore, accettato con sconto concordato';
const tre = () => [
  riga({
    n: 1,
    misure: [300, 160, 140],
    rilevate: [302, 161, 141],
    abbuono: ['cm_per_lato', 2],
    esito: 'accettato',
    prezzo: 1250,
    unita: 'm3',
  }),
  riga({
    n: 2,
    misure: [280, 150, 130],
    esito: 'accettato_con_riserva',
    scelta: 'seconda',
    prezzo: 95.5,
    unita: 't',
    pesoRilevato: 14.85,
    difetti: ['pelo'],
    note: RISERVA,
  }),
  riga({
    n: 3,
    misure: [250, 140, 120],
    rilevate: [248, null, null],
    esito: 'rifiutato',
    prezzo: 1250,
    unita: 'm3',
    difetti: ['crepa'],
    note: 'Crepa aperta passante',
  }),
];

/** The text of every page (whitespace as single spaces: a table cell may wrap), the images on each, and the document's metadata. */
function read(pdf: Buffer) {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  const pages = Array.from({ length: doc.countPages() }, (_, n) => {
    const page = doc.loadPage(n);
    let images = 0;
    page.toStructuredText('preserve-images').walk({ onImageBlock: () => void images++ });
    return {
      text: page.toStructuredText('preserve-whitespace').asText().replace(/\s+/g, ' '),
      images,
    };
  });
  return {
    pages,
    text: pages.map((p) => p.text).join('\n'),
    title: doc.getMetaData('info:Title'),
    author: doc.getMetaData('info:Author'),
  };
}

async function image(format: 'jpeg' | 'png' | 'webp', color: string) {
  const img = sharp({ create: { width: 640, height: 480, channels: 3, background: color } });
  return img[format]().toBuffer();
}

describe('renderVerbale', () => {
  it('numeroIt groups thousands with a dot from four digits and writes decimals with a comma', () => {
    expect(numeroIt(1234.5, 2)).toBe('1.234,50');
    expect(numeroIt(1234.567, 3)).toBe('1.234,567');
    expect(numeroIt(7.714, 3)).toBe('7,714');
    expect(numeroIt(5, 2, true)).toBe('5');
    expect(numeroIt(12.5, 2, true)).toBe('12,5');
  });

  it('a confirmed collaudo of three blocks: rows, Italian figures, totals, reserve, cliente and signatures on one page', async () => {
    const righe = tre();
    const c = collaudo(righe);
    // the fixture is what the contracts compute: 298 × 157 × 137 cm after 2 cm per side, 14,85 t on the weighbridge
    expect(righe.map((r) => [r.volumeNettoAccettato, r.importo])).toEqual([
      [6.41, 801_250],
      [5.46, 141_818],
      [4.166, 520_750],
    ]);
    expect(c.totali).toEqual({
      blocchiAccettati: 2,
      volumeNetto: 11.87,
      peso: 32.16,
      importo: 943_068,
    });

    const pdf = read(
      await renderVerbale({
        collaudo: c,
        company: { ...company, logo: await image('png', '#204080') },
        cliente,
        photos: new Map(),
      }),
    );
    expect(pdf.pages).toHaveLength(1);
    const text = pdf.text;
    expect(pdf.title).toBe('Verbale di collaudo CO-2025-0007');
    expect(pdf.author).toBe('Marmi Apuani S.r.l.');
    expect(pdf.pages[0]!.images).toBe(1); // the logo
    for (const s of [
      'Verbale di collaudo',
      'CO-2025-0007',
      'Marmi Apuani S.r.l.',
      'P.IVA 01234567890',
      'Via Carriona 12, 54033 Carrara (MS)',
      'PEC marmiapuani@pec.example',
    ]) {
      expect(text).toContain(s);
    }
    for (const s of [
      'Stone Trading GmbH',
      'P.IVA DE123456789',
      'Hauptstraße 5, 80331 München',
      '04/03/2025',
      'Hans Müller',
      'PO-4471',
      'Cava Fantiscritti, Carrara',
    ]) {
      expect(text).toContain(s);
    }
    for (const r of righe) expect(text).toContain(r.blocco.codice);
    // declared and measured measures, the abbuono, net m³, esiti, prices with their unit, amounts
    for (const s of [
      '300 × 160 × 140',
      '302 × 161 × 141',
      '248 × — × —',
      '2 cm per lato',
      '6,410',
      '5,460',
      '4,166',
      'Accettato con riserva',
      'Rifiutato',
    ]) {
      expect(text).toContain(s);
    }
    for (const s of ['€ 1.250,00/m³', '€ 95,50/t', '€ 8.012,50', '€ 1.418,18'])
      expect(text).toContain(s);
    // per row the buyer checks: the net measures after the abbuono (302 − 4, 161 − 4, 141 − 4), the weight and
    // its basis, the grade sold (assigned, else the block's), the quarry and the certificate code
    for (const s of [
      '298 × 157 × 137',
      '14,85 pesato',
      '17,31 teorico',
      'Prima scelta',
      'Seconda scelta',
      'Cava 173 Fantiscritti',
      'Tracc. MS-1-2025',
      'Tracc. MS-3-2025',
    ]) {
      expect(text).toContain(s);
    }
    expect(text).not.toContain('€ 5.207,50'); // the rejected block is not sold
    // totals of the accepted blocks
    expect(text).toContain('2 di 3');
    expect(text).toContain('11,870 m³');
    expect(text).toContain('32,16 t');
    expect(text).toContain('€ 9.430,68');
    expect(text).toContain(`Riserva su BL-2025-0002: ${RISERVA}`);
    expect(text).toContain('Rifiuto di BL-2025-0003: Crepa aperta passante');
    expect(text).toContain('Difetti di BL-2025-0003: dichiarati nessuno; riscontrati Crepa aperta');
    for (const s of ['Luogo e data', 'Per il venditore', "Per l'acquirente", 'Pagina 1 di 1'])
      expect(text).toContain(s);
    expect(text).not.toContain('BOZZA');
    // the inspector's company, the terms of the sale and the acceptance of visible defects
    for (const s of [
      'Hans Müller, Stone Trading GmbH',
      'Resa FOB Marina di Carrara',
      'Carico Su camion a cura del venditore',
      'Pagamento Bonifico 30 gg data fattura',
      'Valuta EUR',
      'art. 1491 c.c.',
    ]) {
      expect(text).toContain(s);
    }
  });

  it('an abbuono on one dimension: 3 cm off the height, the net measures and m³ the buyer can check', async () => {
    const r = riga({
      n: 1,
      misure: [300, 160, 140],
      rilevate: [302, 161, 141],
      abbuono: ['cm_altezza', 3],
      esito: 'accettato',
      prezzo: 1000,
      unita: 'm3',
    });
    // 302 × 158 × 141 = 6,727956 → 6,728 m³ × 1.000 € = 6.728,00 €
    expect([r.altezzaNetta, r.volumeNettoAccettato, r.importo]).toEqual([158, 6.728, 672_800]);
    const { text } = read(
      await renderVerbale({ collaudo: collaudo([r]), company, cliente, photos: new Map() }),
    );
    for (const s of ['3 cm sull’altezza', '302 × 158 × 141', '6,728', '€ 6.728,00'])
      expect(text).toContain(s);
  });

  it('a collaudo still open says it is a draft', async () => {
    const { text } = read(
      await renderVerbale({
        collaudo: collaudo(tre(), { stato: 'in_corso' }),
        company,
        cliente,
        photos: new Map(),
      }),
    );
    expect(text).toContain('BOZZA – collaudo non ancora confermato');
  });

  it('a draft or a cancelled verbale prints "—" for a row not yet examined, never an amount the totals leave out', async () => {
    // 200 × 100 × 100 = 2 m³ × 1 250 €/m³ = 2 500 € if it were accepted; not examined, it owes nothing
    const nonEsaminata = riga({
      n: 4,
      misure: [200, 100, 100],
      esito: null,
      prezzo: 1250,
      unita: 'm3',
    });
    expect(nonEsaminata.importo).toBe(250000);
    for (const stato of ['in_corso', 'annullato'] as const) {
      const { text } = read(
        await renderVerbale({
          collaudo: collaudo([...tre(), nonEsaminata], { stato }),
          company,
          cliente,
          photos: new Map(),
        }),
      );
      expect(text, stato).toContain(codice(4));
      expect(text, stato).not.toContain('2.500,00');
      // the row ends with its price and no amount: "— (esito) € 1.250,00/m³ —"
      expect(text, stato).toMatch(new RegExp(`${codice(4)}.*— € 1\\.250,00 ?/ ?m³ —`));
    }
  });

  it('60 blocks and a long note run over several pages, the table header on each, every page numbered', async () => {
    const righe = Array.from({ length: 60 }, (_, i) =>
      riga({
        n: i + 1,
        misure: [200 + i, 150, 120],
        abbuono: i % 3 === 0 ? ['percentuale', 5] : undefined,
        esito: 'accettato',
        prezzo: 980,
        unita: 'm3',
      }),
    );
    const note = 'Collaudo eseguito in più sessioni. '.repeat(55);
    const pdf = read(
      await renderVerbale({
        collaudo: collaudo(righe, { note }),
        company,
        cliente,
        photos: new Map(),
      }),
    );
    const count = pdf.pages.length;
    expect(count).toBeGreaterThan(1);
    pdf.pages.forEach((p, n) => expect(p.text).toContain(`Pagina ${n + 1} di ${count}`));
    expect(pdf.pages[1]!.text).toContain('Misure dichiarate');
    expect(pdf.text).toContain('BL-2025-0060');
    expect(pdf.text).toContain('5% sull’importo');
    expect(pdf.pages.at(-1)!.text).toContain("Per l'acquirente");
  });

  it('no blocks, a company with no data, a damaged logo and letters Helvetica lacks still make a verbale', async () => {
    const nessuno = { partitaIva: null, indirizzo: null, cap: null, comune: null, provincia: null };
    const spoglia = {
      ...nessuno,
      name: 'Cave Łódź 石材',
      codiceFiscale: null,
      telefono: null,
      email: null,
      pec: null,
      logo: Buffer.from('non è un logo'),
    };
    const pdf = read(
      await renderVerbale({
        collaudo: collaudo([], { note: null, luogo: null }),
        company: spoglia,
        cliente: { ...nessuno, ragioneSociale: 'Privato', nazione: null },
        photos: new Map(),
      }),
    );
    expect(pdf.text).toContain('Nessun blocco nel collaudo.');
    expect(pdf.text).toContain('€ 0,00');
    expect(pdf.text).toContain('Pagina 1 di 1');
  });

  it('photos by block: JPEG, PNG and WebP embedded as thumbnails, a damaged one left out', async () => {
    const righe = tre();
    const photos: VerbalePhotos = new Map([
      ['blocco-1', [await image('jpeg', '#c0c0c0'), Buffer.from('non è una foto')]],
      ['blocco-2', [await image('png', '#d0b090'), await image('webp', '#908070')]],
    ]);
    const pdf = read(await renderVerbale({ collaudo: collaudo(righe), company, cliente, photos }));
    const images = pdf.pages.reduce((a, p) => a + p.images, 0);
    expect(images).toBe(3);
    expect(pdf.text).toContain('Fotografie');
  });

  it('through the document pool (as the server draws it): the logo and the photos cross to the worker thread', async () => {
    const pool = createRenderPool({ threads: 1 });
    afterAll(() => pool.close());
    const photos: VerbalePhotos = new Map([
      ['blocco-1', [await image('jpeg', '#c0c0c0'), await image('webp', '#908070')]],
    ]);
    const input = {
      collaudo: collaudo(tre()),
      company: { ...company, logo: await image('png', '#204080') },
      cliente,
      photos,
    };
    const pdf = read(
      await pool.render<VerbaleInput>(
        new URL('../src/modules/collaudi/collaudi.verbale.ts', import.meta.url),
        input,
      ),
    );
    expect(pdf.pages.reduce((a, p) => a + p.images, 0)).toBe(3);
    expect(pdf.text).toContain('Verbale di collaudo');
    expect(pdf.text).toContain(RISERVA);
    expect(pdf.author).toBe(company.name);
  });
});

describe('renderVerbale: the weight column (item 3)', () => {
  it('each row prints its tonnes and whether they were weighed: the block at the weighbridge, the collaudo reading, or m³ × density', async () => {
    const righe = [
      // 220 × 200 × 110 = 4,84 m³ (13,07 t theoretical), 15,08 t at the weighbridge, sold at 846 €/t
      riga({
        n: 14,
        misure: [220, 200, 110],
        esito: 'accettato',
        prezzo: 846,
        unita: 't',
        pesoPesa: 15.08,
      }),
      riga({
        n: 15,
        misure: [280, 150, 130],
        esito: 'accettato',
        prezzo: 95.5,
        unita: 't',
        pesoRilevato: 14.85,
      }),
      riga({ n: 16, misure: [250, 140, 120], esito: 'accettato', prezzo: 1250, unita: 'm3' }),
    ];
    const { text } = read(
      await renderVerbale({ collaudo: collaudo(righe), company, cliente, photos: new Map() }),
    );
    expect(text).toContain('15,08 pesato');
    expect(text).toContain('€ 12.757,68'); // 15,08 t × 846 €, not 13,07 t
    expect(text).toContain('14,85 pesato');
    expect(text).toContain('11,34 teorico'); // 4,2 m³ × 2,7
  });
});

describe('renderVerbale in English (item 13)', () => {
  it('for a foreign buyer: English title, headings, labels, terms and clause, figures written 1,234.56, dates dd/MM/yyyy', async () => {
    const pdf = read(
      await renderVerbale({
        collaudo: collaudo(tre()),
        company,
        cliente,
        photos: new Map(),
        lingua: 'en',
      }),
    );
    const text = pdf.text;
    expect(pdf.title).toBe('Inspection report CO-2025-0007');
    for (const s of [
      'Inspection report',
      'Buyer',
      'VAT No. DE123456789',
      'Blocks inspected',
      'Reserves, defects and notes',
      'Acceptance',
      'Place and date',
      'For the seller',
      'For the buyer',
      'stamp and signature',
      'Page 1 of 1',
    ]) {
      expect(text).toContain(s);
    }
    // the column headers (a header may wrap inside its cell: the text is read with single spaces)
    for (const s of [
      'Block',
      'Material and grade',
      'Declared size (cm)',
      'Measured size (cm)',
      'Allowance',
      'Net size (cm)',
      'Net m³',
      'Result',
      'Price',
      'Amount',
    ])
      expect(text).toContain(s);
    // the facts: the date as dd/MM/yyyy, the inspector and the terms under their English names
    for (const s of [
      'Date 04/03/2025',
      'Inspector Hans Müller, Stone Trading GmbH',
      'Order reference PO-4471',
      'Delivery FOB Marina di Carrara',
      'Loading Su camion a cura del venditore',
      'Payment Bonifico 30 gg data fattura',
      'Currency EUR',
    ]) {
      expect(text).toContain(s);
    }
    // row 1: 298 × 157 × 137 cm after 2 cm per side = 6.410 m³ at 1,250.00 €/m³ = 8,012.50 €; row 2 weighed 14.85 t at 95.50 €/t = 1,418.18 €
    for (const s of [
      '2 cm per side',
      '298 × 157 × 137',
      '6.410',
      '€ 1,250.00/m³',
      '€ 8,012.50',
      '14.85 weighed',
      '€ 95.50/t',
      '€ 1,418.18',
      '17.31 theor.',
    ]) {
      expect(text).toContain(s);
    }
    for (const s of [
      'Accepted with reserve',
      'Rejected',
      'First grade',
      'Second grade',
      'Quarry 173 Fantiscritti',
      'Trace MS-1-2025',
    ])
      expect(text).toContain(s);
    // totals: 2 of 3 accepted, 6.410 + 5.460 m³, 17.31 + 14.85 t, 8,012.50 + 1,418.18 €
    for (const s of [
      'Blocks accepted 2 of 3',
      'Net volume 11.870 m³',
      'Weight 32.16 t',
      'Total amount € 9,430.68',
    ])
      expect(text).toContain(s);
    expect(text).toContain(`Reserve on BL-2025-0002: ${RISERVA}`);
    expect(text).toContain('Defects of BL-2025-0003: declared none; found Open crack');
    expect(text).toContain('Pursuant to art. 1491 of the Italian Civil Code, the buyer');
    expect(text).toContain('art. 1495 of the Italian Civil Code');
    for (const s of [
      'Verbale di collaudo',
      'Blocchi esaminati',
      'Pagina',
      'Accettato',
      'c.c.',
      '1.250,00',
    ])
      expect(text).not.toContain(s);
  });

  it('a draft in English says so; percentage and price abbuoni, several pages numbered "Page N of M"', async () => {
    const righe = Array.from({ length: 60 }, (_, i) =>
      riga({
        n: i + 1,
        misure: [200 + i, 150, 120],
        abbuono: i % 3 === 0 ? ['percentuale', 5] : ['prezzo', 1250],
        esito: 'accettato',
        prezzo: 1980,
        unita: 'm3',
      }),
    );
    const pdf = read(
      await renderVerbale({
        collaudo: collaudo(righe, { stato: 'in_corso' }),
        company,
        cliente,
        photos: new Map(),
        lingua: 'en',
      }),
    );
    expect(pdf.text).toContain('DRAFT – inspection not yet confirmed');
    expect(pdf.text).toContain('5% off the amount');
    expect(pdf.text).toContain('€ 1,250.00 off the unit price');
    const count = pdf.pages.length;
    expect(count).toBeGreaterThan(1);
    pdf.pages.forEach((p, n) => expect(p.text).toContain(`Page ${n + 1} of ${count}`));
    expect(pdf.pages[1]!.text).toContain('Declared size');
  });
});
