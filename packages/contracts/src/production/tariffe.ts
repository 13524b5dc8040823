import { z } from 'zod';
import { euro, isoDate } from '../fields.js';

/**
 * A quarry's tariffs for the contributo di estrazione: € per tonne brought down by
 * category, valid from `validoDal` to `validoAl` (open-ended when empty). `GET/POST /api/cave/:id/tariffe`,
 * `PUT/DELETE /api/cave/:id/tariffe/:tariffaId`: any user reads, admins write, as the quarry itself.
 */
export const TARIFFA_CATEGORIE = [
  'blocchi',
  'informi',
  'scaglieBianche',
  'scaglieScure',
  'scogliere',
  'terre',
] as const;
export type TariffaCategoria = (typeof TARIFFA_CATEGORIE)[number];
export const TARIFFA_CATEGORIA_LABELS: Record<TariffaCategoria, string> = {
  blocchi: 'Blocchi',
  informi: 'Informi',
  scaglieBianche: 'Scaglie bianche',
  scaglieScure: 'Scaglie scure',
  scogliere: 'Scogliere',
  terre: 'Terre',
};

/** € per tonne: a few euro for scaglie and terre, tens for blocks; 10 000 €/t catches a value typed in cents. */
const euroT = (label: string) =>
  euro(`${label} (€/t)`).refine((v) => v <= 10_000, { error: `${label}: al massimo 10.000 €/t` });

const rates = Object.fromEntries(
  TARIFFA_CATEGORIE.map((c) => [c, euroT(TARIFFA_CATEGORIA_LABELS[c])]),
) as Record<TariffaCategoria, ReturnType<typeof euroT>>;

export const cavaTariffaBodySchema = z
  .strictObject({
    validoDal: isoDate('Valida dal'),
    validoAl: isoDate('Valida al')
      .nullish()
      .transform((v) => v ?? null),
    ...rates,
  })
  .refine((b) => !b.validoAl || b.validoAl >= b.validoDal, {
    error: 'La validità finisce prima di cominciare',
    path: ['validoAl'],
  });
export type CavaTariffaBody = z.output<typeof cavaTariffaBodySchema>;

export const cavaTariffaSchema = z.object({
  _id: z.string(),
  cavaId: z.string(),
  validoDal: z.string(),
  validoAl: z.string().nullable(),
  ...(Object.fromEntries(TARIFFA_CATEGORIE.map((c) => [c, z.number()])) as Record<
    TariffaCategoria,
    z.ZodNumber
  >),
});
export type CavaTariffa = z.infer<typeof cavaTariffaSchema>;
