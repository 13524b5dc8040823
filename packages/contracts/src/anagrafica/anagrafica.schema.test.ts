import { describe, expect, it } from 'vitest';
import {
  anagraficaCreateSchema,
  anagraficaSchema,
  anagraficaUpdateSchema,
  mergeAnagraficaUpdate,
  type AnagraficaCreateInput,
  type AnagraficaData,
} from './anagrafica.schema.js';

/** A complete Italian supplier as a form would send it, untidy on purpose. */
const italiano: AnagraficaCreateInput = {
  ragioneSociale: '  Marmi Apuani S.r.l. ',
  partitaIva: 'IT 00743110157',
  codiceFiscale: '00743110157',
  indirizzo: 'Via Carriona 12',
  cap: '54033',
  comune: 'Carrara',
  provincia: 'ms',
  nazione: 'it',
  telefono: '0585 123456',
  email: 'Ufficio@MarmiApuani.it',
  pec: 'marmiapuani@pec.it',
  codiceSdi: 'm5uxcr1',
  pubblicaAmministrazione: false,
  referente: 'Mario Rossi',
  iban: 'it60 x054 2811 1010 0000 0123 456',
  condizioniPagamento: 'Bonifico 60 gg d.f.f.m.',
  note: '',
  attivo: true,
};

/** Issues as `path: message`, to compare whole sets. */
function issuesOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return (result.error?.issues ?? []).map((i) => `${i.path.map(String).join('.')}: ${i.message}`);
}

describe('anagraficaCreateSchema: valid bodies', () => {
  it('normalises a complete Italian body', () => {
    expect(anagraficaCreateSchema.parse(italiano)).toEqual({
      ragioneSociale: 'Marmi Apuani S.r.l.',
      partitaIva: '00743110157',
      codiceFiscale: '00743110157',
      indirizzo: 'Via Carriona 12',
      cap: '54033',
      comune: 'Carrara',
      provincia: 'MS',
      nazione: 'IT',
      telefono: '+390585123456',
      email: 'ufficio@marmiapuani.it',
      pec: 'marmiapuani@pec.it',
      codiceSdi: 'M5UXCR1',
      pubblicaAmministrazione: false,
      referente: 'Mario Rossi',
      iban: 'IT60X0542811101000000123456',
      condizioniPagamento: 'Bonifico 60 gg d.f.f.m.',
      dichiarazioneIntento: null,
      pagamento: null,
      note: null,
      attivo: true,
    } satisfies AnagraficaData);
  });

  it('fills defaults and nulls for a minimal Italian company', () => {
    expect(
      anagraficaCreateSchema.parse({
        ragioneSociale: 'Edilpietra SpA',
        partitaIva: '00488410010',
        indirizzo: 'Via Roma 1',
        cap: '10121',
        comune: 'Torino',
        provincia: 'TO',
      }),
    ).toEqual({
      ragioneSociale: 'Edilpietra SpA',
      partitaIva: '00488410010',
      codiceFiscale: null,
      indirizzo: 'Via Roma 1',
      cap: '10121',
      comune: 'Torino',
      provincia: 'TO',
      nazione: 'IT',
      telefono: null,
      email: null,
      pec: null,
      codiceSdi: null,
      pubblicaAmministrazione: false,
      referente: null,
      iban: null,
      condizioniPagamento: null,
      dichiarazioneIntento: null,
      pagamento: null,
      note: null,
      attivo: true,
    });
  });

  it('accepts a private person with only a codice fiscale and 0000000', () => {
    const out = anagraficaCreateSchema.parse({
      ragioneSociale: 'Matteo Moretti',
      partitaIva: null,
      codiceFiscale: 'mrtmtt25d09f205z',
      indirizzo: 'Via Dante 3',
      cap: '20121',
      comune: 'Milano',
      provincia: 'MI',
      codiceSdi: '0000000',
    });
    expect(out.partitaIva).toBeNull();
    expect(out.codiceFiscale).toBe('MRTMTT25D09F205Z');
    expect(out.codiceSdi).toBe('0000000');
  });

  it('accepts a public administration with its 6-character codice univoco ufficio', () => {
    const out = anagraficaCreateSchema.parse({
      ...italiano,
      ragioneSociale: 'Comune di Carrara',
      pubblicaAmministrazione: true,
      codiceSdi: 'ufabcd',
    });
    expect(out.codiceSdi).toBe('UFABCD');
    expect(out.pubblicaAmministrazione).toBe(true);
  });

  it('accepts foreign customers: EU prefix added, Greece as EL, no CAP rule, XXXXXXX', () => {
    const de = anagraficaCreateSchema.parse({
      ragioneSociale: 'Naturstein GmbH',
      partitaIva: '123 456 789',
      indirizzo: 'Marienplatz 1',
      cap: '80331',
      comune: 'München',
      provincia: 'Bayern',
      nazione: 'DE',
      telefono: '+49 89 1234567',
      codiceSdi: 'xxxxxxx',
      iban: 'DE89 3704 0044 0532 0130 00',
    });
    expect(de).toMatchObject({
      partitaIva: 'DE123456789',
      nazione: 'DE',
      provincia: 'Bayern',
      codiceSdi: 'XXXXXXX',
      telefono: '+49891234567',
      iban: 'DE89370400440532013000',
    });
    const gr = anagraficaCreateSchema.parse({
      ragioneSociale: 'Marmara AE',
      partitaIva: 'EL094014201',
      indirizzo: 'Odos 5',
      comune: 'Atene',
      nazione: 'GR',
    });
    expect(gr).toMatchObject({ partitaIva: 'EL094014201', cap: null, provincia: null });
    const us = anagraficaCreateSchema.parse({
      ragioneSociale: 'Stone Imports Inc.',
      indirizzo: '1 Main St',
      comune: 'New York',
      cap: '10001',
      provincia: 'NY',
      nazione: 'US',
      partitaIva: '12-3456789',
    });
    expect(us).toMatchObject({ partitaIva: '123456789', provincia: 'NY' });
  });
});

describe('anagraficaCreateSchema: each rule names its field', () => {
  it.each<[string, Partial<AnagraficaCreateInput>, string]>([
    [
      'ragione sociale empty',
      { ragioneSociale: '   ' },
      'ragioneSociale: Ragione sociale obbligatoria',
    ],
    [
      'ragione sociale too long',
      { ragioneSociale: 'x'.repeat(81) },
      'ragioneSociale: Ragione sociale: al massimo 80 caratteri (ne ha 81)',
    ],
    [
      'P.IVA check digit',
      { partitaIva: '00743110158' },
      'partitaIva: Partita IVA non valida: cifra di controllo errata',
    ],
    [
      'P.IVA length',
      { partitaIva: '0074311015' },
      'partitaIva: Partita IVA non valida: deve avere 11 cifre (ne ha 10)',
    ],
    [
      'P.IVA with a foreign prefix in Italy',
      { partitaIva: 'DE123456789' },
      'partitaIva: Partita IVA non valida: il prefisso DE non è italiano; per un soggetto estero scegliere la sua nazione',
    ],
    [
      'neither P.IVA nor codice fiscale in Italy',
      { partitaIva: '', codiceFiscale: null },
      'partitaIva: Partita IVA obbligatoria per un soggetto italiano (o, per un privato, il codice fiscale)',
    ],
    [
      'codice fiscale check',
      { codiceFiscale: 'MRTMTT25D09F205A' },
      'codiceFiscale: Codice fiscale non valido: carattere di controllo errato',
    ],
    ['indirizzo missing', { indirizzo: undefined }, 'indirizzo: Indirizzo obbligatorio'],
    ['comune missing', { comune: '' }, 'comune: Comune obbligatorio'],
    ['CAP in Italy', { cap: '5403' }, 'cap: CAP non valido: in Italia deve avere 5 cifre'],
    [
      'CAP missing in Italy',
      { cap: null },
      'cap: CAP obbligatorio per un indirizzo in Italia (5 cifre)',
    ],
    [
      'provincia unknown',
      { provincia: 'XX' },
      'provincia: Provincia non valida: XX non è la sigla di una provincia italiana attuale',
    ],
    [
      'provincia missing in Italy',
      { provincia: '' },
      'provincia: Provincia obbligatoria per un indirizzo in Italia (sigla di 2 lettere, es. MS)',
    ],
    [
      'nazione unknown',
      { nazione: 'ZZ' },
      'nazione: Nazione non valida: "ZZ" non è un codice ISO di 2 lettere della lista dei paesi',
    ],
    [
      'telefono',
      { telefono: '+999 1234567' },
      'telefono: Telefono non valido: prefisso internazionale sconosciuto',
    ],
    ['email', { email: 'ufficio@' }, 'email: Email non valida: formato atteso nome@dominio.it'],
    ['pec', { pec: 'pec.marmi.it' }, 'pec: PEC non valida: formato atteso nome@dominio.it'],
    [
      'codice SDI length',
      { codiceSdi: 'ABC123' },
      'codiceSdi: Codice SDI non valido: deve avere 7 lettere o cifre, oppure 0000000 (ne ha 6)',
    ],
    [
      'codice SDI of foreigners in Italy',
      { codiceSdi: 'XXXXXXX' },
      'codiceSdi: Codice SDI non valido: XXXXXXX è riservato ai soggetti esteri',
    ],
    [
      'codice SDI of a PA with 7 characters',
      { pubblicaAmministrazione: true, codiceSdi: 'ABC1234' },
      'codiceSdi: Codice SDI non valido: per una pubblica amministrazione il codice univoco ufficio ha 6 lettere o cifre (ne ha 7)',
    ],
    [
      'codice SDI missing for a PA',
      { pubblicaAmministrazione: true, codiceSdi: '' },
      'codiceSdi: Codice SDI obbligatorio per una pubblica amministrazione: il codice univoco ufficio di 6 caratteri',
    ],
    [
      'IBAN',
      { iban: 'IT60X0542811101000000123457' },
      'iban: IBAN non valido: cifre di controllo errate',
    ],
    [
      'note too long',
      { note: 'n'.repeat(2001) },
      'note: Note: al massimo 2000 caratteri (ne ha 2001)',
    ],
    [
      'attivo not a boolean',
      { attivo: 'si' as unknown as boolean },
      'attivo: Attivo: indicare sì o no (true o false)',
    ],
    [
      'referente not a string',
      { referente: 42 as unknown as string },
      'referente: Referente: valore non valido, atteso un testo',
    ],
  ])('%s', (_case, patch, issue) => {
    expect(issuesOf(anagraficaCreateSchema.safeParse({ ...italiano, ...patch }))).toEqual([issue]);
  });

  it.each<[string, Partial<AnagraficaCreateInput>, string]>([
    [
      'Greek VAT with GR',
      { partitaIva: 'GR094014201' },
      'partitaIva: Partita IVA estera non valida: per Grecia il prefisso IVA è EL, non GR',
    ],
    [
      'Italian SDI code abroad',
      { codiceSdi: 'ABC1234' },
      'codiceSdi: Codice SDI non valido: per un soggetto estero il codice è XXXXXXX',
    ],
    [
      'public administration abroad',
      { pubblicaAmministrazione: true, codiceSdi: 'UFABCD' },
      'pubblicaAmministrazione: Pubblica amministrazione: solo per soggetti italiani (nazione IT)',
    ],
    [
      'CAP abroad',
      { cap: '80#31' },
      'cap: CAP non valido: al massimo 12 lettere, cifre, spazi o trattini',
    ],
  ])('abroad: %s', (_case, patch, issue) => {
    const greek = {
      ragioneSociale: 'Marmara AE',
      partitaIva: 'EL094014201',
      indirizzo: 'Odos 5',
      comune: 'Atene',
      nazione: 'GR',
    };
    expect(issuesOf(anagraficaCreateSchema.safeParse({ ...greek, ...patch }))).toEqual([issue]);
  });

  it('reports every wrong field at once, so the form can show them all', () => {
    const result = anagraficaCreateSchema.safeParse({
      ...italiano,
      ragioneSociale: '',
      partitaIva: '00743110158',
      cap: 'abc',
      provincia: 'Massa',
      email: 'x',
      iban: 'IT00',
      note: 'n'.repeat(2001),
    });
    expect(
      issuesOf(result)
        .map((i) => i.split(':')[0])
        .sort(),
    ).toEqual(['cap', 'email', 'iban', 'note', 'partitaIva', 'provincia', 'ragioneSociale'].sort());
  });

  it('refuses unknown fields and bodies that are not objects', () => {
    expect(issuesOf(anagraficaCreateSchema.safeParse({ ...italiano, ruolo: 'cliente' }))).toEqual([
      ': Campi non previsti: ruolo',
    ]);
    expect(issuesOf(anagraficaCreateSchema.safeParse('Marmi'))).toEqual([
      ': Dati del cliente o fornitore mancanti o non validi',
    ]);
  });
});

describe('anagraficaUpdateSchema', () => {
  it('passes on the fields sent only, with no defaults', () => {
    expect(anagraficaUpdateSchema.parse({})).toEqual({});
    expect(anagraficaUpdateSchema.parse({ note: ' da richiamare ' })).toEqual({
      note: 'da richiamare',
    });
    expect(anagraficaUpdateSchema.parse({ email: '', attivo: false })).toEqual({
      email: null,
      attivo: false,
    });
  });

  it('checks and normalises the fields sent', () => {
    expect(
      anagraficaUpdateSchema.parse({ nazione: 'IT', partitaIva: 'IT00743110157', provincia: 'lu' }),
    ).toEqual({ nazione: 'IT', partitaIva: '00743110157', provincia: 'LU' });
    expect(
      issuesOf(anagraficaUpdateSchema.safeParse({ iban: 'IT60X0542811101000000123457' })),
    ).toEqual(['iban: IBAN non valido: cifre di controllo errate']);
    expect(issuesOf(anagraficaUpdateSchema.safeParse({ ragioneSociale: '' }))).toEqual([
      'ragioneSociale: Ragione sociale obbligatoria',
    ]);
    expect(issuesOf(anagraficaUpdateSchema.safeParse({ nazione: 'IT', cap: '' }))).toEqual([
      'cap: CAP obbligatorio per un indirizzo in Italia (5 cifre)',
    ]);
  });

  it('wants nazione with the fields whose rule depends on it', () => {
    expect(
      issuesOf(anagraficaUpdateSchema.safeParse({ partitaIva: '00743110157', cap: '54033' })),
    ).toEqual(['nazione: Nazione obbligatoria quando si modificano: Partita IVA, CAP']);
  });

  it('reports an unknown nazione alone, not the rules that depend on it', () => {
    expect(
      issuesOf(
        anagraficaUpdateSchema.safeParse({
          nazione: 'ZZ',
          partitaIva: '00743110157',
          telefono: '0585 123456',
        }),
      ),
    ).toEqual([
      'nazione: Nazione non valida: "ZZ" non è un codice ISO di 2 lettere della lista dei paesi',
    ]);
  });

  it('leaves a codice SDI sent without pubblica amministrazione to the merged record', () => {
    expect(anagraficaUpdateSchema.parse({ nazione: 'IT', codiceSdi: 'ABC1234' })).toEqual({
      nazione: 'IT',
      codiceSdi: 'ABC1234',
    });
    expect(
      anagraficaUpdateSchema.parse({
        nazione: 'IT',
        codiceSdi: 'UFABCD',
        pubblicaAmministrazione: true,
      }),
    ).toEqual({ nazione: 'IT', codiceSdi: 'UFABCD', pubblicaAmministrazione: true });
  });
});

describe('mergeAnagraficaUpdate', () => {
  const stored = anagraficaCreateSchema.parse(italiano);

  it('accepts a change that keeps the record consistent', () => {
    const patch = anagraficaUpdateSchema.parse({
      telefono: '+39 0585 654321',
      note: 'nuovo numero',
    });
    const merged = mergeAnagraficaUpdate(stored, patch);
    expect(merged.success).toBe(true);
    expect(merged.data).toEqual({ ...stored, telefono: '+390585654321', note: 'nuovo numero' });
  });

  it('checks a lone codice SDI against the stored pubblica amministrazione flag', () => {
    const unchanged = anagraficaUpdateSchema.parse({ nazione: 'IT', codiceSdi: stored.codiceSdi });
    expect(mergeAnagraficaUpdate(stored, unchanged).success).toBe(true);
    const officeCode = anagraficaUpdateSchema.parse({ nazione: 'IT', codiceSdi: 'UFABCD' });
    expect(issuesOf(mergeAnagraficaUpdate(stored, officeCode))[0]).toMatch(/^codiceSdi: /);
  });

  it('catches what the partial body alone cannot: a new nazione with the old SDI code', () => {
    const patch = anagraficaUpdateSchema.parse({
      nazione: 'DE',
      provincia: 'Bayern',
      cap: '80331',
    });
    expect(issuesOf(mergeAnagraficaUpdate(stored, patch))).toEqual([
      'codiceSdi: Codice SDI non valido: per un soggetto estero il codice è XXXXXXX',
    ]);
  });
});

describe('anagraficaSchema (response)', () => {
  it('describes a stored record with its id, company and timestamps', () => {
    const record = {
      ...anagraficaCreateSchema.parse(italiano),
      _id: '0b6c7a4e-5a43-4c52-9e57-3c2f1f0e9a10',
      companyId: '6f1d2c3b-1a2b-4c5d-8e9f-0a1b2c3d4e5f',
      createdAt: '2026-03-02T09:00:00.000Z',
      updatedAt: '2026-03-02T09:00:00.000Z',
    };
    expect(anagraficaSchema.parse(record)).toEqual(record);
    expect(anagraficaSchema.safeParse({ ...record, _id: undefined }).success).toBe(false);
  });
});
