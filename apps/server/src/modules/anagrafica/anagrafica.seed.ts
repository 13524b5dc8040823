import {
  anagraficaCreateSchema,
  ibanCheckDigits,
  italianCin,
  partitaIvaCheckDigit,
  type AnagraficaCreateInput,
} from '@gestcava/contracts';
import type { Db } from '../../db/client.js';
import { clienti, fornitori } from '../../db/schema/index.js';
import { recordAuditMany } from '../../lib/audit.js';

/** A real-looking Italian P.IVA: ten digits and their check digit. */
const piva = (first10: string) => `${first10}${partitaIvaCheckDigit(first10)}`;

/** An Italian IBAN from ABI, CAB and account number, with CIN and check digits computed. */
function ibanIt(abi: string, cab: string, conto: string) {
  const rest = `${abi}${cab}${conto.padStart(12, '0')}`;
  const bban = `${italianCin(rest)}${rest}`;
  return `IT${ibanCheckDigits('IT', bban)}${bban}`;
}

const CLIENTI: AnagraficaCreateInput[] = [
  { ragioneSociale: 'Marmi Apuani Export S.p.A.', partitaIva: piva('0112233445'), indirizzo: 'Via Aurelia Ovest 210', cap: '54100', comune: 'Massa', provincia: 'MS', telefono: '+39 0585 401122', email: 'ordini@marmiapuani.example', pec: 'marmiapuani@pec.example', codiceSdi: 'M5UXCR1', referente: 'Franco Del Giudice', iban: ibanIt('03069', '24500', '100000012345'), condizioniPagamento: 'Bonifico 60 gg d.f.f.m.' },
  { ragioneSociale: 'Edilpietra Veneta S.r.l.', partitaIva: piva('0398765432'), indirizzo: 'Via dell’Industria 8', cap: '37135', comune: 'Verona', provincia: 'VR', telefono: '+39 045 8201144', email: 'acquisti@edilpietra.example', codiceSdi: '0000000', pec: 'edilpietra@pec.example', referente: 'Chiara Zanon', condizioniPagamento: 'RiBa 30-60 gg' },
  { ragioneSociale: 'Lavorazioni Marmo Lombarde S.n.c.', partitaIva: piva('0245678123'), indirizzo: 'Via Valassina 44', cap: '20851', comune: 'Lissone', provincia: 'MB', email: 'info@lmlombarde.example', codiceSdi: 'KRRH6B9', referente: 'Paolo Brambilla', condizioniPagamento: 'Bonifico 30 gg' },
  { ragioneSociale: 'Comune di Carrara', partitaIva: piva('0012345678'), codiceFiscale: piva('0012345678'), indirizzo: 'Piazza 2 Giugno 1', cap: '54033', comune: 'Carrara', provincia: 'MS', pec: 'comune.carrara@postecert.example', codiceSdi: 'UFB7TZ', pubblicaAmministrazione: true, referente: 'Ufficio Lavori Pubblici', condizioniPagamento: 'Bonifico 30 gg, split payment' },
  { ragioneSociale: 'Graniti e Marmi del Sud S.r.l.', partitaIva: piva('0654321987'), indirizzo: 'Zona ASI lotto 12', cap: '70026', comune: 'Modugno', provincia: 'BA', email: 'commerciale@gmsud.example', codiceSdi: 'T04ZHR3', condizioniPagamento: 'Bonifico anticipato' },
  { ragioneSociale: 'Stone Design GmbH', nazione: 'DE', partitaIva: 'DE123456789', indirizzo: 'Industriestraße 17', cap: '80339', comune: 'München', telefono: '+49 89 1234567', email: 'einkauf@stonedesign.example', codiceSdi: 'XXXXXXX', referente: 'Jonas Weber', condizioniPagamento: 'Lettera di credito' },
  { ragioneSociale: 'Marbres de Provence SARL', nazione: 'FR', partitaIva: 'FR40303265045', indirizzo: '12 Avenue de la Pierre', cap: '13100', comune: 'Aix-en-Provence', telefono: '+33 4 42 123456', email: 'achats@marbresprovence.example', codiceSdi: 'XXXXXXX' },
  { ragioneSociale: 'Al Noor Stone Trading LLC', nazione: 'AE', indirizzo: 'Al Quoz Industrial Area 3', comune: 'Dubai', telefono: '+971 4 3456789', email: 'import@alnoorstone.example', referente: 'Omar Haddad', condizioniPagamento: 'CAD — documenti contro pagamento', note: 'Preferisce Statuario e Calacatta, blocchi di prima scelta.' },
  { ragioneSociale: 'Xiamen Shunfa Stone Co. Ltd.', nazione: 'CN', indirizzo: 'Shuitou Stone Industrial Zone', comune: 'Nan’an, Fujian', telefono: '+86 595 8600 1234', email: 'buyer@shunfastone.example', condizioniPagamento: 'Anticipo 30%, saldo a collaudo', note: 'Collaudi in piazzale con ispettore proprio.' },
  { ragioneSociale: 'Pietre d’Arte Toscane S.r.l.', partitaIva: piva('0587654321'), indirizzo: 'Via Pisanica 3', cap: '55045', comune: 'Pietrasanta', provincia: 'LU', email: 'laboratorio@pietrearte.example', codiceSdi: 'SUBM70N', referente: 'Elena Guidi' },
  { ragioneSociale: 'Restauri Monumentali Roma S.r.l.', partitaIva: piva('0876543210'), indirizzo: 'Via Tiburtina 1020', cap: '00156', comune: 'Roma', provincia: 'RM', email: 'gare@restauriroma.example', codiceSdi: '0000000', attivo: false, note: 'Non più operativo dal 2025.' },
  { ragioneSociale: 'Northern Stone Ltd', nazione: 'GB', partitaIva: 'GB123456789', indirizzo: '5 Quarry Lane', cap: 'LS1 4AP', comune: 'Leeds', email: 'orders@northernstone.example', codiceSdi: 'XXXXXXX' },
];

const FORNITORI: AnagraficaCreateInput[] = [
  { ragioneSociale: 'Cave Michelangelo S.r.l.', partitaIva: piva('0043211234'), indirizzo: 'Località Ravaccione', cap: '54033', comune: 'Carrara', provincia: 'MS', telefono: '+39 0585 777001', email: 'vendite@cavemichelangelo.example', codiceSdi: 'M5UXCR1', referente: 'Andrea Fruzzetti', iban: ibanIt('06230', '24500', '000040112233'), condizioniPagamento: 'Bonifico 30 gg', note: 'Blocchi Statuario e Bianco Carrara.' },
  { ragioneSociale: 'Escavazione Fantiscritti S.n.c.', partitaIva: piva('0055566677'), indirizzo: 'Via di Miseglia 11', cap: '54033', comune: 'Carrara', provincia: 'MS', email: 'info@fantiscritti.example', codiceSdi: '0000000', pec: 'fantiscritti@pec.example' },
  { ragioneSociale: 'Segheria Versilia S.r.l.', partitaIva: piva('0233344455'), indirizzo: 'Via Aurelia 400', cap: '55045', comune: 'Pietrasanta', provincia: 'LU', email: 'produzione@segheriaversilia.example', codiceSdi: 'KRRH6B9', referente: 'Marco Tognetti', note: 'Terzista per segagione su telaio multilama.' },
  { ragioneSociale: 'Diamant Tools Italia S.p.A.', partitaIva: piva('0311122233'), indirizzo: 'Via Emilia 55', cap: '40011', comune: 'Anzola dell’Emilia', provincia: 'BO', email: 'ordini@diamanttools.example', codiceSdi: 'T04ZHR3', condizioniPagamento: 'RiBa 60 gg', note: 'Filo diamantato e lame.' },
  { ragioneSociale: 'Trasporti Eccezionali Apuani S.r.l.', partitaIva: piva('0199988877'), indirizzo: 'Via Provinciale Avenza 88', cap: '54033', comune: 'Carrara', provincia: 'MS', telefono: '+39 0585 855500', email: 'logistica@teapuani.example', codiceSdi: '0000000', referente: 'Giorgio Musetti' },
  { ragioneSociale: 'Resine Tecniche S.r.l.', partitaIva: piva('0422211100'), indirizzo: 'Via dei Chimici 2', cap: '36015', comune: 'Schio', provincia: 'VI', email: 'vendite@resinetecniche.example', codiceSdi: 'SUBM70N' },
  { ragioneSociale: 'Mármoles Macael S.L.', nazione: 'ES', partitaIva: 'ESB04123456', indirizzo: 'Polígono Industrial La Concepción 4', cap: '04867', comune: 'Macael', email: 'ventas@marmolesmacael.example', codiceSdi: 'XXXXXXX', note: 'Blocchi Blanco Macael.' },
  { ragioneSociale: 'Pentelikon Marble S.A.', nazione: 'GR', partitaIva: 'EL094259216', indirizzo: 'Leoforos Pentelis 20', cap: '15236', comune: 'Penteli', email: 'sales@pentelikon.example', codiceSdi: 'XXXXXXX' },
  { ragioneSociale: 'Turkish Stone Quarries A.Ş.', nazione: 'TR', partitaIva: '1234567890', indirizzo: 'Organize Sanayi Bölgesi 7', comune: 'Afyonkarahisar', telefono: '+90 272 2141000', email: 'export@tsq.example', condizioniPagamento: 'Anticipato' },
  { ragioneSociale: 'Officina Meccanica Lunense S.r.l.', partitaIva: piva('0150505050'), indirizzo: 'Via Aurelia 12', cap: '19034', comune: 'Luni', provincia: 'SP', email: 'assistenza@oml.example', codiceSdi: '0000000', note: 'Manutenzione telai e tagliablocchi.' },
  { ragioneSociale: 'Carburanti Apuania S.r.l.', partitaIva: piva('0166677788'), indirizzo: 'Via Nazionale 3', cap: '54100', comune: 'Massa', provincia: 'MS', email: 'amministrazione@carbapuania.example', codiceSdi: 'M5UXCR1', attivo: false },
  { ragioneSociale: 'Granitos do Brasil Ltda', nazione: 'BR', indirizzo: 'Rodovia BR-101 km 5', comune: 'Cachoeiro de Itapemirim', email: 'export@granitosbrasil.example', note: 'CNPJ non registrabile come partita IVA (14 cifre).' },
];

/** A dozen clienti and fornitori for each demo company, with a `create` history row each. */
export async function seedAnagrafica(db: Db, companyIds: string[], userId: string) {
  await db.transaction(async (tx) => {
    for (const companyId of companyIds) {
      for (const [table, list, entityType] of [
        [clienti, CLIENTI, 'cliente'],
        [fornitori, FORNITORI, 'fornitore'],
      ] as const) {
        const rows = await tx
          .insert(table)
          .values(list.map((input) => ({ ...anagraficaCreateSchema.parse(input), companyId })))
          .returning({ id: table.id });
        await recordAuditMany(
          tx,
          rows.map((row) => ({ companyId, entityType, entityId: row.id, action: 'create', userId, note: 'Dati dimostrativi' })),
        );
      }
    }
  });
}
