import { Controller } from 'react-hook-form';
import { InputText } from 'primereact/inputtext';
import { BANCATA_STATO_LABELS, type BancataStato, type Blocco } from '@gestcava/contracts';
import { FormField } from '@/components/form/form-field';
import { DateField } from '@/components/form/date-field';
import { AnagraficaPicker, type PickedAnagrafica } from '@/components/form/anagrafica-picker';
import { invalidProps } from '@/components/form/form-errors';
import { DropdownField } from '@/components/form/dropdown-field';
import { todayIso } from '@/lib/iso-date';
import {
  anagraficheChoicesQueryOptions,
  type BancataChoice,
  type BloccoKind,
} from '../api/blocchi';
import { fid, type BancataOrigin } from './blocco-form-values';
import { BLOCCO_FIELD_LABELS as L, UNITA_PREZZO_ACQUISTO_OPTIONS } from './blocco-format';
import { BloccoChoiceField, BloccoNumberField, type BloccoForm } from './blocco-form-fields';

/**
 * Where an own blocco comes from: its bancata, fixed (edit, or added from the bancata's page) or
 * chosen among those ribaltate or in riquadratura.
 */
export function BancataOriginField({
  form,
  blocco,
  bancata,
  choices,
}: {
  form: BloccoForm;
  blocco?: Blocco | null;
  bancata?: BancataOrigin | null;
  /** the bancate to choose from; none when the origin is fixed */
  choices: { data?: BancataChoice[]; isPending: boolean } | null;
}) {
  const error = form.formState.errors.bancataId?.message;
  if (!choices)
    return (
      <FormField
        id={fid('bancataId')}
        label="Bancata"
        required
        error={error}
        className="col-12 md:col-6"
      >
        <InputText
          id={fid('bancataId')}
          value={blocco?.bancata?.codice ?? bancata?.codice ?? ''}
          readOnly
          className="w-full"
        />
      </FormField>
    );
  return (
    <DropdownField
      control={form.control}
      name="bancataId"
      id={fid('bancataId')}
      label="Bancata"
      required
      error={error}
      className="col-12 md:col-6"
      options={(choices.data ?? []).map((c) => ({
        value: c._id,
        label: `${c.codice} · ${c.cava.nome} · ${c.materiale.nome} (${BANCATA_STATO_LABELS[c.stato as BancataStato] ?? c.stato})`,
      }))}
      // the blocco's stone is its bancata's unless changed
      onPick={(id) => {
        const chosen = choices.data?.find((c) => c._id === id);
        if (chosen) form.setValue('materialeId', chosen.materiale._id, { shouldDirty: true });
      }}
      loading={choices.isPending}
      placeholder="Scegli la bancata"
      emptyMessage="Nessuna bancata ribaltata o in riquadratura"
      filterPlaceholder="Cerca per codice"
    />
  );
}

/** The day an own blocco was squared: its production date, today unless said otherwise. */
export function DataRiquadraturaField({ form }: { form: BloccoForm }) {
  return (
    <DateField
      control={form.control}
      name="dataRiquadratura"
      id={fid('dataRiquadratura')}
      label={L.dataRiquadratura ?? ''}
      required
      error={form.formState.errors.dataRiquadratura?.message}
      className="col-12 md:col-6"
      hint="Il giorno in cui il blocco è stato riquadrato: la produzione lo conta in quel giorno"
      max={todayIso()}
    />
  );
}

/** Where a bought-in blocco comes from: the fornitore, its number there, and the purchase. */
export function AcquistoFields({
  form,
  kind,
  fornitore,
  onFornitore,
}: {
  form: BloccoForm;
  kind: BloccoKind;
  fornitore: PickedAnagrafica | null;
  onFornitore: (fornitore: PickedAnagrafica | null) => void;
}) {
  const { control, register } = form;
  const err = (name: 'fornitoreId' | 'numeroFornitore' | 'dataAcquisto') =>
    form.formState.errors[name]?.message;
  return (
    <>
      <FormField
        id={fid('fornitoreId')}
        label="Fornitore"
        required
        error={err('fornitoreId')}
        className="col-12 md:col-6"
      >
        <Controller
          control={control}
          name="fornitoreId"
          render={({ field }) => (
            <AnagraficaPicker
              which="fornitori"
              choices={(q) => anagraficheChoicesQueryOptions(kind, 'fornitori', q)}
              id={fid('fornitoreId')}
              value={fornitore}
              onChange={(v) => {
                onFornitore(v);
                field.onChange(v?._id ?? '');
              }}
              onBlur={field.onBlur}
              error={err('fornitoreId')}
              testId="blocco-fornitore"
            />
          )}
        />
      </FormField>
      <FormField
        id={fid('numeroFornitore')}
        label={L.numeroFornitore ?? ''}
        error={err('numeroFornitore')}
        className="col-12 md:col-6"
        hint="Il numero del blocco per il fornitore o la cava d'origine"
      >
        <InputText
          id={fid('numeroFornitore')}
          maxLength={60}
          autoComplete="off"
          className={`w-full${err('numeroFornitore') ? ' p-invalid' : ''}`}
          {...invalidProps(fid('numeroFornitore'), err('numeroFornitore'))}
          {...register('numeroFornitore')}
        />
      </FormField>
      <DateField
        control={control}
        name="dataAcquisto"
        id={fid('dataAcquisto')}
        label={L.dataAcquisto ?? ''}
        required
        error={err('dataAcquisto')}
        className="col-12 sm:col-4"
        max={todayIso()}
      />
      <BloccoNumberField form={form} name="prezzoAcquisto" unit="€" decimals={2} required />
      <BloccoChoiceField
        form={form}
        name="unitaPrezzoAcquisto"
        options={UNITA_PREZZO_ACQUISTO_OPTIONS}
        label="Il prezzo è"
      />
      <BloccoNumberField form={form} name="costoTrasporto" unit="€" decimals={2} />
    </>
  );
}
