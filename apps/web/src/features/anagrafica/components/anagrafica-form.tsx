import { Controller, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useDialogForm } from '@/components/form/use-dialog-form';
import { InputText } from 'primereact/inputtext';
import { Checkbox } from 'primereact/checkbox';
import {
  ANAGRAFICA_KIND_LABELS,
  ANAGRAFICA_LABELS,
  ANAGRAFICA_LIMITS,
  anagraficaCreateSchema,
  type Anagrafica,
  type AnagraficaCreate,
  type AnagraficaCreateInput,
  type AnagraficaKind,
} from '@gestcava/contracts';
import { FormField } from '@/components/form/form-field';
import { LongTextArea } from '@/components/form/long-text-area';
import { NazioneField, ProvinciaField, TelefonoField } from '@/components/form/address-fields';
import { FormDialog } from '@/components/form/form-dialog';
import { invalidProps } from '@/components/form/form-errors';
import { useCreateAnagrafica, useUpdateAnagrafica } from '../api/anagrafica';
import { FatturazioneFields } from './fatturazione-fields';

type TextKey = keyof typeof ANAGRAFICA_LIMITS;
type FormValues = { [K in TextKey]: string } & {
  nazione: string;
  dichiarazioneIntento: AnagraficaCreateInput['dichiarazioneIntento'];
  pagamento: AnagraficaCreateInput['pagamento'];
  pubblicaAmministrazione: boolean;
  attivo: boolean;
};

const FIELD_NAMES = Object.keys(ANAGRAFICA_LABELS);

function toFormValues(record: Anagrafica | null | undefined): FormValues {
  const text = (v: string | null | undefined) => v ?? '';
  return {
    ragioneSociale: text(record?.ragioneSociale),
    partitaIva: text(record?.partitaIva),
    codiceFiscale: text(record?.codiceFiscale),
    indirizzo: text(record?.indirizzo),
    cap: text(record?.cap),
    comune: text(record?.comune),
    provincia: text(record?.provincia),
    nazione: record?.nazione ?? 'IT',
    telefono: text(record?.telefono),
    email: text(record?.email),
    pec: text(record?.pec),
    codiceSdi: text(record?.codiceSdi),
    pubblicaAmministrazione: record?.pubblicaAmministrazione ?? false,
    referente: text(record?.referente),
    iban: text(record?.iban),
    condizioniPagamento: text(record?.condizioniPagamento),
    dichiarazioneIntento: record?.dichiarazioneIntento ?? null,
    pagamento: record?.pagamento ?? null,
    note: text(record?.note),
    attivo: record?.attivo ?? true,
  };
}

const fid = (name: string) => `ana-${name}`;

/**
 * A cliente or fornitore, new or edited, in a dialog (docs/screens.md): the contract's own schema
 * (the server's) checks every field as the user leaves it and on save, each message beside its
 * field; the server's field errors (a duplicate P.IVA…) land beside the fields too.
 */
export function AnagraficaFormDialog({
  kind,
  record,
  visible,
  onClose,
  onSaved,
}: {
  kind: AnagraficaKind;
  /** the record to edit; none for a new one */
  record?: Anagrafica | null;
  visible: boolean;
  onClose: () => void;
  onSaved: (record: Anagrafica) => void;
}) {
  const labels = ANAGRAFICA_KIND_LABELS[kind];
  const editing = !!record;
  const create = useCreateAnagrafica(kind);
  const update = useUpdateAnagrafica(kind, record?._id ?? '');
  const form = useDialogForm<AnagraficaCreateInput, AnagraficaCreate>(
    zodResolver(anagraficaCreateSchema),
    toFormValues(record),
  );
  const {
    register,
    control,
    reset,
    formState: { errors },
  } = form;
  const nazione = useWatch({ control, name: 'nazione' }) ?? 'IT';
  const pa = useWatch({ control, name: 'pubblicaAmministrazione' }) ?? false;
  const italian = nazione === 'IT';

  const close = () => {
    reset(toFormValues(record));
    onClose();
  };
  const save = async (values: AnagraficaCreate) => {
    const saved = editing ? await update.mutateAsync(values) : await create.mutateAsync(values);
    reset(toFormValues(saved));
    onSaved(saved);
  };

  const err = (name: keyof FormValues) => errors[name]?.message;
  const text = (
    name: TextKey,
    opts: {
      label?: string;
      required?: boolean;
      hint?: string;
      className?: string;
      type?: string;
      autoComplete?: string;
      upper?: boolean;
    } = {},
  ) => (
    <FormField
      id={fid(name)}
      label={opts.label ?? ANAGRAFICA_LABELS[name]}
      required={opts.required}
      error={err(name)}
      hint={opts.hint}
      className={opts.className}
    >
      <InputText
        id={fid(name)}
        type={opts.type ?? 'text'}
        autoComplete={opts.autoComplete ?? 'off'}
        maxLength={ANAGRAFICA_LIMITS[name]}
        className={`w-full${err(name) ? ' p-invalid' : ''}${opts.upper ? ' uppercase-input' : ''}`}
        {...invalidProps(fid(name), err(name))}
        {...register(name)}
      />
    </FormField>
  );

  const title = editing
    ? `Modifica ${labels.singolare.toLowerCase()}`
    : `Nuovo ${labels.singolare.toLowerCase()}`;

  return (
    <FormDialog
      name="anagrafica"
      title={title}
      form={form}
      fieldNames={FIELD_NAMES}
      onSave={save}
      onClose={close}
      pending={create.isPending || update.isPending}
      visible={visible}
      width="56rem"
      contentClassName="anagrafica-form-content"
    >
      <div className="formgrid grid">
        <h3 className="form-section-title col-12">Dati principali</h3>
        {text('ragioneSociale', {
          required: true,
          className: 'col-12 md:col-8',
          autoComplete: 'organization',
        })}
        <NazioneField
          control={control}
          id={fid('nazione')}
          error={err('nazione')}
          required
          className="col-12 md:col-4"
        />
        {text('partitaIva', {
          required: italian,
          upper: true,
          hint: italian
            ? '11 cifre; un IT davanti viene tolto'
            : 'Con il prefisso del paese, es. DE123456789',
        })}
        {text('codiceFiscale', {
          upper: true,
          hint: italian ? 'Per un privato senza partita IVA' : undefined,
        })}

        <h3 className="form-section-title col-12">Indirizzo</h3>
        {text('indirizzo', { required: true, className: 'col-12', autoComplete: 'street-address' })}
        {text('cap', {
          required: italian,
          className: 'col-12 md:col-3',
          autoComplete: 'postal-code',
        })}
        {text('comune', {
          required: true,
          className: 'col-12 md:col-5',
          autoComplete: 'address-level2',
        })}
        <ProvinciaField
          control={control}
          register={register}
          id={fid('provincia')}
          error={err('provincia')}
          required={italian}
          className="col-12 md:col-4"
          italian={italian}
          maxLength={ANAGRAFICA_LIMITS.provincia}
        />

        <h3 className="form-section-title col-12">Contatti</h3>
        <TelefonoField
          control={control}
          id={fid('telefono')}
          error={err('telefono')}
          nazione={nazione}
        />
        {text('referente')}
        {text('email', { type: 'email', autoComplete: 'email' })}
        {text('pec', { type: 'email' })}

        <h3 className="form-section-title col-12">Fatturazione e pagamenti</h3>
        {italian && (
          <div className="field col-12">
            <Controller
              control={control}
              name="pubblicaAmministrazione"
              render={({ field }) => (
                <div className="checkbox-field">
                  <Checkbox
                    inputId={fid('pubblicaAmministrazione')}
                    checked={field.value === true}
                    onChange={(e) => field.onChange(e.checked === true)}
                    onBlur={field.onBlur}
                    {...invalidProps(
                      fid('pubblicaAmministrazione'),
                      err('pubblicaAmministrazione'),
                    )}
                  />
                  <label htmlFor={fid('pubblicaAmministrazione')}>Pubblica amministrazione</label>
                </div>
              )}
            />
            {err('pubblicaAmministrazione') && (
              <small
                id={`${fid('pubblicaAmministrazione')}-error`}
                className="p-error field-error"
                role="alert"
              >
                {err('pubblicaAmministrazione')}
              </small>
            )}
          </div>
        )}
        {text('codiceSdi', {
          label: 'Codice SDI',
          upper: true,
          hint: !italian
            ? 'Per un soggetto estero: XXXXXXX'
            : pa
              ? 'Codice univoco ufficio di 6 caratteri'
              : '7 caratteri, oppure 0000000 con la PEC',
        })}
        {text('iban', { upper: true, label: 'IBAN' })}
        {kind === 'clienti' && <FatturazioneFields control={control} errors={errors} />}
        {text('condizioniPagamento', {
          className: 'col-12',
          hint:
            kind === 'clienti'
              ? 'Nota libera; la fattura segue la modalità e i giorni indicati sopra'
              : undefined,
        })}
        <FormField id={fid('note')} label="Note" error={err('note')} className="col-12">
          <LongTextArea
            control={control}
            name="note"
            id={fid('note')}
            max={ANAGRAFICA_LIMITS.note}
            error={err('note')}
          />
        </FormField>
      </div>
    </FormDialog>
  );
}
