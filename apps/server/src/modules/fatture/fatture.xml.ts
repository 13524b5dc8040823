import { latin1, type Fattura } from '@gestcava/contracts';
import type { CompanyRow } from '../../lib/companies.js';

// The FatturaPA XML (format FPR12, schema v1.2.2; docs/fatture.md "Il file XML"): text in Latin-1,
// amounts with two decimals, quantities and prices with two to eight.

const esc = (s: string) =>
  latin1(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const txt = (s: string, max: number) => esc(s.slice(0, max).trim() || '-');
const amount = (n: number) => n.toFixed(2);
/** 2 to 8 decimals, as many as the value needs. */
function decimal(n: number): string {
  const s = n.toFixed(8).replace(/0+$/, '');
  const [int, dec = ''] = s.split('.');
  return `${int}.${dec.padEnd(2, '0')}`;
}

function el(tag: string, value: string | null | undefined): string {
  return value == null || value === '' ? '' : `<${tag}>${value}</${tag}>`;
}

function sede(a: {
  indirizzo: string | null;
  cap: string | null;
  comune: string | null;
  provincia: string | null;
  nazione: string;
}): string {
  const italia = a.nazione === 'IT';
  const cap = italia && a.cap && /^\d{5}$/.test(a.cap) ? a.cap : '00000';
  return `<Sede>${el('Indirizzo', txt(a.indirizzo ?? '-', 60))}${el('CAP', cap)}${el('Comune', txt(a.comune ?? '-', 60))}${italia && a.provincia ? el('Provincia', a.provincia.toUpperCase()) : ''}${el('Nazione', a.nazione)}</Sede>`;
}

/** The identifier of a foreign cliente without a VAT number: the SDI's convention. */
function idCessionario(f: Fattura): string {
  const c = f.cessionario;
  if (c.partitaIva) {
    const codice = c.partitaIva.replace(/^[A-Z]{2}/, '');
    return `<IdFiscaleIVA><IdPaese>${c.nazione === 'GR' ? 'EL' : c.nazione}</IdPaese><IdCodice>${esc(codice.slice(0, 28))}</IdCodice></IdFiscaleIVA>${c.nazione === 'IT' && c.codiceFiscale ? el('CodiceFiscale', esc(c.codiceFiscale)) : ''}`;
  }
  if (c.nazione === 'IT') return el('CodiceFiscale', esc(c.codiceFiscale ?? ''));
  return `<IdFiscaleIVA><IdPaese>${c.nazione}</IdPaese><IdCodice>99999999999</IdCodice></IdFiscaleIVA>`;
}

function destinatario(f: Fattura): string {
  const c = f.cessionario;
  if (c.nazione !== 'IT') return el('CodiceDestinatario', 'XXXXXXX');
  if (c.codiceSdi && c.codiceSdi.length === 7) return el('CodiceDestinatario', esc(c.codiceSdi));
  return `${el('CodiceDestinatario', '0000000')}${c.pec ? el('PECDestinatario', esc(c.pec)) : ''}`;
}

/** The issuer's REA registration, when the company has one. */
function iscrizioneRea(company: CompanyRow): string {
  return company.reaUfficio && company.reaNumero
    ? `<IscrizioneREA>${el('Ufficio', company.reaUfficio)}${el('NumeroREA', txt(company.reaNumero, 20))}${company.capitaleSociale != null ? el('CapitaleSociale', amount(company.capitaleSociale)) : ''}${el('SocioUnico', company.socioUnico)}${el('StatoLiquidazione', company.statoLiquidazione)}</IscrizioneREA>`
    : '';
}

/** DatiGeneraliDocumento's stamp and reasons, the corrected invoice and the DDTs with their lines. */
function datiGenerali(f: Fattura) {
  const bollo = f.bollo
    ? `<DatiBollo><BolloVirtuale>SI</BolloVirtuale><ImportoBollo>${amount(f.bollo.importo)}</ImportoBollo></DatiBollo>`
    : '';
  const causale = [f.causale, f.note]
    .filter((s): s is string => Boolean(s))
    .map((s) => el('Causale', txt(s, 200)))
    .join('');
  const collegata = f.fatturaCollegata
    ? `<DatiFattureCollegate>${el('IdDocumento', esc(f.fatturaCollegata.numeroDocumento))}${el('Data', f.fatturaCollegata.data)}</DatiFattureCollegate>`
    : '';
  const ddt = f.ddt
    .map((d) => {
      const linee = f.righe
        .filter((r) => r.ddtId === d._id)
        .map((r) => el('RiferimentoNumeroLinea', String(r.numeroLinea)))
        .join('');
      return `<DatiDDT>${el('NumeroDDT', `${d.numero}/${d.anno}`)}${el('DataDDT', d.data)}${linee}</DatiDDT>`;
    })
    .join('');
  return { bollo, causale, collegata, ddt };
}

type Intento = { protocollo: string; data: string } | null | undefined;

/** One DettaglioLinee; an N3.5 line names the declaration of intent it relies on. */
function dettaglioLinea(r: Fattura['righe'][number], intento: Intento): string {
  const sconto = r.scontoPercentuale
    ? `<ScontoMaggiorazione><Tipo>SC</Tipo><Percentuale>${amount(r.scontoPercentuale)}</Percentuale></ScontoMaggiorazione>`
    : '';
  const altri =
    r.natura === 'N3.5' && intento
      ? `<AltriDatiGestionali><TipoDato>INTENTO</TipoDato><RiferimentoTesto>${txt(intento.protocollo, 60)}</RiferimentoTesto><RiferimentoData>${intento.data}</RiferimentoData></AltriDatiGestionali>`
      : '';
  return `<DettaglioLinee>${el('NumeroLinea', String(r.numeroLinea))}${r.codice ? `<CodiceArticolo><CodiceTipo>GESTCAVA</CodiceTipo><CodiceValore>${txt(r.codice, 35)}</CodiceValore></CodiceArticolo>` : ''}${el('Descrizione', txt(r.descrizione, 1000))}${r.quantita != null ? el('Quantita', decimal(r.quantita)) : ''}${r.unitaMisura ? el('UnitaMisura', txt(r.unitaMisura, 10)) : ''}${el('PrezzoUnitario', decimal(r.prezzoUnitario))}${sconto}${el('PrezzoTotale', decimal(r.prezzoTotale))}${el('AliquotaIVA', amount(r.aliquotaIva))}${el('Natura', r.natura)}${altri}</DettaglioLinee>`;
}

/** The VAT summaries, one per rate or nature. */
function datiRiepilogo(f: Fattura): string {
  return f.riepilogo
    .map(
      (r) =>
        `<DatiRiepilogo>${el('AliquotaIVA', amount(r.aliquotaIva))}${el('Natura', r.natura)}${el('ImponibileImporto', amount(r.imponibile))}${el('Imposta', amount(r.imposta))}${r.aliquotaIva > 0 ? el('EsigibilitaIVA', 'I') : ''}${r.riferimentoNormativo ? el('RiferimentoNormativo', txt(r.riferimentoNormativo, 100)) : ''}</DatiRiepilogo>`,
    )
    .join('');
}

/** DatiPagamento: the terms and each instalment. */
function datiPagamento(f: Fattura): string {
  const p = f.pagamento;
  return p
    ? `<DatiPagamento>${el('CondizioniPagamento', p.condizioni)}${p.scadenze
        .map(
          (s) =>
            `<DettaglioPagamento>${el('ModalitaPagamento', p.modalita)}${el('DataScadenzaPagamento', s.data)}${el('ImportoPagamento', amount(s.importo))}${p.iban ? el('IBAN', p.iban) : ''}</DettaglioPagamento>`,
        )
        .join('')}</DatiPagamento>`
    : '';
}

/** The emitted (or draft) invoice as its FatturaPA file; `protocolloIntento` for N3.5 lines. */
export function fatturaXml(
  f: Fattura,
  company: CompanyRow,
  opts: { protocolloIntento?: { protocollo: string; data: string } | null } = {},
): string {
  const piva = (company.partitaIva ?? '').replace(/^IT/i, '');
  const progressivo = (f.nomeFile ?? 'X_00000.xml').replace(/^.*_|\.xml$/g, '');
  const numero = f.numeroDocumento ?? 'BOZZA';
  const anagraficaDitta = `<Anagrafica><Denominazione>${txt(company.name, 80)}</Denominazione></Anagrafica>`;
  const rea = iscrizioneRea(company);
  const c = f.cessionario;
  const { bollo, causale, collegata, ddt } = datiGenerali(f);
  const linee = f.righe.map((r) => dettaglioLinea(r, opts.protocolloIntento)).join('');
  const riepilogo = datiRiepilogo(f);
  const pagamento = datiPagamento(f);
  return `<?xml version="1.0" encoding="UTF-8"?>
<p:FatturaElettronica versione="FPR12" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" xmlns:p="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><FatturaElettronicaHeader><DatiTrasmissione><IdTrasmittente><IdPaese>${company.nazione}</IdPaese><IdCodice>${esc(piva)}</IdCodice></IdTrasmittente><ProgressivoInvio>${esc(progressivo)}</ProgressivoInvio><FormatoTrasmissione>FPR12</FormatoTrasmissione>${destinatario(f)}</DatiTrasmissione><CedentePrestatore><DatiAnagrafici><IdFiscaleIVA><IdPaese>${company.nazione}</IdPaese><IdCodice>${esc(piva)}</IdCodice></IdFiscaleIVA>${company.codiceFiscale ? el('CodiceFiscale', esc(company.codiceFiscale)) : ''}${anagraficaDitta}${el('RegimeFiscale', company.regimeFiscale)}</DatiAnagrafici>${sede({ ...company, nazione: company.nazione })}${rea}</CedentePrestatore><CessionarioCommittente><DatiAnagrafici>${idCessionario(f)}<Anagrafica><Denominazione>${txt(c.ragioneSociale, 80)}</Denominazione></Anagrafica></DatiAnagrafici>${sede(c)}</CessionarioCommittente></FatturaElettronicaHeader><FatturaElettronicaBody><DatiGenerali><DatiGeneraliDocumento>${el('TipoDocumento', f.tipoDocumento)}<Divisa>EUR</Divisa>${el('Data', f.data)}${el('Numero', esc(numero))}${bollo}${el('ImportoTotaleDocumento', amount(f.totale))}${causale}</DatiGeneraliDocumento>${collegata}${ddt}</DatiGenerali><DatiBeniServizi>${linee}${riepilogo}</DatiBeniServizi>${pagamento}</FatturaElettronicaBody></p:FatturaElettronica>
`;
}
