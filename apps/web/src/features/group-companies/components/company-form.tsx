import { useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useDialogForm } from '@/components/form/use-dialog-form';
import { InputText } from 'primereact/inputtext';
import {
  createCompanyBodySchema,
  validateCap,
  validateEmail,
  validatePec,
  validateProvincia,
  validateVatNumber,
  type Company,
  type CreateCompanyBody,
} from '@gestcava/contracts';
import { FormField } from '@/components/form/form-field';
import { NazioneField, ProvinciaField, TelefonoField } from '@/components/form/address-fields';
import { FormDialog } from '@/components/form/form-dialog';
import { invalidProps } from '@/components/form/form-errors';
import { useCreateCompany, useUpdateCompany } from '../api/group-companies';
import { FiscalFields } from './fiscal-fields';

/**
 * The contract's company body, plus the checks of the data printed on documents (P.IVA, CAP,
 * provincia, email, PEC) with the same functions the clienti use.
 */
const companyFormSchema = createCompanyBodySchema.superRefine((v, ctx) => {
  const nazione = v.nazione ?? 'IT';
  const check = (path: string, result: { ok: boolean; message?: string }) => {
    if (!result.ok)
      ctx.addIssue({
        code: 'custom',
        path: [path],
        message: result.message ?? 'Valore non valido',
      });
  };
  if (v.partitaIva) check('partitaIva', validateVatNumber(v.partitaIva, nazione));
  if (v.cap) check('cap', validateCap(v.cap, nazione));
  if (v.provincia) check('provincia', validateProvincia(v.provincia, nazione));
  if (v.email) check('email', validateEmail(v.email));
  if (v.pec) check('pec', validatePec(v.pec));
});

const TEXT_FIELDS = [
  'name',
  'quarryName',
  'partitaIva',
  'codiceFiscale',
  'indirizzo',
  'cap',
  'comune',
  'provincia',
  'nazione',
  'telefono',
  'email',
  'pec',
  'reaUfficio',
  'reaNumero',
  'iban',
] as const;
const FIELDS = [
  ...TEXT_FIELDS,
  'regimeFiscale',
  'capitaleSociale',
  'socioUnico',
  'statoLiquidazione',
] as const;
type FormValues = Record<(typeof TEXT_FIELDS)[number], string> &
  Pick<CreateCompanyBody, 'regimeFiscale' | 'capitaleSociale' | 'socioUnico' | 'statoLiquidazione'>;

/**
 * The company as the form holds it: every text field a text, empty where the company has none,
 * Italy by default; the fiscal data an invoice prints with their defaults (RF01, not in liquidation).
 */
function toValues(c: Company | null | undefined): FormValues {
  const values = Object.fromEntries(TEXT_FIELDS.map((name) => [name, c?.[name] ?? ''])) as Record<
    (typeof TEXT_FIELDS)[number],
    string
  >;
  return {
    ...values,
    nazione: c?.nazione ?? 'IT',
    regimeFiscale: c?.regimeFiscale ?? 'RF01',
    capitaleSociale: c?.capitaleSociale ?? null,
    socioUnico: c?.socioUnico ?? null,
    statoLiquidazione: c?.statoLiquidazione ?? 'LN',
  };
}

const fid = (name: string) => `company-${name}`;

/** A group company's document data (admin): new or edited. */
export function CompanyFormDialog({
  company,
  onClose,
  onSaved,
}: {
  company?: Company | null;
  onClose: () => void;
  onSaved: (company: Company) => void;
}) {
  const editing = !!company;
  const create = useCreateCompany();
  const update = useUpdateCompany();
  const form = useDialogForm<FormValues, CreateCompanyBody>(
    zodResolver(companyFormSchema) as never,
    toValues(company),
  );
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const nazione = useWatch({ control, name: 'nazione' }) || 'IT';

  const save = async (values: CreateCompanyBody) => {
    const saved = company
      ? await update.mutateAsync({ ...values, _id: company._id })
      : await create.mutateAsync(values);
    onSaved(saved);
  };

  const err = (name: keyof FormValues) => errors[name]?.message;
  const text = (
    name: (typeof TEXT_FIELDS)[number],
    label: string,
    opts: { required?: boolean; className?: string; hint?: string; type?: string } = {},
  ) => (
    <FormField
      id={fid(name)}
      label={label}
      required={opts.required}
      error={err(name)}
      hint={opts.hint}
      className={opts.className}
    >
      <InputText
        id={fid(name)}
        type={opts.type ?? 'text'}
        className={`w-full${err(name) ? ' p-invalid' : ''}`}
        autoComplete="off"
        {...invalidProps(fid(name), err(name))}
        {...register(name)}
      />
    </FormField>
  );
  const title = editing ? `Modifica ${company.name}` : 'Nuova ditta del gruppo';

  return (
    <FormDialog
      name="company"
      title={title}
      form={form}
      fieldNames={FIELDS}
      onSave={save}
      onClose={onClose}
      pending={create.isPending || update.isPending}
      width="50rem"
    >
      <div className="formgrid grid">
        {text('name', 'Ragione sociale', { required: true, className: 'col-12 md:col-8' })}
        {text('quarryName', 'Nome della cava', {
          className: 'col-12 md:col-4',
          hint: 'Vuoto per una ditta senza cava: la barra in alto mostra il nome della ditta',
        })}
        {text('partitaIva', 'Partita IVA')}
        {text('codiceFiscale', 'Codice fiscale')}
        {text('indirizzo', 'Indirizzo', { className: 'col-12' })}
        {text('cap', 'CAP', { className: 'col-12 md:col-3' })}
        {text('comune', 'Comune', { className: 'col-12 md:col-5' })}
        <ProvinciaField
          control={control}
          register={register}
          id={fid('provincia')}
          error={err('provincia')}
          className="col-12 md:col-4"
          italian={nazione === 'IT'}
          showClear
        />
        <NazioneField control={control} id={fid('nazione')} error={err('nazione')} />
        <TelefonoField
          control={control}
          id={fid('telefono')}
          error={err('telefono')}
          nazione={nazione}
        />
        {text('email', 'Email', { type: 'email' })}
        {text('pec', 'PEC', { type: 'email' })}
        <FiscalFields control={control} err={err} text={text} />
      </div>
    </FormDialog>
  );
}
