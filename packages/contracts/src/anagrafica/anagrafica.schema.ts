/**
 * The one body schema of a cliente or fornitore (docs/domain.md "Clienti / Fornitori"), shared by the
 * server routes and the web forms: `anagraficaCreateSchema` for a new record,
 * `anagraficaUpdateSchema` for a partial change, `anagraficaSchema` for what the API answers.
 *
 * Fields are only typed, trimmed and length-capped one by one; every content rule runs in one
 * `superRefine` over the whole body, so a form gets every failure at once (zod skips an object
 * refinement after a failed field transform), each with `path` = the field and an Italian message
 * naming it. Rules that depend on `nazione` (partita IVA, CAP, provincia, codice SDI) read it there.
 * A final transform outputs the normalised values (`IT` stripped from a P.IVA, upper-case codes,
 * compact IBAN, E.164 telephone) and `null` for empty fields.
 */
import { z } from 'zod';
import { countryCodeSchema, isCountryCode } from '../countries/countries.js';
import {
  type CheckResult,
  defaultDialCodeFor,
  validateCap,
  validateCodiceFiscale,
  validateCodiceSdi,
  validateEmail,
  validateIban,
  validatePec,
  validateProvincia,
  validateTelefono,
  validateVatNumber,
} from './identifiers/index.js';
import {
  ANAGRAFICA_LABELS,
  ANAGRAFICA_LIMITS,
  type AnagraficaData,
  type TextField,
  MODALITA_PAGAMENTO_CLIENTE,
  dichiarazioneIntentoSchema,
  pagamentoClienteSchema,
} from './anagrafica.fields.js';

export * from './anagrafica.fields.js';

const text = (field: TextField) => {
  const label = ANAGRAFICA_LABELS[field];
  const max = ANAGRAFICA_LIMITS[field];
  return z
    .string({ error: `${label}: valore non valido, atteso un testo` })
    .trim()
    .max(max, {
      error: (iss) =>
        `${label}: al massimo ${max} caratteri (ne ha ${typeof iss.input === 'string' ? iss.input.length : '?'})`,
    })
    .nullish();
};

const flag = (field: 'pubblicaAmministrazione' | 'attivo') =>
  z.boolean({ error: `${ANAGRAFICA_LABELS[field]}: indicare sì o no (true o false)` });

const fieldShape = {
  ragioneSociale: text('ragioneSociale'),
  partitaIva: text('partitaIva'),
  codiceFiscale: text('codiceFiscale'),
  indirizzo: text('indirizzo'),
  cap: text('cap'),
  comune: text('comune'),
  provincia: text('provincia'),
  nazione: countryCodeSchema,
  telefono: text('telefono'),
  email: text('email'),
  pec: text('pec'),
  codiceSdi: text('codiceSdi'),
  pubblicaAmministrazione: flag('pubblicaAmministrazione'),
  referente: text('referente'),
  iban: text('iban'),
  condizioniPagamento: text('condizioniPagamento'),
  dichiarazioneIntento: dichiarazioneIntentoSchema.nullish(),
  pagamento: pagamentoClienteSchema.nullish(),
  note: text('note'),
  attivo: flag('attivo'),
};

/** Unknown keys and a body that is not an object get a message of their own. */
const objectError = (iss: z.core.$ZodRawIssue): string =>
  iss.code === 'unrecognized_keys'
    ? `Campi non previsti: ${iss.keys.join(', ')}`
    : 'Dati del cliente o fornitore mancanti o non validi';

type Mode = 'create' | 'update';
/** The body after field parsing: trimmed strings, possibly empty, null or missing. */
type RawBody = { [K in keyof typeof fieldShape]?: z.output<(typeof fieldShape)[K]> };

const filled = (value: unknown): value is string => typeof value === 'string' && value !== '';
const has = (body: RawBody, key: keyof RawBody): boolean => body[key] !== undefined;

/** Fields whose rule depends on `nazione` (an update must send it with them). */
const DEPENDS_ON_NAZIONE = [
  'partitaIva',
  'cap',
  'provincia',
  'codiceSdi',
  'pubblicaAmministrazione',
] as const;

function addIssue(ctx: z.RefinementCtx, field: keyof AnagraficaData, message: string): void {
  ctx.addIssue({ code: 'custom', path: [field], message });
}

/**
 * Every content rule of the body. In `create` mode missing required fields fail; in `update` mode
 * only fields present in the body are checked (a required one sent empty fails).
 */
function checkBody(body: RawBody, ctx: z.RefinementCtx, mode: Mode): void {
  const c = bodyCheck(body, ctx, mode);
  checkRequired(c);
  checkIdentifiers(c);
  checkAddress(c);
  checkContacts(c);
  checkEInvoicing(c);
  if (filled(body.iban)) c.check('iban', validateIban(body.iban));
}

/** What every group of rules reads: the body, the mode, the nazione the rules apply for. */
function bodyCheck(body: RawBody, ctx: z.RefinementCtx, mode: Mode) {
  const isUpdate = mode === 'update';
  // An unknown nazione already has its own issue: the rules that depend on it are skipped.
  const nazioneKnown = body.nazione === undefined ? !isUpdate : isCountryCode(body.nazione);
  const nazione = nazioneKnown ? (body.nazione ?? 'IT') : undefined;
  return {
    body,
    isUpdate,
    nazioneKnown,
    nazione,
    italian: nazione === 'IT',
    issue: (field: keyof AnagraficaData, message: string) => addIssue(ctx, field, message),
    /** Required: missing (create) or sent empty (both modes). */
    missing: (key: keyof RawBody): boolean => !filled(body[key]) && (!isUpdate || has(body, key)),
    check: (key: keyof AnagraficaData, result: CheckResult): void => {
      if (!result.ok) addIssue(ctx, key, result.message);
    },
  };
}

type BodyCheck = ReturnType<typeof bodyCheck>;

function checkRequired({ body, isUpdate, missing, issue }: BodyCheck) {
  if (missing('ragioneSociale')) issue('ragioneSociale', 'Ragione sociale obbligatoria');
  if (missing('indirizzo')) issue('indirizzo', 'Indirizzo obbligatorio');
  if (missing('comune')) issue('comune', 'Comune obbligatorio');
  if (isUpdate && body.nazione === undefined) {
    const sent = DEPENDS_ON_NAZIONE.filter((key) => has(body, key));
    if (sent.length > 0) {
      issue(
        'nazione',
        `Nazione obbligatoria quando si modificano: ${sent.map((k) => ANAGRAFICA_LABELS[k]).join(', ')}`,
      );
    }
  }
}

function checkIdentifiers({ body, isUpdate, nazione, italian, issue, check }: BodyCheck) {
  if (nazione !== undefined && filled(body.partitaIva)) {
    check('partitaIva', validateVatNumber(body.partitaIva, nazione));
  }
  if (filled(body.codiceFiscale)) check('codiceFiscale', validateCodiceFiscale(body.codiceFiscale));
  if (italian) {
    const bothSent = !isUpdate || (has(body, 'partitaIva') && has(body, 'codiceFiscale'));
    if (bothSent && !filled(body.partitaIva) && !filled(body.codiceFiscale)) {
      issue(
        'partitaIva',
        'Partita IVA obbligatoria per un soggetto italiano (o, per un privato, il codice fiscale)',
      );
    }
  }
}

function checkAddress({ body, nazione, italian, missing, issue, check }: BodyCheck) {
  if (nazione === undefined) return;
  for (const key of ['cap', 'provincia'] as const) {
    const value = body[key];
    if (filled(value)) {
      check(key, key === 'cap' ? validateCap(value, nazione) : validateProvincia(value, nazione));
    } else if (italian && missing(key)) {
      issue(
        key,
        key === 'cap'
          ? 'CAP obbligatorio per un indirizzo in Italia (5 cifre)'
          : 'Provincia obbligatoria per un indirizzo in Italia (sigla di 2 lettere, es. MS)',
      );
    }
  }
}

function checkContacts({ body, nazioneKnown, nazione, check }: BodyCheck) {
  const withDialCode = (value: string) => /^\s*(\+|00)/.test(value);
  if (
    filled(body.telefono) &&
    (nazioneKnown || body.nazione === undefined || withDialCode(body.telefono))
  ) {
    check('telefono', validateTelefono(body.telefono, nazione && defaultDialCodeFor(nazione)));
  }
  if (filled(body.email)) check('email', validateEmail(body.email));
  if (filled(body.pec)) check('pec', validatePec(body.pec));
}

function checkEInvoicing({ body, isUpdate, nazione, italian, issue, check }: BodyCheck) {
  if (nazione === undefined) return;
  const pa = body.pubblicaAmministrazione ?? false;
  // The SDI code's form depends on the flag: an update sending one without the other is checked
  // against the stored value, by `mergeAnagraficaUpdate` on the server.
  const paKnown = !isUpdate || has(body, 'pubblicaAmministrazione');
  if (pa && !italian) {
    issue(
      'pubblicaAmministrazione',
      'Pubblica amministrazione: solo per soggetti italiani (nazione IT)',
    );
  } else if (filled(body.codiceSdi) && paKnown) {
    check('codiceSdi', validateCodiceSdi(body.codiceSdi, { nazione, pubblicaAmministrazione: pa }));
  } else if (pa && (!isUpdate || has(body, 'codiceSdi'))) {
    issue(
      'codiceSdi',
      'Codice SDI obbligatorio per una pubblica amministrazione: il codice univoco ufficio di 6 caratteri',
    );
  }
}

/** The normalised value of a checked field (the check passed, so `ok` is true). */
function normalised(result: CheckResult): string {
  if (!result.ok) throw new Error(`valore non normalizzabile: ${result.message}`);
  return result.value;
}

/** Output of the body: normalised values; `null` for empty fields; missing ones left out (update). */
function normaliseBody(body: RawBody, mode: Mode): Partial<AnagraficaData> {
  const nazione = body.nazione ?? (mode === 'update' ? undefined : 'IT');
  const out: Partial<AnagraficaData> = {};
  const set = <K extends keyof AnagraficaData>(
    key: K,
    toValue: (value: string) => AnagraficaData[K],
  ): void => {
    const value = body[key];
    if (value === undefined && mode === 'update') return;
    (out as Record<string, unknown>)[key] = filled(value) ? toValue(value) : null;
  };
  const keep = (value: string) => value;

  set('ragioneSociale', keep);
  set('partitaIva', (v) => normalised(validateVatNumber(v, nazione as string)));
  set('codiceFiscale', (v) => normalised(validateCodiceFiscale(v)));
  set('indirizzo', keep);
  set('cap', (v) => normalised(validateCap(v, nazione as string)));
  set('comune', keep);
  set('provincia', (v) => normalised(validateProvincia(v, nazione as string)));
  if (nazione !== undefined) out.nazione = nazione;
  set('telefono', (v) => normalised(validateTelefono(v, nazione && defaultDialCodeFor(nazione))));
  set('email', (v) => normalised(validateEmail(v)));
  set('pec', (v) => normalised(validatePec(v)));
  set('codiceSdi', (v) => v.replace(/\s+/g, '').toUpperCase());
  if (body.pubblicaAmministrazione !== undefined || mode === 'create') {
    out.pubblicaAmministrazione = body.pubblicaAmministrazione ?? false;
  }
  set('referente', keep);
  set('iban', (v) => normalised(validateIban(v)));
  set('condizioniPagamento', keep);
  for (const key of ['dichiarazioneIntento', 'pagamento'] as const) {
    if (body[key] !== undefined || mode === 'create')
      (out as Record<string, unknown>)[key] = body[key] ?? null;
  }
  set('note', keep);
  if (body.attivo !== undefined || mode === 'create') out.attivo = body.attivo ?? true;
  return out;
}

/**
 * Body of `POST /api/clienti` and `POST /api/fornitori`, and of the create forms. Required:
 * ragioneSociale, indirizzo, comune; for Italy also cap, provincia and a partita IVA (or, for a
 * private person, a codice fiscale). `nazione` defaults to `IT`, `attivo` to true,
 * `pubblicaAmministrazione` to false.
 */
export const anagraficaCreateSchema = z
  .strictObject(
    {
      ...fieldShape,
      nazione: fieldShape.nazione.optional(),
      pubblicaAmministrazione: fieldShape.pubblicaAmministrazione.optional(),
      attivo: fieldShape.attivo.optional(),
    },
    { error: objectError },
  )
  .superRefine((body, ctx) => checkBody(body, ctx, 'create'))
  .transform((body) => normaliseBody(body, 'create') as AnagraficaData);

/** What a create form holds before parsing. */
export type AnagraficaCreateInput = z.input<typeof anagraficaCreateSchema>;
export type AnagraficaCreate = z.output<typeof anagraficaCreateSchema>;

/**
 * Body of `PUT`/`PATCH /api/clienti/:id` (and fornitori): any subset of the fields. The fields
 * sent are checked as on create; those whose rule needs `nazione` must come with it; a `codiceSdi`
 * sent without `pubblicaAmministrazione` (or the reverse) is checked only in the merged record.
 * The output lists only the fields sent. The server then checks the merged record with
 * `mergeAnagraficaUpdate`.
 */
export const anagraficaUpdateSchema = z
  .strictObject(fieldShape, { error: objectError })
  .partial()
  .superRefine((body, ctx) => checkBody(body, ctx, 'update'))
  .transform((body) => normaliseBody(body, 'update'));

export type AnagraficaUpdateInput = z.input<typeof anagraficaUpdateSchema>;
export type AnagraficaUpdate = z.output<typeof anagraficaUpdateSchema>;

/**
 * The record an update leads to, checked as a whole with the create rules: `existing` (as
 * stored, extra keys such as `_id` ignored) overlaid with the parsed `patch`. Catches what a
 * partial body alone cannot, e.g. a change of nazione that leaves an Italian P.IVA behind.
 */
export function mergeAnagraficaUpdate(
  existing: AnagraficaData,
  patch: AnagraficaUpdate,
): z.ZodSafeParseResult<AnagraficaData> {
  const merged: Record<string, unknown> = {};
  for (const key of Object.keys(ANAGRAFICA_LABELS) as (keyof AnagraficaData)[]) {
    merged[key] = patch[key] !== undefined ? patch[key] : existing[key];
  }
  return anagraficaCreateSchema.safeParse(merged);
}

/** A cliente or fornitore as the API answers it. */
export const anagraficaSchema = z.object({
  _id: z.string(),
  companyId: z.string(),
  ragioneSociale: z.string(),
  partitaIva: z.string().nullable(),
  codiceFiscale: z.string().nullable(),
  indirizzo: z.string(),
  cap: z.string().nullable(),
  comune: z.string(),
  provincia: z.string().nullable(),
  nazione: z.string(),
  telefono: z.string().nullable(),
  email: z.string().nullable(),
  pec: z.string().nullable(),
  codiceSdi: z.string().nullable(),
  pubblicaAmministrazione: z.boolean(),
  referente: z.string().nullable(),
  iban: z.string().nullable(),
  condizioniPagamento: z.string().nullable(),
  dichiarazioneIntento: z.object({ protocollo: z.string(), data: z.string() }).nullable(),
  pagamento: z
    .object({
      modalita: z.enum(MODALITA_PAGAMENTO_CLIENTE),
      giorni: z.number().int(),
      fineMese: z.boolean(),
    })
    .nullable(),
  note: z.string().nullable(),
  attivo: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Anagrafica = z.infer<typeof anagraficaSchema>;
