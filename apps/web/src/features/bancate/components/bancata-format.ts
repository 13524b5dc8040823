import { BANCATA_STATO_LABELS, METODO_TAGLIO_LABELS } from '@gestcava/contracts';
import { formatDate, formatNumber, formatVolume, formatWeight, labelOf } from '@/lib/format';

/** Italian labels of the fields history reports (BANCATA_FIELDS on the server) and of the form. */
export const BANCATA_FIELD_LABELS: Record<string, string> = {
  codice: 'Codice',
  cavaId: 'Cava',
  fronte: 'Fronte / gradone',
  materialeId: 'Materiale',
  dataTaglio: 'Data di taglio',
  dataRibaltamento: 'Data di ribaltamento',
  lunghezza: 'Lunghezza',
  altezza: 'Altezza',
  profondita: 'Profondità',
  volumeLordo: 'Volume lordo',
  pesoStimato: 'Peso stimato',
  metodoTaglio: 'Metodo di taglio',
  informiT: 'Informi sfusi',
  scaglieT: 'Scaglie bianche',
  scaglieScureT: 'Scaglie scure',
  scogliereT: 'Scogliere',
  terreT: 'Terre',
  note: 'Note',
  stato: 'Stato',
};

export const METODO_TAGLIO_OPTIONS = Object.entries(METODO_TAGLIO_LABELS).map(([value, label]) => ({
  value,
  label,
}));

/** A history value as people read it; ids of lookups become their names when known. */
export function bancataHistoryValue(names: ReadonlyMap<string, string>) {
  return (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return '—';
    switch (field) {
      case 'stato':
        return labelOf(BANCATA_STATO_LABELS, value);
      case 'metodoTaglio':
        return labelOf(METODO_TAGLIO_LABELS, value);
      case 'cavaId':
      case 'materialeId':
        return names.get(String(value)) ?? String(value);
      case 'dataTaglio':
      case 'dataRibaltamento':
        return formatDate(String(value));
      case 'lunghezza':
      case 'altezza':
      case 'profondita':
        return `${formatNumber(Number(value), 0)} cm`;
      case 'volumeLordo':
        return formatVolume(Number(value));
      case 'pesoStimato':
      case 'informiT':
      case 'scaglieT':
      case 'scaglieScureT':
      case 'scogliereT':
      case 'terreT':
        return formatWeight(Number(value));
      default:
        return typeof value === 'object' ? JSON.stringify(value) : String(value);
    }
  };
}
