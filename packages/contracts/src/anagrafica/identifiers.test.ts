import { describe, expect, it } from 'vitest';
import {
  PROVINCE,
  codiceFiscaleCheckChar,
  findProvincia,
  ibanCheckDigits,
  italianCin,
  partitaIvaCheckDigit,
  validateCap,
  validateCodiceFiscale,
  validateCodiceSdi,
  validateEmail,
  validateForeignVat,
  validateIban,
  validatePartitaIva,
  validatePec,
  validateProvincia,
  validateTelefono,
  validateVatNumber,
  type CheckResult,
} from './identifiers.js';

const valueOf = (result: CheckResult) => (result.ok ? result.value : `ERRORE: ${result.message}`);
const messageOf = (result: CheckResult) => (result.ok ? `OK: ${result.value}` : result.message);

describe('partita IVA (Italy)', () => {
  it('computes the check digit by the Agenzia delle Entrate algorithm (worked by hand)', () => {
    // 0074311015|7: odd positions 0+7+3+1+1 = 12; even positions 0,4,1,0,5 doubled 0,8,2,0,10→1 = 11;
    // total 23, (10 − 3) mod 10 = 7.
    expect(partitaIvaCheckDigit('0074311015')).toBe(7);
    // 1234567890: odd 1+3+5+7+9 = 25; even 2,4,6,8,0 doubled 4,8,12→3,16→7,0 = 22; 47 → 3.
    expect(partitaIvaCheckDigit('1234567890')).toBe(3);
    expect(() => partitaIvaCheckDigit('123')).toThrow(RangeError);
  });

  it.each([
    ['00743110157', '00743110157'],
    ['00488410010', '00488410010'],
    ['00159560366', '00159560366'],
    ['00905811006', '00905811006'],
    ['06655971007', '06655971007'],
    ['12345678903', '12345678903'],
    ['IT00743110157', '00743110157'],
    ['it00743110157', '00743110157'],
    ['IT 00743110157', '00743110157'],
    [' 007 431 101 57 ', '00743110157'],
  ])('accepts %j as %s', (input, value) => {
    expect(valueOf(validatePartitaIva(input))).toBe(value);
  });

  it.each([
    ['', 'Partita IVA mancante: indicare le 11 cifre'],
    ['IT', 'Partita IVA mancante: indicare le 11 cifre'],
    ['00743110158', 'Partita IVA non valida: cifra di controllo errata'],
    ['00743110175', 'Partita IVA non valida: cifra di controllo errata'],
    ['12345678901', 'Partita IVA non valida: cifra di controllo errata'],
    ['0074311015', 'Partita IVA non valida: deve avere 11 cifre (ne ha 10)'],
    ['007431101570', 'Partita IVA non valida: deve avere 11 cifre (ne ha 12)'],
    ['0074311015A', 'Partita IVA non valida: deve contenere solo cifre'],
    ['00743-110157', 'Partita IVA non valida: deve contenere solo cifre'],
    ['DE00743110157', 'Partita IVA non valida: deve contenere solo cifre'],
    ['00000000000', 'Partita IVA non valida: non può essere composta da soli zeri'],
  ])('refuses %j: %s', (input, message) => {
    expect(messageOf(validatePartitaIva(input))).toBe(message);
  });
});

describe('foreign VAT numbers', () => {
  it.each([
    ['DE123456789', 'DE', 'DE123456789'],
    ['de 123 456 789', 'DE', 'DE123456789'],
    ['123456789', 'DE', 'DE123456789'],
    ['EL123456789', 'GR', 'EL123456789'],
    ['123456789', 'GR', 'EL123456789'],
    ['ATU12345678', 'AT', 'ATU12345678'],
    ['U12345678', 'at', 'ATU12345678'],
    ['FRXX123456789', 'FR', 'FRXX123456789'],
    ['XX123456789', 'FR', 'FRXX123456789'],
    ['NL123456789B01', 'NL', 'NL123456789B01'],
    ['B-12.345.678', 'ES', 'ESB12345678'],
    ['XI123456789', 'GB', 'XI123456789'],
    ['GB123456789', 'GB', 'GB123456789'],
    ['CHE-123.456.789', 'CH', 'CHE123456789'],
    ['12-3456789', 'US', '123456789'],
    ['AB', 'US', 'AB'],
    ['1234567890123', 'CN', '1234567890123'],
  ])('accepts %j for %s as %s', (input, nazione, value) => {
    expect(valueOf(validateForeignVat(input, nazione))).toBe(value);
  });

  it.each([
    ['GR123456789', 'GR', 'Partita IVA estera non valida: per Grecia il prefisso IVA è EL, non GR'],
    [
      'DE123456789',
      'FR',
      'Partita IVA estera non valida: per Francia il prefisso IVA è FR, non DE',
    ],
    [
      'DE1',
      'DE',
      'Partita IVA estera non valida: dopo il prefisso DE servono da 2 a 13 lettere o cifre (ne ha 1)',
    ],
    [
      'DE12345678901234',
      'DE',
      'Partita IVA estera non valida: dopo il prefisso DE servono da 2 a 13 lettere o cifre (ne ha 14)',
    ],
    [
      'DE123456789',
      'CH',
      "Partita IVA estera non valida: DE è un prefisso IVA dell'Unione europea, non di Svizzera; scegliere la nazione giusta",
    ],
    [
      'XI123456789',
      'IE',
      'Partita IVA estera non valida: per Irlanda il prefisso IVA è IE, non XI',
    ],
    [
      'XI123456789',
      'CH',
      "Partita IVA estera non valida: XI è un prefisso IVA dell'Unione europea, non di Svizzera; scegliere la nazione giusta",
    ],
    ['1', 'US', 'Partita IVA estera non valida: deve avere da 2 a 13 lettere o cifre (ne ha 1)'],
    [
      '12345678901234',
      'CN',
      'Partita IVA estera non valida: deve avere da 2 a 13 lettere o cifre (ne ha 14)',
    ],
    [
      'AB#12',
      'US',
      'Partita IVA estera non valida: solo lettere e cifre (spazi, punti e trattini sono ignorati)',
    ],
    ['  ', 'US', 'Partita IVA mancante'],
  ])('refuses %j for %s: %s', (input, nazione, message) => {
    expect(messageOf(validateForeignVat(input, nazione))).toBe(message);
  });

  it('validateVatNumber applies the Italian rules for IT and the foreign ones elsewhere', () => {
    expect(valueOf(validateVatNumber('IT00743110157', 'IT'))).toBe('00743110157');
    expect(valueOf(validateVatNumber('00743110158', 'IT'))).toBe(
      'ERRORE: Partita IVA non valida: cifra di controllo errata',
    );
    expect(messageOf(validateVatNumber('DE123456789', 'IT'))).toBe(
      'Partita IVA non valida: il prefisso DE non è italiano; per un soggetto estero scegliere la sua nazione',
    );
    expect(valueOf(validateVatNumber('123456789', 'DE'))).toBe('DE123456789');
    expect(valueOf(validateVatNumber('123456789', ' gr '))).toBe('EL123456789');
  });
});

describe('codice fiscale', () => {
  it('computes the check character (worked by hand)', () => {
    // MRTMTT25D09F205: odd positions M18 T14 T14 2→5 D7 9→21 2→5 5→13 = 97; even positions
    // R17 M12 T19 5 0 F5 0 = 58; 155 mod 26 = 25 → Z.
    expect(codiceFiscaleCheckChar('MRTMTT25D09F205')).toBe('Z');
    // BNCLRA70M41F205: odd B0 C5 R8 7→17 M18 1→0 2→5 5→13 = 66; even N13 L11 A0 0 4 F5 0 = 33;
    // 99 mod 26 = 21 → V.
    expect(codiceFiscaleCheckChar('BNCLRA70M41F205')).toBe('V');
    // Omocodia on the last digit: 5 → R changes the odd value 13 to 8: 150 mod 26 = 20 → U.
    expect(codiceFiscaleCheckChar('MRTMTT25D09F20R')).toBe('U');
    // Born 29 February instead of 9 April: month B (odd, 0 instead of 7), day 2 (even, +2): 150 → U.
    expect(codiceFiscaleCheckChar('MRTMTT25B29F205')).toBe('U');
    expect(() => codiceFiscaleCheckChar('mrtmtt25d09f205')).toThrow(RangeError);
  });

  it.each([
    ['MRTMTT25D09F205Z', 'MRTMTT25D09F205Z'],
    ['RSSMRA80A01H501U', 'RSSMRA80A01H501U'],
    ['BNCLRA70M41F205V', 'BNCLRA70M41F205V'],
    ['mrtmtt25d09f205z', 'MRTMTT25D09F205Z'],
    [' MRT MTT 25D09 F205Z ', 'MRTMTT25D09F205Z'],
    ['MRTMTT25D09F20RU', 'MRTMTT25D09F20RU'],
    ['MRTMTTNRDLVFNLRV', 'MRTMTTNRDLVFNLRV'],
    ['MRTMTT25B29F205U', 'MRTMTT25B29F205U'],
    ['00743110157', '00743110157'],
  ])('accepts %j as %s', (input, value) => {
    expect(valueOf(validateCodiceFiscale(input))).toBe(value);
  });

  it.each([
    ['', 'Codice fiscale mancante'],
    ['MRTMTT25D09F205A', 'Codice fiscale non valido: carattere di controllo errato'],
    ['MRTMTT25D09F20SU', 'Codice fiscale non valido: carattere di controllo errato'],
    [
      'MRTMTT25D09F205',
      'Codice fiscale non valido: deve avere 16 caratteri (persona) o 11 cifre (società); ne ha 15',
    ],
    ['MRTMTT25D09F205Z!', 'Codice fiscale non valido: solo lettere e cifre'],
    [
      '1RTMTT25D09F205Z',
      'Codice fiscale non valido: i primi 6 caratteri (cognome e nome) devono essere lettere',
    ],
    [
      'MRTMTTA5D09F205Z',
      "Codice fiscale non valido: l'anno di nascita (caratteri 7-8) deve essere di 2 cifre",
    ],
    [
      'MRTMTT25F09F205Z',
      'Codice fiscale non valido: il mese di nascita (carattere 9) deve essere una lettera tra A B C D E H L M P R S T',
    ],
    [
      'MRTMTT25DA9F205Z',
      'Codice fiscale non valido: il giorno di nascita (caratteri 10-11) deve essere di 2 cifre',
    ],
    [
      'MRTMTT25D32F205Z',
      'Codice fiscale non valido: giorno di nascita (caratteri 10-11) inesistente: 01-31 per gli uomini, 41-71 per le donne',
    ],
    [
      'MRTMTT25B30F205B',
      'Codice fiscale non valido: giorno di nascita (caratteri 10-11) inesistente: 01-31 per gli uomini, 41-71 per le donne',
    ],
    [
      'MRTMTT25D00F205Z',
      'Codice fiscale non valido: giorno di nascita (caratteri 10-11) inesistente: 01-31 per gli uomini, 41-71 per le donne',
    ],
    [
      'MRTMTT25D72F205Z',
      'Codice fiscale non valido: giorno di nascita (caratteri 10-11) inesistente: 01-31 per gli uomini, 41-71 per le donne',
    ],
    [
      'MRTMTT25D0962052',
      'Codice fiscale non valido: il codice del comune di nascita (caratteri 12-15) deve essere una lettera e 3 cifre',
    ],
    [
      'MRTMTT25D09F2A5Z',
      'Codice fiscale non valido: il codice del comune di nascita (caratteri 12-15) deve essere una lettera e 3 cifre',
    ],
    [
      'MRTMTT25D09F2052',
      "Codice fiscale non valido: l'ultimo carattere (di controllo) deve essere una lettera",
    ],
    ['00743110158', 'Codice fiscale non valido: cifra di controllo errata'],
    [
      '0074311015',
      'Codice fiscale non valido: quello numerico di una società ha 11 cifre (ne ha 10)',
    ],
    ['00000000000', 'Codice fiscale non valido: non può essere composto da soli zeri'],
  ])('refuses %j: %s', (input, message) => {
    expect(messageOf(validateCodiceFiscale(input))).toBe(message);
  });
});

describe('CAP', () => {
  it.each([
    ['54033', 'IT', '54033'],
    [' 54033 ', 'IT', '54033'],
    ['00118', 'it', '00118'],
    ['80331', 'DE', '80331'],
    ['sw1a 1aa', 'GB', 'SW1A 1AA'],
    ['1010', 'AT', '1010'],
    ['10001-1234', 'US', '10001-1234'],
  ])('accepts %j for %s as %s', (input, nazione, value) => {
    expect(valueOf(validateCap(input, nazione))).toBe(value);
  });

  it.each([
    ['', 'IT', 'CAP mancante: in Italia servono 5 cifre'],
    ['5403', 'IT', 'CAP non valido: in Italia deve avere 5 cifre'],
    ['540330', 'IT', 'CAP non valido: in Italia deve avere 5 cifre'],
    ['54O33', 'IT', 'CAP non valido: in Italia deve avere 5 cifre'],
    ['1234567890123', 'DE', 'CAP non valido: al massimo 12 lettere, cifre, spazi o trattini'],
    ['80#31', 'DE', 'CAP non valido: al massimo 12 lettere, cifre, spazi o trattini'],
    ['-8031', 'DE', 'CAP non valido: al massimo 12 lettere, cifre, spazi o trattini'],
  ])('refuses %j for %s: %s', (input, nazione, message) => {
    expect(messageOf(validateCap(input, nazione))).toBe(message);
  });
});

describe('provincia', () => {
  it('lists the current provinces once each, Sardinia after the 2025 reform', () => {
    expect(PROVINCE).toHaveLength(110);
    expect(new Set(PROVINCE.map((p) => p.sigla)).size).toBe(110);
    for (const p of PROVINCE) expect(p.sigla).toMatch(/^[A-Z]{2}$/);
    const sardegna = PROVINCE.filter((p) => p.regione === 'Sardegna').map((p) => p.sigla);
    expect(sardegna.sort()).toEqual(['CA', 'NU', 'OG', 'OR', 'OT', 'SS', 'SU', 'VS']);
    expect(findProvincia('ms')?.nome).toBe('Massa-Carrara');
    expect(findProvincia('OT')?.nome).toBe('Gallura Nord-Est Sardegna');
    expect(findProvincia('CI')).toBeUndefined();
    expect(findProvincia('FO')).toBeUndefined();
  });

  it.each([
    ['MS', 'IT', 'MS'],
    [' lu ', 'IT', 'LU'],
    ['MB', 'IT', 'MB'],
    ['BT', 'IT', 'BT'],
    ['FM', 'IT', 'FM'],
    ['SU', 'IT', 'SU'],
    ['OG', 'IT', 'OG'],
    ['AO', 'IT', 'AO'],
    ['UD', 'IT', 'UD'],
    ['Bayern', 'DE', 'Bayern'],
    ['  Île-de-France ', 'FR', 'Île-de-France'],
  ])('accepts %j for %s as %s', (input, nazione, value) => {
    expect(valueOf(validateProvincia(input, nazione))).toBe(value);
  });

  it.each([
    ['', 'IT', 'Provincia mancante: indicare la sigla di 2 lettere (es. MS)'],
    ['Massa', 'IT', 'Provincia non valida: indicare la sigla di 2 lettere (es. MS)'],
    ['M5', 'IT', 'Provincia non valida: indicare la sigla di 2 lettere (es. MS)'],
    ['XX', 'IT', 'Provincia non valida: XX non è la sigla di una provincia italiana attuale'],
    ['CI', 'IT', 'Provincia non valida: CI non è la sigla di una provincia italiana attuale'],
    ['FO', 'IT', 'Provincia non valida: FO non è la sigla di una provincia italiana attuale'],
    ['x'.repeat(41), 'DE', 'Provincia non valida: al massimo 40 caratteri'],
  ])('refuses %j for %s: %s', (input, nazione, message) => {
    expect(messageOf(validateProvincia(input, nazione))).toBe(message);
  });
});

describe('codice SDI', () => {
  it.each([
    ['ABC1234', 'IT', false, 'ABC1234'],
    ['abc 1234', 'IT', false, 'ABC1234'],
    ['0000000', 'IT', false, '0000000'],
    ['M5UXCR1', 'IT', false, 'M5UXCR1'],
    ['XXXXXXX', 'DE', false, 'XXXXXXX'],
    ['xxxxxxx', 'US', false, 'XXXXXXX'],
    ['UFABCD', 'IT', true, 'UFABCD'],
    ['uf1234', 'IT', true, 'UF1234'],
  ])('accepts %j for %s (PA %s) as %s', (input, nazione, pa, value) => {
    expect(valueOf(validateCodiceSdi(input, { nazione, pubblicaAmministrazione: pa }))).toBe(value);
  });

  it.each([
    ['', 'IT', false, 'Codice SDI mancante'],
    [
      'ABC123',
      'IT',
      false,
      'Codice SDI non valido: deve avere 7 lettere o cifre, oppure 0000000 (ne ha 6)',
    ],
    [
      'ABC12345',
      'IT',
      false,
      'Codice SDI non valido: deve avere 7 lettere o cifre, oppure 0000000 (ne ha 8)',
    ],
    [
      'ABC-123',
      'IT',
      false,
      'Codice SDI non valido: deve avere 7 lettere o cifre, oppure 0000000 (ne ha 7)',
    ],
    ['XXXXXXX', 'IT', false, 'Codice SDI non valido: XXXXXXX è riservato ai soggetti esteri'],
    ['ABC1234', 'DE', false, 'Codice SDI non valido: per un soggetto estero il codice è XXXXXXX'],
    ['0000000', 'FR', false, 'Codice SDI non valido: per un soggetto estero il codice è XXXXXXX'],
    [
      'ABC1234',
      'IT',
      true,
      'Codice SDI non valido: per una pubblica amministrazione il codice univoco ufficio ha 6 lettere o cifre (ne ha 7)',
    ],
    [
      'UFABCD',
      'DE',
      true,
      'Codice SDI non valido: il codice univoco ufficio esiste solo per la pubblica amministrazione italiana',
    ],
  ])('refuses %j for %s (PA %s): %s', (input, nazione, pa, message) => {
    expect(messageOf(validateCodiceSdi(input, { nazione, pubblicaAmministrazione: pa }))).toBe(
      message,
    );
  });
});

describe('email and PEC', () => {
  it.each([
    ['info@marmi-carrara.it', 'info@marmi-carrara.it'],
    [' Info@Marmi.IT ', 'info@marmi.it'],
    ['mario.rossi+ordini@example.co.uk', 'mario.rossi+ordini@example.co.uk'],
  ])('accepts %j as %s', (input, value) => {
    expect(valueOf(validateEmail(input))).toBe(value);
    expect(valueOf(validatePec(input))).toBe(value);
  });

  it.each([
    ['', 'Email mancante'],
    ['info@', 'Email non valida: formato atteso nome@dominio.it'],
    ['info', 'Email non valida: formato atteso nome@dominio.it'],
    ['info@marmi', 'Email non valida: formato atteso nome@dominio.it'],
    ['a@b..it', 'Email non valida: formato atteso nome@dominio.it'],
    ['.info@marmi.it', 'Email non valida: formato atteso nome@dominio.it'],
    ['in fo@marmi.it', 'Email non valida: non può contenere spazi'],
    [`${'a'.repeat(250)}@b.it`, 'Email non valida: al massimo 254 caratteri'],
  ])('refuses %j: %s', (input, message) => {
    expect(messageOf(validateEmail(input))).toBe(message);
  });

  it('names the PEC in its messages', () => {
    expect(messageOf(validatePec('marmi@pec'))).toBe(
      'PEC non valida: formato atteso nome@dominio.it',
    );
    expect(messageOf(validatePec(''))).toBe('PEC mancante');
  });
});

describe('IBAN', () => {
  it('computes check digits and the Italian CIN as the registry example shows', () => {
    expect(ibanCheckDigits('IT', 'X0542811101000000123456')).toBe('60');
    expect(ibanCheckDigits('DE', '370400440532013000')).toBe('89');
    expect(italianCin('0542811101000000123456')).toBe('X');
    expect(italianCin('0322509800000000270100')).toBe('U');
    expect(() => italianCin('054281110')).toThrow(RangeError);
  });

  // Examples of the SWIFT IBAN registry.
  it.each([
    ['IT60X0542811101000000123456', 'IT60X0542811101000000123456'],
    ['it60 x054 2811 1010 0000 0123 456', 'IT60X0542811101000000123456'],
    ['SM86U0322509800000000270100', 'SM86U0322509800000000270100'],
    ['DE89 3704 0044 0532 0130 00', 'DE89370400440532013000'],
    ['GB29NWBK60161331926819', 'GB29NWBK60161331926819'],
    ['FR1420041010050500013M02606', 'FR1420041010050500013M02606'],
    ['CH9300762011623852957', 'CH9300762011623852957'],
    ['NL91ABNA0417164300', 'NL91ABNA0417164300'],
    ['NO9386011117947', 'NO9386011117947'],
    ['BE68539007547034', 'BE68539007547034'],
    ['MT84MALT011000012345MTLCAST001S', 'MT84MALT011000012345MTLCAST001S'],
    ['ES9121000418450200051332', 'ES9121000418450200051332'],
  ])('accepts %j as %s', (input, value) => {
    expect(valueOf(validateIban(input))).toBe(value);
  });

  it.each([
    ['', 'IBAN mancante'],
    ['IT60X0542811101000000123457', 'IBAN non valido: cifre di controllo errate'],
    ['IT61X0542811101000000123456', 'IBAN non valido: cifre di controllo errate'],
    ['IT60X0542811101000000124356', 'IBAN non valido: cifre di controllo errate'],
    ['DE88370400440532013000', 'IBAN non valido: cifre di controllo errate'],
    ['IT64Y0542811101000000123456', 'IBAN non valido: CIN errato'],
    [
      'IT60X054281110100000012345',
      'IBAN non valido: per Italia deve avere 27 caratteri (ne ha 26)',
    ],
    ['DE8937040044053201300', 'IBAN non valido: per Germania deve avere 22 caratteri (ne ha 21)'],
    ['US12345678901234567890', "IBAN non valido: US non è un paese che usa l'IBAN"],
    [
      'IT6OX0542811101000000123456',
      'IBAN non valido: deve iniziare con la sigla del paese e 2 cifre di controllo (es. IT60X…)',
    ],
    ['IT60-X054-2811', 'IBAN non valido: solo lettere e cifre'],
    [
      'IT6000542811101000000123456',
      'IBAN non valido: un IBAN italiano ha CIN (1 lettera), ABI e CAB (5 cifre ciascuno) e conto (12 lettere o cifre)',
    ],
    [
      'IT60XA542811101000000123456',
      'IBAN non valido: un IBAN italiano ha CIN (1 lettera), ABI e CAB (5 cifre ciascuno) e conto (12 lettere o cifre)',
    ],
  ])('refuses %j: %s', (input, message) => {
    expect(messageOf(validateIban(input))).toBe(message);
  });

  it('refuses check digits 00, 01 and 99 even when mod 97 would pass', () => {
    // 99 ≡ 2 (mod 97): a BBAN whose right check digits are 02 would also pass mod 97 with 99.
    const bban = Array.from(
      { length: 1000 },
      (_, i) => `X05428111010000001${String(i).padStart(5, '0')}`,
    )
      .map((b) => `${italianCin(b.slice(1))}${b.slice(1)}`)
      .find((b) => ibanCheckDigits('IT', b) === '02');
    expect(bban).toBeDefined();
    expect(valueOf(validateIban(`IT02${bban}`))).toBe(`IT02${bban}`);
    expect(messageOf(validateIban(`IT99${bban}`))).toBe(
      'IBAN non valido: cifre di controllo errate',
    );
  });
});

describe('telefono', () => {
  it.each([
    ['+39 0585 123456', undefined, '+390585123456'],
    ['0039 0585 123456', undefined, '+390585123456'],
    ['+39 333-123.4567', undefined, '+393331234567'],
    ['+39 333/1234567', undefined, '+393331234567'],
    ['+1 212 555 0100', undefined, '+12125550100'],
    ['+44 20 7946 0000', undefined, '+442079460000'],
    ['+378 0549 882222', undefined, '+3780549882222'],
    ['0585 123456', '+39', '+390585123456'],
    ['+49 30 123456', '+39', '+4930123456'],
  ])('accepts %j (default %s) as %s', (input, dialCode, value) => {
    expect(valueOf(validateTelefono(input, dialCode))).toBe(value);
  });

  it.each([
    ['', 'Telefono mancante'],
    ['0585 123456', 'Telefono non valido: manca il prefisso internazionale (es. +39)'],
    ['+39', 'Telefono non valido: numero troppo corto'],
    ['+39 123', 'Telefono non valido: numero troppo corto'],
    [
      '+0039 0585 123456',
      'Telefono non valido: dopo il + servono il prefisso internazionale e il numero',
    ],
    ['++39 0585 123456', 'Telefono non valido: usare solo il prefisso +, cifre e spazi'],
    ['+999 1234567', 'Telefono non valido: prefisso internazionale sconosciuto'],
    ['+39 0585 1234567890123', 'Telefono non valido: al massimo 15 cifre compreso il prefisso'],
    ['+39 (0585) 123456', 'Telefono non valido: usare solo il prefisso +, cifre e spazi'],
    ['+39 0585 123456 int. 2', 'Telefono non valido: usare solo il prefisso +, cifre e spazi'],
  ])('refuses %j: %s', (input, message) => {
    expect(messageOf(validateTelefono(input))).toBe(message);
  });
});
