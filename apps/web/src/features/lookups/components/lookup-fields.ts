import type { z } from 'zod';
import {
  MACCHINA_TIPO_LABELS,
  MACCHINA_TIPI,
  MATERIALE_TIPI,
  UBICAZIONE_TIPI,
  UBICAZIONE_TIPO_LABELS,
  cavaBodySchema,
  fields,
  macchinaBodySchema,
  materialeBodySchema,
  ubicazioneBodySchema,
  type LookupKind,
} from '@gestcava/contracts';

export const MATERIALE_TIPO_LABELS: Record<(typeof MATERIALE_TIPI)[number], string> = {
  marmo: 'Marmo',
  granito: 'Granito',
  travertino: 'Travertino',
  pietra: 'Pietra',
  onice: 'Onice',
};

export interface LookupField {
  name: string;
  label: string;
  type: 'text' | 'number' | 'select' | 'bool';
  required?: boolean;
  max?: number;
  decimals?: number;
  unit?: string;
  options?: { value: string; label: string }[];
  hint?: string;
  /** grid width in the form */
  wide?: boolean;
}

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

/** The fields of each lookup (docs/domain.md), in form order; the flag "attiva/attivo" comes last. */
export const LOOKUP_FIELDS: Record<LookupKind, LookupField[]> = {
  cave: [
    {
      name: 'codice',
      label: 'Codice cava',
      type: 'text',
      required: true,
      max: 30,
      hint: 'Il numero della cava nel catasto comunale, es. 173',
    },
    { name: 'nome', label: 'Nome', type: 'text', required: true, max: 120 },
    { name: 'comune', label: 'Comune', type: 'text', max: 80 },
    { name: 'bacino', label: 'Bacino', type: 'text', max: 80 },
    {
      name: 'concessione',
      label: 'Concessione / autorizzazione',
      type: 'text',
      max: 120,
      wide: true,
    },
    { name: 'attiva', label: 'Attiva', type: 'bool' },
  ],
  materiali: [
    { name: 'nome', label: 'Nome commerciale', type: 'text', required: true, max: 120 },
    {
      name: 'tipo',
      label: 'Tipo',
      type: 'select',
      required: true,
      options: options(MATERIALE_TIPI, MATERIALE_TIPO_LABELS),
    },
    {
      name: 'densita',
      label: 'Densità',
      type: 'number',
      required: true,
      decimals: 2,
      unit: 't/m³',
      hint: 'Per il peso teorico (t = m³ × densità); di solito 2,70',
    },
    { name: 'attivo', label: 'Attivo', type: 'bool' },
  ],
  ubicazioni: [
    { name: 'nome', label: 'Nome', type: 'text', required: true, max: 120 },
    {
      name: 'tipo',
      label: 'Tipo',
      type: 'select',
      required: true,
      options: options(UBICAZIONE_TIPI, UBICAZIONE_TIPO_LABELS),
    },
    { name: 'attiva', label: 'Attiva', type: 'bool' },
  ],
  macchine: [
    { name: 'nome', label: 'Nome', type: 'text', required: true, max: 120 },
    {
      name: 'tipo',
      label: 'Tipo',
      type: 'select',
      required: true,
      options: options(MACCHINA_TIPI, MACCHINA_TIPO_LABELS),
    },
    {
      name: 'kerfMm',
      label: 'Spessore di taglio (kerf)',
      type: 'number',
      decimals: 1,
      unit: 'mm',
      hint: 'Lama o filo: di solito 3–6 mm',
    },
    {
      name: 'rifiloMm',
      label: 'Rifilo',
      type: 'number',
      decimals: 0,
      unit: 'mm',
      hint: 'Materiale perso ai bordi del blocco',
    },
    { name: 'attiva', label: 'Attiva', type: 'bool' },
  ],
};

/** The contract's body schema of each lookup: the same checks as the server. */
export const LOOKUP_BODY_SCHEMAS: Record<
  LookupKind,
  z.ZodType<Record<string, unknown>, Record<string, unknown>>
> = {
  cave: cavaBodySchema,
  materiali: materialeBodySchema,
  ubicazioni: ubicazioneBodySchema,
  macchine: macchinaBodySchema,
};

/**
 * The same checks on an edit, except that a quarry saved before the code rule keeps its code: the server
 * refuses a changed code outside the rule.
 */
export const LOOKUP_EDIT_SCHEMAS: Record<
  LookupKind,
  z.ZodType<Record<string, unknown>, Record<string, unknown>>
> = {
  ...LOOKUP_BODY_SCHEMAS,
  cave: cavaBodySchema.extend({
    codice: fields.codiceInModifica(1, 30, 'Il codice cava è obbligatorio'),
  }),
};

/** The values of a new record: the schema's defaults. */
export const LOOKUP_DEFAULTS: Record<LookupKind, Record<string, unknown>> = {
  cave: { codice: '', nome: '', comune: '', bacino: '', concessione: '', attiva: true },
  materiali: { nome: '', tipo: 'marmo', densita: 2.7, attivo: true },
  ubicazioni: { nome: '', tipo: null, attiva: true },
  macchine: { nome: '', tipo: null, kerfMm: 5, rifiloMm: 20, attiva: true },
};

export const ACTIVE_FLAG: Record<LookupKind, 'attiva' | 'attivo'> = {
  cave: 'attiva',
  materiali: 'attivo',
  ubicazioni: 'attiva',
  macchine: 'attiva',
};
