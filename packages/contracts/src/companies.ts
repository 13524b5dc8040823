import { z } from 'zod';
import { idSchema } from './auth.js';
import { optionalText, requiredText } from './fields.js';
import { REGIMI_FISCALI, SOCIO_UNICO, STATO_LIQUIDAZIONE } from './sales/fatture-codes.js';
import {
  validateCap,
  validateEmail,
  validateIban,
  validatePec,
  validateProvincia,
  validateVatNumber,
  type CheckResult,
} from './anagrafica/identifiers/index.js';

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
  // the issuer's fiscal data an electronic invoice prints (docs/fatture.md "Dati della ditta")
  regimeFiscale: z.enum(REGIMI_FISCALI),
  reaUfficio: z.string().nullable(),
  reaNumero: z.string().nullable(),
  capitaleSociale: z.number().nullable(),
  socioUnico: z.enum(SOCIO_UNICO).nullable(),
  statoLiquidazione: z.enum(STATO_LIQUIDAZIONE),
  iban: z.string().nullable(),
  createdAt: z.string(),
});
export type Company = z.infer<typeof companySchema>;

const companyFields = {
  name: requiredText(200, 'La ragione sociale è obbligatoria'),
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
  regimeFiscale: z
    .enum(REGIMI_FISCALI, { error: 'Regime fiscale non valido (es. RF01)' })
    .optional(),
  reaUfficio: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^([A-Z]{2})?$/, { error: 'Ufficio REA: sigla della provincia di 2 lettere' })
    .nullish()
    .transform((v) => (v ? v : null)),
  reaNumero: optionalText(20),
  capitaleSociale: z
    .number({ error: 'Capitale sociale: un importo in euro' })
    .min(0, { error: 'Capitale sociale: non negativo' })
    .max(1_000_000_000_000, { error: 'Capitale sociale: troppo grande' })
    .nullish(),
  socioUnico: z.enum(SOCIO_UNICO, { error: 'Socio unico: SU o SM' }).nullish(),
  statoLiquidazione: z
    .enum(STATO_LIQUIDAZIONE, { error: 'Stato liquidazione: LN o LS' })
    .optional(),
  iban: optionalText(50).transform((v) => (v ? v.replace(/\s+/g, '').toUpperCase() : v)),
};

/** The document data of a group company follow the same rules as a cliente's (docs/domain.md). */
function checkIdentifiers(
  body: {
    nazione?: string | undefined;
    partitaIva?: string | null;
    cap?: string | null;
    provincia?: string | null;
    email?: string | null;
    pec?: string | null;
    iban?: string | null;
  },
  ctx: z.RefinementCtx,
) {
  const nazione = body.nazione ?? 'IT';
  const check = (
    path: string,
    value: string | null | undefined,
    validate: (v: string) => CheckResult,
  ) => {
    if (!value) return;
    const result = validate(value);
    if (!result.ok) ctx.addIssue({ code: 'custom', path: [path], message: result.message });
  };
  check('partitaIva', body.partitaIva, (v) => validateVatNumber(v, nazione));
  check('cap', body.cap, (v) => validateCap(v, nazione));
  check('provincia', body.provincia, (v) => validateProvincia(v, nazione));
  check('email', body.email, validateEmail);
  check('pec', body.pec, validatePec);
  check('iban', body.iban, validateIban);
}

export const createCompanyBodySchema = z.strictObject(companyFields).superRefine(checkIdentifiers);
export type CreateCompanyBody = z.input<typeof createCompanyBodySchema>;

/** The fixed `PUT /companies/update` names the company by `_id` in the body. */
export const updateCompanyBodySchema = z
  .strictObject(companyFields)
  .partial()
  .extend({ _id: idSchema })
  .superRefine(checkIdentifiers);
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
