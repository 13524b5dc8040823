import { z } from 'zod';
import { isoDate } from './fields.js';

/** The reports a quarry files (Reportistica): `GET /api/reports/<name>`. */
export const REPORT_NAMES = [
  'registro-produzione',
  'estrazione',
  'giacenze',
  'vendite',
  'rese',
  'blocchi',
] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

export const REPORTS: Record<ReportName, { title: string; description: string; periodo: boolean }> =
  {
    'registro-produzione': {
      title: 'Registro di produzione',
      description:
        'Bancate tagliate (m³ lordi, informi, scaglie, terre) e blocchi del periodo con misure lorde e nette, t pesate o teoriche, uscita; subtotali mensili',
      periodo: true,
    },
    estrazione: {
      title: 'Estrazione per cava',
      description:
        'Dichiarazione per il contributo di estrazione: tonnellate per cava e voce (pesate, teoriche, dichiarate) e contributo dovuto secondo le tariffe della cava',
      periodo: true,
    },
    giacenze: {
      title: 'Giacenze',
      description:
        'Blocchi, lastre e pavimenti in magazzino per ubicazione, con il valore a listino (oggi)',
      periodo: false,
    },
    vendite: {
      title: 'Vendite per cliente',
      description:
        'Blocchi venduti con i collaudi confermati, lastre e pavimenti venduti e i trasferimenti alle ditte del gruppo, per cliente e materiale',
      periodo: true,
    },
    rese: {
      title: 'Rese',
      description: 'Resa delle bancate chiuse e delle segagioni completate nel periodo',
      periodo: true,
    },
    blocchi: {
      title: 'Elenco blocchi',
      description:
        'Blocchi propri ed esterni del periodo con codice di tracciabilità, misure, stato e ubicazione',
      periodo: true,
    },
  };

export const reportParamsSchema = z.object({
  name: z.enum(REPORT_NAMES, { error: 'Report sconosciuto' }),
});

export const reportQuerySchema = z
  .object({
    formato: z.enum(['pdf', 'xlsx'], { error: 'Formato: pdf o xlsx' }).default('pdf'),
    dal: isoDate('Dal').optional(),
    al: isoDate('Al').optional(),
  })
  .refine((q) => !q.dal || !q.al || q.dal <= q.al, {
    error: 'Il periodo finisce prima di cominciare',
    path: ['al'],
  });
export type ReportQuery = z.output<typeof reportQuerySchema>;
