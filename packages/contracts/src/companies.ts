import { z } from 'zod';
import { idSchema } from './auth.js';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Al massimo ${max} caratteri` })
    .nullish()
    .transform((v) => (v ? v : null));

export const companySchema = z.object({
  _id: z.string(),
  name: z.string(),
  quarryName: z.string().nullable(),
  logoUrl: z.string().nullable(),
  partitaIva: z.string().nullable(),
  codiceFiscale: z.string().nullable(),
  indirizzo: z.string().nullable(),
  cap: z.string().nullable(),
  comune: z.string().nullable(),
  provincia: z.string().nullable(),
  nazione: z.string(),
  telefono: z.string().nullable(),
  email: z.string().nullable(),
  pec: z.string().nullable(),
  createdAt: z.string(),
});
export type Company = z.infer<typeof companySchema>;

const companyFields = {
  name: z
    .string({ error: 'La ragione sociale è obbligatoria' })
    .trim()
    .min(1, { error: 'La ragione sociale è obbligatoria' })
    .max(200),
  quarryName: optionalText(120),
  partitaIva: optionalText(20),
  codiceFiscale: optionalText(16),
  indirizzo: optionalText(200),
  cap: optionalText(10),
  comune: optionalText(120),
  provincia: optionalText(2),
  nazione: z
    .string()
    .trim()
    .length(2, { error: 'Codice nazione di 2 lettere' })
    .toUpperCase()
    .optional(),
  telefono: optionalText(30),
  email: optionalText(254),
  pec: optionalText(254),
};

export const createCompanyBodySchema = z.strictObject(companyFields);
export type CreateCompanyBody = z.input<typeof createCompanyBodySchema>;

/** SPEC's `PUT /companies/update` names the company by `_id` in the body. */
export const updateCompanyBodySchema = createCompanyBodySchema.partial().extend({ _id: idSchema });
export type UpdateCompanyBody = z.input<typeof updateCompanyBodySchema>;

export const associateUserBodySchema = z.strictObject({
  userId: idSchema,
  companyId: idSchema.optional(),
});

export const companyResponseSchema = z.object({ success: z.literal(true), company: companySchema });
export const companiesResponseSchema = z.object({
  success: z.literal(true),
  companies: z.array(companySchema),
});
