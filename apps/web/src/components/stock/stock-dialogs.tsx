import { useState } from 'react';
import { Controller, useForm, useWatch, type FieldValues, type Path, type Resolver, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { SelectButton } from 'primereact/selectbutton';
import {
  pezziOf,
  rettificaLottoSchema,
  riservaLastraSchema,
  riservaLottoSchema,
  rottaLastraSchema,
  spedisciLastraSchema,
  spostaLottoSchema,
  UNITA_PREZZO_VENDITA_LABELS,
  vendiLastraSchema,
  vendiLottoSchema,
} from '@gestcava/contracts';
import { AnagraficaPicker, type PickedAnagrafica } from '@/components/form/anagrafica-picker';
import { DateInput } from '@/components/form/date-input';
import { dropdownPt } from '@/components/form/dropdown-a11y';
import { FormDialog } from '@/components/form/form-dialog';
import { FormField } from '@/components/form/form-field';
import { invalidProps } from '@/components/form/form-errors';
import { NumberInput } from '@/components/form/number-input';
import { formatInteger } from '@/lib/format';
import { todayIso } from '@/lib/iso-date';
import { conversione, type LottoQuantita, type Unit } from './lotto-quantita';
import { stockClientiChoices, useStockUbicazioni } from './stock-pickers';

// The dialogs of the stock operations (DESIGN §4 "Magazzino lastre", "Magazzino pavimenti"), shared
// by the slab and tile pages: each checks with the contract's schema and shows the server's answer.

const UNIT_OPTIONS: Array<{ value: Unit; label: string }> = [
  { value: 'pezzi', label: 'Pezzi' },
  { value: 'casse', label: 'Casse' },
  { value: 'mq', label: 'm²' },
];

/** Pezzi, casse or m² of a lot, with what it comes to in the other two (as the server will count it). */
function QuantityField<T extends FieldValues>({ form, lotto, name }: { form: UseFormReturn<T, unknown, unknown>; lotto: LottoQuantita; name: string }) {
  const [unit, setUnit] = useState<Unit>('pezzi');
  const { control, setValue, formState } = form;
  const values = useWatch({ control }) as { pezzi?: number; casse?: number; mq?: number };
  const value = values[unit];
  const pezzi = value !== undefined && value !== null && value > 0 ? pezziOf({ [unit]: value }, lotto) : null;
  const errors = formState.errors as Record<string, { message?: string } | undefined>;
  const error = errors.pezzi?.message ?? errors.casse?.message ?? errors.mq?.message;
  const id = `${name}-quantita`;
  const switchUnit = (to: Unit) => {
    for (const u of ['pezzi', 'casse', 'mq'] as const) setValue(u as Path<T>, undefined as never);
    setUnit(to);
  };
  return (
    <FormField
      id={id}
      label="Quantità"
      required
      error={error}
      className="col-12"
      hint={
        <span data-testid={`${name}-conversione`}>
          {conversione(lotto, unit, value, pezzi)}
        </span>
      }
    >
      <div className="flex flex-wrap gap-2 align-items-center">
        <SelectButton
          value={unit}
          options={UNIT_OPTIONS.map((o) => ({ ...o, className: o.value === unit ? undefined : 'p-button-outlined' }))}
          allowEmpty={false}
          onChange={(e) => switchUnit(e.value as Unit)}
          aria-label="Unità della quantità"
          data-testid={`${name}-unita`}
        />
        <Controller
          control={control}
          name={unit as Path<T>}
          render={({ field }) => (
            <NumberInput
              id={id}
              decimals={unit === 'mq' ? 2 : 0}
              unit={unit === 'mq' ? 'm²' : unit}
              value={field.value as number | undefined}
              onChange={(v) => field.onChange(v ?? undefined)}
              onBlur={field.onBlur}
              error={error}
              testId={`${name}-quantita`}
            />
          )}
        />
      </div>
    </FormField>
  );
}

function ClienteField<T extends FieldValues>({ form, name, initial }: { form: UseFormReturn<T, unknown, unknown>; name: string; initial?: PickedAnagrafica | null }) {
  const [cliente, setCliente] = useState<PickedAnagrafica | null>(initial ?? null);
  const error = (form.formState.errors as Record<string, { message?: string } | undefined>).clienteId?.message;
  const id = `${name}-cliente`;
  return (
    <FormField id={id} label="Cliente" required error={error} className="col-12">
      <Controller
        control={form.control}
        name={'clienteId' as Path<T>}
        render={({ field }) => (
          <AnagraficaPicker
            which="clienti"
            choices={stockClientiChoices}
            id={id}
            value={cliente}
            onChange={(v) => {
              setCliente(v);
              field.onChange(v?._id);
            }}
            onBlur={field.onBlur}
            error={error}
            testId={id}
          />
        )}
      />
    </FormField>
  );
}

function ScadenzaField<T extends FieldValues>({ form, name }: { form: UseFormReturn<T, unknown, unknown>; name: string }) {
  const error = (form.formState.errors as Record<string, { message?: string } | undefined>).scadenza?.message;
  const id = `${name}-scadenza`;
  return (
    <FormField id={id} label="Riservata fino al" required error={error} className="col-12 sm:col-6" hint="Compreso quel giorno; dopo torna libera da sola">
      <Controller
        control={form.control}
        name={'scadenza' as Path<T>}
        render={({ field }) => <DateInput id={id} value={field.value as string | undefined} onChange={(v) => field.onChange(v ?? undefined)} onBlur={field.onBlur} min={todayIso()} max={todayIso(365)} error={error} />}
      />
    </FormField>
  );
}

interface OperationProps<V> {
  title: string;
  onSave: (values: V) => Promise<void>;
  onClose: () => void;
}

/** Riserva a slab, a bundle's free slabs or (with `lotto`) part of a tile lot, for a cliente until a day. */
export function RiservaDialog<V>({ title, lotto, onSave, onClose }: OperationProps<V> & { lotto?: LottoQuantita }) {
  const form = useForm<FieldValues, unknown, V>({
    resolver: zodResolver(lotto ? riservaLottoSchema : riservaLastraSchema) as unknown as Resolver<FieldValues, unknown, V>,
    defaultValues: { scadenza: todayIso(7) },
    mode: 'onTouched',
    shouldFocusError: false,
  });
  return (
    <FormDialog name="riserva" title={title} form={form} fieldNames={['clienteId', 'scadenza', 'pezzi', 'casse', 'mq']} onSave={onSave} onClose={onClose} width="34rem" saveLabel="Riserva" saveIcon="pi pi-bookmark">
      <div className="formgrid grid">
        {lotto && <QuantityField form={form} lotto={lotto} name="riserva" />}
        <ClienteField form={form} name="riserva" />
        <ScadenzaField form={form} name="riserva" />
      </div>
    </FormDialog>
  );
}

/** Vendi: to a cliente, a price per unit, the document; a reserved item goes to its own cliente only. */
export function VendiDialog<V>({ title, lotto, cliente, note, onSave, onClose }: OperationProps<V> & { lotto?: LottoQuantita; cliente?: PickedAnagrafica | null; note?: string }) {
  const units = lotto ? (['mq', 'pezzo'] as const) : (['mq', 'lastra'] as const);
  const form = useForm<FieldValues, unknown, V>({
    resolver: zodResolver(lotto ? vendiLottoSchema : vendiLastraSchema) as unknown as Resolver<FieldValues, unknown, V>,
    defaultValues: { unita: 'mq', documento: '', clienteId: cliente?._id },
    mode: 'onTouched',
    shouldFocusError: false,
  });
  const errors = form.formState.errors as Record<string, { message?: string } | undefined>;
  return (
    <FormDialog name="vendi" title={title} form={form} fieldNames={['clienteId', 'prezzo', 'unita', 'documento', 'pezzi', 'casse', 'mq']} onSave={onSave} onClose={onClose} width="36rem" saveLabel="Vendi" saveIcon="pi pi-shopping-cart">
      {note && <p className="mt-0 text-color-secondary">{note}</p>}
      <div className="formgrid grid">
        {lotto && <QuantityField form={form} lotto={lotto} name="vendi" />}
        <ClienteField form={form} name="vendi" initial={cliente} />
        <FormField id="vendi-prezzo" label="Prezzo" required error={errors.prezzo?.message} className="col-7 sm:col-5">
          <Controller
            control={form.control}
            name="prezzo"
            render={({ field }) => <NumberInput id="vendi-prezzo" unit="€" value={field.value as number | undefined} onChange={(v) => field.onChange(v ?? undefined)} onBlur={field.onBlur} error={errors.prezzo?.message} testId="vendi-prezzo" />}
          />
        </FormField>
        <FormField id="vendi-unita" label="Per" required error={errors.unita?.message} className="col-5 sm:col-3">
          <Controller
            control={form.control}
            name="unita"
            render={({ field }) => (
              <Dropdown
                inputId="vendi-unita"
                value={field.value as string}
                options={units.map((u) => ({ value: u, label: UNITA_PREZZO_VENDITA_LABELS[u] }))}
                onChange={(e) => field.onChange(e.value as string)}
                className="w-full"
                pt={dropdownPt('Prezzo per')}
              />
            )}
          />
        </FormField>
        <FormField id="vendi-documento" label="Documento" required error={errors.documento?.message} className="col-12 sm:col-4" hint="DDT o fattura">
          <InputText id="vendi-documento" className="w-full" maxLength={100} {...form.register('documento')} {...invalidProps('vendi-documento', errors.documento?.message)} data-testid="vendi-documento" />
        </FormField>
      </div>
    </FormDialog>
  );
}

/** Sposta to another place; for a lot, optionally only some pieces (they become a lot of their own). */
export function SpostaDialog<V>({ title, current, lotto, onSave, onClose }: OperationProps<V> & { current?: string | null; lotto?: { pezzi: number } }) {
  const ubicazioni = useStockUbicazioni();
  const form = useForm<FieldValues, unknown, V>({
    resolver: zodResolver(spostaLottoSchema) as unknown as Resolver<FieldValues, unknown, V>,
    defaultValues: {},
    mode: 'onTouched',
    shouldFocusError: false,
  });
  const errors = form.formState.errors as Record<string, { message?: string } | undefined>;
  return (
    <FormDialog name="sposta" title={title} form={form} fieldNames={['ubicazioneId', 'pezzi']} onSave={onSave} onClose={onClose} width="30rem" saveLabel="Sposta" saveIcon="pi pi-map-marker">
      <p className="mt-0 text-color-secondary">Ora è in: {current ?? 'nessuna ubicazione'}.</p>
      <div className="formgrid grid">
        <FormField id="sposta-ubicazione" label="Nuova ubicazione" required error={errors.ubicazioneId?.message} className="col-12">
          <Controller
            control={form.control}
            name="ubicazioneId"
            render={({ field }) => (
              <Dropdown
                inputId="sposta-ubicazione"
                value={(field.value as string | undefined) ?? null}
                options={(ubicazioni.data ?? []).filter((u) => u.nome !== current)}
                optionLabel="nome"
                optionValue="_id"
                placeholder={ubicazioni.isPending ? 'Caricamento…' : 'Scegli il posto'}
                onChange={(e) => field.onChange(e.value as string)}
                onBlur={field.onBlur}
                className="w-full"
                pt={dropdownPt('Nuova ubicazione')}
                {...invalidProps('sposta-ubicazione', errors.ubicazioneId?.message)}
                data-testid="sposta-ubicazione"
              />
            )}
          />
        </FormField>
        {lotto && (
          <FormField id="sposta-pezzi" label="Pezzi da spostare" error={errors.pezzi?.message} className="col-12" hint={`Vuoto: tutto il lotto (${formatInteger(lotto.pezzi)} pezzi). Una parte diventa un lotto a sé, con lo stesso codice e un suffisso.`}>
            <Controller
              control={form.control}
              name="pezzi"
              render={({ field }) => <NumberInput id="sposta-pezzi" decimals={0} value={field.value as number | undefined} onChange={(v) => field.onChange(v ?? undefined)} onBlur={field.onBlur} error={errors.pezzi?.message} />}
            />
          </FormField>
        )}
      </div>
    </FormDialog>
  );
}

/** Rotta (a note, required) or Spedisci (the document): one text and a confirmation. */
export function TextOperationDialog<V>({ kind, title, onSave, onClose }: OperationProps<V> & { kind: 'rotta' | 'spedisci' }) {
  const rotta = kind === 'rotta';
  const field = rotta ? 'nota' : 'documento';
  const form = useForm<FieldValues, unknown, V>({
    resolver: zodResolver(rotta ? rottaLastraSchema : spedisciLastraSchema) as unknown as Resolver<FieldValues, unknown, V>,
    defaultValues: { [field]: '' },
    mode: 'onTouched',
    shouldFocusError: false,
  });
  const error = (form.formState.errors as Record<string, { message?: string } | undefined>)[field]?.message;
  return (
    <FormDialog name={kind} title={title} form={form} fieldNames={[field]} onSave={onSave} onClose={onClose} width="30rem" saveLabel={rotta ? 'Segna come rotta' : 'Spedisci'} saveIcon={rotta ? 'pi pi-times-circle' : 'pi pi-truck'}>
      {rotta && <p className="mt-0">La lastra esce dal magazzino e non si vende più: è una scelta definitiva.</p>}
      <div className="formgrid grid">
        <FormField id={`${kind}-${field}`} label={rotta ? 'Come si è rotta' : 'Documento di trasporto'} required error={error} className="col-12">
          <InputText id={`${kind}-${field}`} className="w-full" maxLength={rotta ? 500 : 100} {...form.register(field)} {...invalidProps(`${kind}-${field}`, error)} data-testid={`${kind}-${field}`} />
        </FormField>
      </div>
    </FormDialog>
  );
}

/** Rettifica: the pieces counted in the yard; the difference is what the ledger records. */
export function RettificaDialog<V>({ title, pezzi, onSave, onClose }: OperationProps<V> & { pezzi: number }) {
  const form = useForm<FieldValues, unknown, V>({
    resolver: zodResolver(rettificaLottoSchema) as unknown as Resolver<FieldValues, unknown, V>,
    defaultValues: { motivo: '' },
    mode: 'onTouched',
    shouldFocusError: false,
  });
  const errors = form.formState.errors as Record<string, { message?: string } | undefined>;
  const counted = useWatch({ control: form.control, name: 'pezzi' }) as number | undefined;
  const diff = counted === undefined || counted === null ? null : counted - pezzi;
  return (
    <FormDialog name="rettifica" title={title} form={form} fieldNames={['pezzi', 'motivo']} onSave={onSave} onClose={onClose} width="30rem" saveLabel="Registra la conta" saveIcon="pi pi-calculator">
      <div className="formgrid grid">
        <FormField
          id="rettifica-pezzi"
          label="Pezzi contati"
          required
          error={errors.pezzi?.message}
          className="col-12"
          hint={<span data-testid="rettifica-differenza">{diff === null ? `In magazzino: ${formatInteger(pezzi)} pezzi` : diff === 0 ? 'Nessuna differenza' : `Differenza: ${diff > 0 ? '+' : ''}${formatInteger(diff)} pezzi`}</span>}
        >
          <Controller
            control={form.control}
            name="pezzi"
            render={({ field }) => <NumberInput id="rettifica-pezzi" decimals={0} value={field.value as number | undefined} onChange={(v) => field.onChange(v ?? undefined)} onBlur={field.onBlur} error={errors.pezzi?.message} testId="rettifica-pezzi" />}
          />
        </FormField>
        <FormField id="rettifica-motivo" label="Motivo" required error={errors.motivo?.message} className="col-12">
          <InputText id="rettifica-motivo" className="w-full" maxLength={500} {...form.register('motivo')} {...invalidProps('rettifica-motivo', errors.motivo?.message)} data-testid="rettifica-motivo" />
        </FormField>
      </div>
    </FormDialog>
  );
}
