import fs from 'node:fs';
import path from 'node:path';
import { partitaIvaCheckDigit } from '@gestcava/contracts';
import { expect } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { todayInRome as todayOf } from '../src/lib/dates.js';
import { bozza, ddtFixture } from './ddt-helpers.js';
import type { TestClient } from './helpers.js';

// What the invoice tests share: the DDT fixture with the company's fiscal data, clienti of each VAT
// case, emitted DDTs, and the official schema (test/fatturapa/, or FATTURAPA_DIR) to validate every
// XML against.

const xsdDir = process.env.FATTURAPA_DIR ?? path.join(import.meta.dirname, 'fatturapa');
const xsd = (name: string) => ({
  fileName: name,
  contents: fs.readFileSync(path.join(xsdDir, name), 'utf8'),
});
const FATTURAPA = xsd('FatturaPA_v1.2.2.xsd');
const XMLDSIG = xsd('xmldsig-core.xsd');

export async function expectValidXml(xml: string) {
  const result = await validateXML({
    xml: [{ fileName: 'fattura.xml', contents: xml }],
    schema: [FATTURAPA],
    preload: [XMLDSIG],
  });
  expect(result.errors.map((e) => e.message)).toEqual([]);
  expect(result.valid).toBe(true);
}

/** Every text of the elements named `tag` (no namespace prefix on the body's elements). */
export const all = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))].map((m) => m[1]!);
/** The blocks of elements named `tag`, each as its inner XML. */
export const blocks = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}>(.*?)</${tag}>`, 'gs'))].map((m) => m[1]!);
const num = (s: string | undefined) => Number(s);
const cents = (n: number) => Math.round(n * 100);

/** The SDI's arithmetic checks on the XML itself. */
export function expectSdiArithmetic(xml: string) {
  const linee = blocks(xml, 'DettaglioLinee');
  for (const l of linee) {
    const q = all(l, 'Quantita')[0];
    const sconto = all(l, 'Percentuale')[0];
    const atteso =
      (q ? num(q) : 1) * num(all(l, 'PrezzoUnitario')[0]) * (sconto ? 1 - num(sconto) / 100 : 1);
    expect(Math.abs(num(all(l, 'PrezzoTotale')[0]) - atteso)).toBeLessThanOrEqual(0.01);
  }
  let totale = 0;
  for (const r of blocks(xml, 'DatiRiepilogo')) {
    const aliquota = all(r, 'AliquotaIVA')[0]!;
    const natura = all(r, 'Natura')[0];
    const sum = linee
      .filter((l) => all(l, 'AliquotaIVA')[0] === aliquota && all(l, 'Natura')[0] === natura)
      .reduce((a, l) => a + cents(num(all(l, 'PrezzoTotale')[0])), 0);
    const imponibile = cents(num(all(r, 'ImponibileImporto')[0]));
    expect(imponibile).toBe(sum);
    const imposta = cents(num(all(r, 'Imposta')[0]));
    expect(imposta).toBe(Math.round((imponibile * num(aliquota)) / 100));
    if (num(aliquota) === 0) expect(natura).toBeTruthy();
    totale += imponibile + imposta;
  }
  expect(cents(num(all(xml, 'ImportoTotaleDocumento')[0]))).toBe(totale);
  const pagamenti = all(xml, 'ImportoPagamento').reduce((a, s) => a + cents(num(s)), 0);
  if (pagamenti) expect(pagamenti).toBe(totale);
}

export const piva = (first10: string) => `${first10}${partitaIvaCheckDigit(first10)}`;

export async function fattureFixture() {
  const f = await ddtFixture();
  const res = await f.admin.put('/companies/update', {
    _id: f.org.company.id,
    name: 'Marmi Prova S.r.l.',
    partitaIva: piva('0112233445'),
    indirizzo: 'Via Carriona 12',
    cap: '54033',
    comune: 'Carrara',
    provincia: 'MS',
    reaUfficio: 'MS',
    reaNumero: '123456',
    capitaleSociale: 100000,
    socioUnico: 'SM',
    iban: 'IT60 X054 2811 1010 0000 0123 456',
  });
  expect(res.statusCode, res.body).toBe(200);
  const cliente = async (body: Record<string, unknown>): Promise<string> => {
    const r = await f.admin.post('/api/clienti', body);
    expect(r.statusCode, r.body).toBe(201);
    return r.json()._id;
  };
  const clienti = {
    it: await cliente({
      ragioneSociale: 'Edil “Pietra” – Costruzioni S.r.l.',
      partitaIva: piva('0398765432'),
      indirizzo: 'Via Roma 1',
      cap: '10121',
      comune: 'Torino',
      provincia: 'TO',
      codiceSdi: 'M5UXCR1',
      pagamento: { modalita: 'MP05', giorni: 60, fineMese: true },
    }),
    de: await cliente({
      ragioneSociale: 'Naturstein GmbH',
      nazione: 'DE',
      partitaIva: 'DE123456789',
      indirizzo: 'Industriestraße 17',
      cap: '80339',
      comune: 'München',
    }),
    us: await cliente({
      ragioneSociale: 'Marble Imports Inc.',
      nazione: 'US',
      indirizzo: '5th Avenue 100',
      comune: 'New York',
    }),
    intento: await cliente({
      ragioneSociale: 'Export Marmi S.r.l.',
      partitaIva: piva('0245678123'),
      indirizzo: 'Viale XX Settembre 5',
      cap: '54033',
      comune: 'Carrara',
      provincia: 'MS',
      pec: 'exportmarmi@pec.it',
      dichiarazioneIntento: { protocollo: '26012345678901234-000001', data: '2026-01-15' },
    }),
  };
  const fatture = (await f.org.userClient({ fatture: true })).client;

  /** An emitted DDT of these lines to the cliente. */
  async function ddtEmesso(
    clienteId: string,
    righe: Array<{ entityType: string; id: string; pezzi?: number }>,
  ) {
    const d = await f.spedizioni.post('/api/ddt', bozza(clienteId, righe));
    expect(d.statusCode, d.body).toBe(201);
    const e = await f.spedizioni.post(`/api/ddt/${d.json()._id}/emetti`);
    expect(e.statusCode, e.body).toBe(200);
    return e.json() as { _id: string; numero: number; anno: number; data: string };
  }

  /** A bundle sold at 85 €/m² (18 m²) shipped on its own DDT. */
  async function ddtPacco(clienteId: string) {
    const b = await f.soldBundle(clienteId);
    return ddtEmesso(clienteId, [{ entityType: 'pacco', id: b.paccoId }]);
  }

  return { ...f, clienti, fatture, ddtEmesso, ddtPacco };
}
export type FattureFixture = Awaited<ReturnType<typeof fattureFixture>>;

export async function xmlOf(client: TestClient, id: string) {
  const res = await client.get(`/api/fatture/${id}/xml`);
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}

/** The invoice calls the tests repeat: a TD24 body, a created draft (201), an emission (200). */
export function fattureApi(fixture: () => FattureFixture) {
  return {
    td24: (clienteId: string, ddtIds: string[], extra: Record<string, unknown> = {}) => ({
      clienteId,
      tipoDocumento: 'TD24',
      data: todayOf(),
      ddtIds,
      ...extra,
    }),
    async crea(body: Record<string, unknown>) {
      const res = await fixture().fatture.post('/api/fatture', body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    },
    async emetti(id: string) {
      const res = await fixture().fatture.post(`/api/fatture/${id}/emetti`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    },
  };
}
