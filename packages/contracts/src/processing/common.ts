import { z } from 'zod';
import { isoDate, optionalText } from '../fields.js';
import { SCELTE, DIFETTI } from '../production/blocchi.js';

/** Surface finishes (docs/domain.md); resin is a treatment (`resinatura`), not a finish. */
export const FINITURE = [
  'grezzo',
  'levigato',
  'lucidato',
  'spazzolato',
  'sabbiato',
  'bocciardato',
  'fiammato',
  'anticato',
] as const;
export type Finitura = (typeof FINITURE)[number];
export const FINITURA_LABELS: Record<Finitura, string> = {
  // the saw's own surface, whatever machine cut it (a gang saw or a multi-wire: the label names neither)
  grezzo: 'Grezzo di segagione',
  levigato: 'Levigato',
  lucidato: 'Lucidato',
  spazzolato: 'Spazzolato',
  sabbiato: 'Sabbiato',
  bocciardato: 'Bocciardato',
  fiammato: 'Fiammato',
  anticato: 'Anticato',
};

/** Common slab thicknesses offered first (mm); any whole mm from 5 to 200 is accepted. */
export const SPESSORI_LASTRE_MM = [20, 30, 40, 50] as const;
export const SPESSORE_MIN_MM = 5;
export const SPESSORE_MAX_MM = 200;
/** A slab is at most 4 m by 3 m (a gang saw's block). */
export const LASTRA_MAX_MM = 4000;

export const spessoreMm = z
  .number({
    error: (iss) =>
      iss.input == null ? 'Spessore: obbligatorio' : 'Spessore: un numero intero di mm',
  })
  .int({ error: 'Spessore: un numero intero di mm' })
  .min(SPESSORE_MIN_MM, { error: `Spessore: almeno ${SPESSORE_MIN_MM} mm` })
  .max(SPESSORE_MAX_MM, { error: `Spessore: al massimo ${SPESSORE_MAX_MM} mm` });

export const ref = z.object({ _id: z.string(), nome: z.string() });
export const codiceRef = z.object({ _id: z.string(), codice: z.string() });
export const anagraficaRef = z.object({ _id: z.string(), ragioneSociale: z.string() });

export const sceltaEnum = z.enum(SCELTE, { error: 'Scelta non valida' });
export const difettiList = z
  .array(z.enum(DIFETTI, { error: 'Difetto non valido' }))
  .max(DIFETTI.length);

/** The date filters of a processing list (on the planned/started date). */
export const periodFilters = { dal: isoDate('Dal').optional(), al: isoDate('Al').optional() };

export const statoNota = optionalText(500);
