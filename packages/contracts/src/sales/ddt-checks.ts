/**
 * When a DDT's transport may start (docs/spedizioni.md "Inizio del trasporto"): never before the
 * DDT's date (the goods cannot leave before the document that goes with them), and a start more
 * than INIZIO_TRASPORTO_GIORNI_AVVISO days after it is allowed but pointed out. One rule for the
 * server (400, and the draft's warnings) and the new-DDT form.
 */
export const INIZIO_TRASPORTO_GIORNI_AVVISO = 3;

const romeDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Rome',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day in Italy (YYYY-MM-DD) of an instant. */
export function giornoInItalia(iso: string | Date): string {
  return romeDay.format(typeof iso === 'string' ? new Date(iso) : iso);
}

const ddMMyyyy = (day: string) => day.split('-').reverse().join('/');
const DAY_MS = 24 * 60 * 60 * 1000;

/** `inizio` (an instant) against the DDT's date (YYYY-MM-DD): the refusal, or a warning, or neither. */
export function controllaInizioTrasporto(
  inizio: string | Date | null | undefined,
  dataDdt: string,
): { errore: string | null; avviso: string | null } {
  if (!inizio) return { errore: null, avviso: null };
  const giorno = giornoInItalia(inizio);
  if (giorno < dataDdt)
    return {
      errore: `Inizio trasporto: il ${ddMMyyyy(giorno)} è prima della data del DDT (${ddMMyyyy(dataDdt)})`,
      avviso: null,
    };
  const giorni = Math.round((Date.parse(giorno) - Date.parse(dataDdt)) / DAY_MS);
  return {
    errore: null,
    avviso:
      giorni > INIZIO_TRASPORTO_GIORNI_AVVISO
        ? `Il trasporto inizia ${giorni} giorni dopo la data del DDT (${ddMMyyyy(dataDdt)}): controlla la data`
        : null,
  };
}

const KG = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 0, useGrouping: 'always' });
const T = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 2 });

/**
 * A load heavier than the truck's payload (Automezzi's portata): a warning before the emission, not
 * a refusal (the weights are theoretical until the weighbridge; docs/spedizioni.md "Il carico").
 */
export function avvisoPortata(
  pesoKg: number,
  automezzo: { targa: string; portataT: number } | null | undefined,
): string | null {
  if (!automezzo || pesoKg <= automezzo.portataT * 1000) return null;
  return `Carico di ${KG.format(pesoKg)} kg oltre la portata dell'automezzo ${automezzo.targa} (${T.format(automezzo.portataT)} t): controlla prima di emettere`;
}

/** The gross mass a road vehicle may weigh in Italy (5 or more axles): docs/spedizioni.md "Il vettore e il carico". */
export const MASSA_COMPLESSIVA_MAX_KG = 44_000;

/**
 * A truck whose tare plus the load weighs more than the road limit: a warning before the emission,
 * as for the payload; nothing when the truck's tare is not known.
 */
export function avvisoMassaComplessiva(
  pesoKg: number,
  automezzo: { targa: string; taraKg: number | null } | null | undefined,
): string | null {
  if (!automezzo || automezzo.taraKg === null) return null;
  const lordo = automezzo.taraKg + pesoKg;
  if (lordo <= MASSA_COMPLESSIVA_MAX_KG) return null;
  return `Massa complessiva di ${KG.format(lordo)} kg (tara ${KG.format(automezzo.taraKg)} kg + carico ${KG.format(pesoKg)} kg) oltre il limite di ${KG.format(MASSA_COMPLESSIVA_MAX_KG)} kg su strada dell'automezzo ${automezzo.targa}: controlla prima di emettere`;
}
