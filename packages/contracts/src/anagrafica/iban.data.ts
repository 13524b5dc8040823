/**
 * IBAN length by country (ISO 13616, SWIFT IBAN registry): the countries whose IBAN is in the
 * registry, with the total length including country code and check digits. French overseas
 * departments and collectivities use `FR` IBANs, Åland uses `FI`, Kosovo `XK`.
 *
 * Data, not code: when SWIFT adds a country, add its row.
 */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = Object.freeze({
  AD: 24, // Andorra
  AE: 23, // Emirati Arabi Uniti
  AL: 28, // Albania
  AT: 20, // Austria
  AZ: 28, // Azerbaigian
  BA: 20, // Bosnia ed Erzegovina
  BE: 16, // Belgio
  BG: 22, // Bulgaria
  BH: 22, // Bahrein
  BI: 27, // Burundi
  BR: 29, // Brasile
  BY: 28, // Bielorussia
  CH: 21, // Svizzera
  CR: 22, // Costa Rica
  CY: 28, // Cipro
  CZ: 24, // Repubblica Ceca
  DE: 22, // Germania
  DJ: 27, // Gibuti
  DK: 18, // Danimarca
  DO: 28, // Repubblica Dominicana
  EE: 20, // Estonia
  EG: 29, // Egitto
  ES: 24, // Spagna
  FI: 18, // Finlandia
  FK: 18, // Isole Falkland
  FO: 18, // Isole Fær Øer
  FR: 27, // Francia
  GB: 22, // Regno Unito
  GE: 22, // Georgia
  GI: 23, // Gibilterra
  GL: 18, // Groenlandia
  GR: 27, // Grecia
  GT: 28, // Guatemala
  HN: 28, // Honduras
  HR: 21, // Croazia
  HU: 28, // Ungheria
  IE: 22, // Irlanda
  IL: 23, // Israele
  IQ: 23, // Iraq
  IS: 26, // Islanda
  IT: 27, // Italia
  JO: 30, // Giordania
  KW: 30, // Kuwait
  KZ: 20, // Kazakistan
  LB: 28, // Libano
  LC: 32, // Saint Lucia
  LI: 21, // Liechtenstein
  LT: 20, // Lituania
  LU: 20, // Lussemburgo
  LV: 21, // Lettonia
  LY: 25, // Libia
  MC: 27, // Monaco
  MD: 24, // Moldavia
  ME: 22, // Montenegro
  MK: 19, // Macedonia del Nord
  MN: 20, // Mongolia
  MR: 27, // Mauritania
  MT: 31, // Malta
  MU: 30, // Mauritius
  NI: 28, // Nicaragua
  NL: 18, // Paesi Bassi
  NO: 15, // Norvegia
  OM: 23, // Oman
  PK: 24, // Pakistan
  PL: 28, // Polonia
  PS: 29, // Palestina
  PT: 25, // Portogallo
  QA: 29, // Qatar
  RO: 24, // Romania
  RS: 22, // Serbia
  RU: 33, // Russia
  SA: 24, // Arabia Saudita
  SC: 31, // Seychelles
  SD: 18, // Sudan
  SE: 24, // Svezia
  SI: 19, // Slovenia
  SK: 24, // Slovacchia
  SM: 27, // San Marino
  SO: 23, // Somalia
  ST: 25, // São Tomé e Príncipe
  SV: 28, // El Salvador
  TL: 23, // Timor Est
  TN: 24, // Tunisia
  TR: 26, // Turchia
  UA: 29, // Ucraina
  VA: 22, // Città del Vaticano
  VG: 24, // Isole Vergini britanniche
  XK: 20, // Kosovo
  YE: 30, // Yemen
});
