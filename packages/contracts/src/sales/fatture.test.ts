import { describe, expect, it } from 'vitest';
import { anagraficaCreateSchema } from '../anagrafica/anagrafica.schema.js';
import { updateCompanyBodySchema } from '../companies.js';
import { collaudoRigaUpdateSchema } from './collaudi.js';
import { fatturaCreateSchema, fatturaRigaInputSchema } from './fatture.js';

const cliente = '0b0c4a36-6a4c-4f7e-9a36-8f2b7d2c9e01';
const ddt = '1b0c4a36-6a4c-4f7e-9a36-8f2b7d2c9e02';
const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

describe('fatturaCreateSchema', () => {
  it('takes a TD24 from DDTs', () => {
    const r = fatturaCreateSchema.safeParse({
      clienteId: cliente,
      tipoDocumento: 'TD24',
      data: '2026-10-31',
      ddtIds: [ddt],
    });
    expect(r.success).toBe(true);
  });

  it('names what each kind of document needs', () => {
    expect(
      messages(
        fatturaCreateSchema.safeParse({
          clienteId: cliente,
          tipoDocumento: 'TD24',
          data: '2026-10-31',
        }),
      ),
    ).toContain('Una fattura differita indica almeno un DDT');
    expect(
      messages(
        fatturaCreateSchema.safeParse({
          clienteId: cliente,
          tipoDocumento: 'TD04',
          data: '2026-10-31',
          righe: [{ descrizione: 'Abbuono', prezzoUnitario: -10 }],
        }),
      ),
    ).toEqual([
      'Una nota di credito indica la fattura che corregge',
      'Le righe di una nota di credito sono importi positivi',
    ]);
    expect(
      messages(
        fatturaCreateSchema.safeParse({
          clienteId: cliente,
          tipoDocumento: 'TD01',
          data: '2026-10-31',
          ddtIds: [ddt],
        }),
      ),
    ).toEqual(['I DDT si fatturano con una fattura differita (TD24)', 'Indica almeno una riga']);
  });

  it('refuses a rate of 0 without a nature and a nature with a rate', () => {
    expect(
      messages(
        fatturaRigaInputSchema.safeParse({ descrizione: 'x', prezzoUnitario: 1, aliquotaIva: 0 }),
      ),
    ).toEqual(['Aliquota IVA 0: indica la natura (es. N3.2)']);
    expect(
      messages(
        fatturaRigaInputSchema.safeParse({
          descrizione: 'x',
          prezzoUnitario: 1,
          aliquotaIva: 22,
          natura: 'N3.2',
        }),
      ),
    ).toEqual(["Con una natura IVA l'aliquota è 0"]);
  });
});

describe('fiscal fields of companies and clienti', () => {
  it('checks the company REA office and IBAN', () => {
    const r = updateCompanyBodySchema.safeParse({
      _id: cliente,
      reaUfficio: 'Massa',
      regimeFiscale: 'RF99',
    });
    expect(messages(r)).toEqual([
      'Regime fiscale non valido (es. RF01)',
      'Ufficio REA: sigla della provincia di 2 lettere',
    ]);
    expect(
      messages(updateCompanyBodySchema.safeParse({ _id: cliente, iban: 'IT00X123' })),
    ).toHaveLength(1);
    const ok = updateCompanyBodySchema.parse({ _id: cliente, reaUfficio: 'ms', socioUnico: 'SU' });
    expect(ok.reaUfficio).toBe('MS');
  });

  it('keeps a dichiarazione d’intento and structured payment terms on a cliente', () => {
    const parsed = anagraficaCreateSchema.parse({
      ragioneSociale: 'Export Marmi S.r.l.',
      partitaIva: '00488410010',
      indirizzo: 'Via Roma 1',
      cap: '54033',
      comune: 'Carrara',
      provincia: 'MS',
      dichiarazioneIntento: { protocollo: '24123456789012345-000001', data: '2026-01-15' },
      pagamento: { modalita: 'MP05', giorni: 60, fineMese: true },
    });
    expect(parsed.dichiarazioneIntento?.protocollo).toBe('24123456789012345-000001');
    expect(parsed.pagamento).toEqual({ modalita: 'MP05', giorni: 60, fineMese: true });
    const bad = anagraficaCreateSchema.safeParse({
      ragioneSociale: 'X',
      partitaIva: '00488410010',
      indirizzo: 'Via Roma 1',
      cap: '54033',
      comune: 'Carrara',
      provincia: 'MS',
      pagamento: { modalita: 'MP99', giorni: 400, fineMese: true },
    });
    expect(messages(bad)).toEqual([
      'Modalità di pagamento non valida',
      'Giorni di pagamento: al massimo 365',
    ]);
  });
});

describe('a percentage abbuono fits the invoice discount', () => {
  it('has at most two decimals', () => {
    const parse = (abbuonoValore: number) =>
      collaudoRigaUpdateSchema.safeParse({ abbuonoTipo: 'percentuale', abbuonoValore });
    expect(parse(3.75).success).toBe(true);
    expect(messages(parse(3.755))).toEqual(['Abbuono: al massimo due decimali']);
  });
});
