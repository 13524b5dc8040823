import { z } from 'zod';

// "Find or scan a code": every registered item kind answers to its painted code, typed any
// way the yard types it.

/**
 * A code as stored, from how it was typed or scanned: case, spaces, dots or missing dashes do not
 * matter, and the number may lose its leading zeros (`bl2026 42` → `BL-2026-0042`; a slab
 * `bl 2026 42 7` → `BL-2026-0042-007`; a lot's later part `lo2026-12/1` → `LO-2026-0012/1`).
 * Anything else comes back trimmed and upper-case.
 */
export function normalizeCodice(input: string): string {
  const text = input.trim().toUpperCase();
  const m =
    /^([A-Z]{2})[\s\-_./]*(\d{4})[\s\-_./]*(\d{1,4})(?:[\s\-_.]+(\d{1,3}))?(?:\s*\/\s*(\d{1,3}))?$/.exec(
      text,
    );
  if (!m) return text;
  const [, serie, anno, numero, lastra, parte] = m;
  return `${serie}-${anno}-${numero!.padStart(4, '0')}${lastra ? `-${lastra.padStart(3, '0')}` : ''}${parte ? `/${Number(parte)}` : ''}`;
}

/** What a code names in the caller's company. */
export const codiceRisoltoSchema = z.object({
  entityType: z.string(),
  _id: z.string(),
  codice: z.string(),
  detailPath: z.string(),
  descrizione: z.string(),
});
export type CodiceRisolto = z.infer<typeof codiceRisoltoSchema>;
