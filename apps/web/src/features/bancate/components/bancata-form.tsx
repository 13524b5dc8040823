import { Controller, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useDialogForm } from '@/components/form/use-dialog-form';
import { InputText } from 'primereact/inputtext';
import { Dropdown } from 'primereact/dropdown';
import {
  bancataCreateSchema,
  pesoT,
  volumeM3,
  type Bancata,
  type BancataCreate,
  type BancataCreateInput,
} from '@gestcava/contracts';
import { FormField } from '@/components/form/form-field';
import { LongTextArea } from '@/components/form/long-text-area';
import { NumberInput } from '@/components/form/number-input';
import { DateInput } from '@/components/form/date-input';
import { todayIso } from '@/lib/iso-date';
import { LookupDropdown } from '@/components/form/lookup-dropdown';
import { ComputedValues } from '@/components/form/computed-values';
import { FormDialog } from '@/components/form/form-dialog';
import { invalidProps } from '@/components/form/form-errors';
import { formatNumber, formatVolume, formatWeight } from '@/lib/format';
import { useLookups } from '@/lib/lookups';
import { positive } from '@/lib/production-format';
import { useCreateBancata, useUpdateBancata } from '../api/bancate';
import { BANCATA_FIELD_LABELS as L, METODO_TAGLIO_OPTIONS } from './bancata-format';
import { dropdownPt } from '@/components/form/dropdown-a11y';

const FIELD_NAMES = Object.keys(bancataCreateSchema.shape);

function toFormValues(b: Bancata | null | undefined): BancataCreateInput {
  return {
    cavaId: b?.cava._id ?? '',
    fronte: b?.fronte ?? '',
    materialeId: b?.materiale._id ?? '',
    dataTaglio: b?.dataTaglio ?? todayIso(),
    dataRibaltamento: b?.dataRibaltamento ?? null,
    lunghezza: b?.lunghezza as number,
    altezza: b?.altezza as number,
    profondita: b?.profondita as number,
    metodoTaglio: b?.metodoTaglio ?? null,
    informiT: b?.informiT ?? null,
    scaglieT: b?.scaglieT ?? null,
    scaglieScureT: b?.scaglieScureT ?? null,
    scogliereT: b?.scogliereT ?? null,
    terreT: b?.terreT ?? null,
    note: b?.note ?? '',
  };
}

/**
 * A bancata, new or edited, in a dialog (docs/screens.md): the contract's schema checks each field as
 * it is left and on save; volume and estimated weight follow the measures as they are typed.
 */
export function BancataFormDialog({
  bancata,
  onClose,
  onSaved,
}: {
  bancata?: Bancata | null;
  onClose: () => void;
  onSaved: (bancata: Bancata) => void;
}) {
  const editing = !!bancata;
  const create = useCreateBancata();
  const update = useUpdateBancata(bancata?._id ?? '');
  const materiali = useLookups('materiali');
  const form = useDialogForm<BancataCreateInput, BancataCreate>(
    zodResolver(bancataCreateSchema),
    toFormValues(bancata),
  );
  const {
    control,
    register,
    reset,
    formState: { errors },
  } = form;
  const [lunghezza, altezza, profondita, materialeId] = useWatch({
    control,
    name: ['lunghezza', 'altezza', 'profondita', 'materialeId'],
  });

  const densita =
    materiali.data?.find((m) => m._id === materialeId)?.densita ??
    (bancata?.materiale._id === materialeId ? bancata?.materiale.densita : undefined);
  const [l, h, p] = [positive(lunghezza), positive(altezza), positive(profondita)];
  const volume = l && h && p ? volumeM3(l, h, p) : null;
  const peso = volume !== null && densita ? pesoT(volume, densita) : null;

  const close = () => {
    reset(toFormValues(bancata));
    onClose();
  };
  const save = async (values: BancataCreate) => {
    const saved = editing ? await update.mutateAsync(values) : await create.mutateAsync(values);
    reset(toFormValues(saved));
    onSaved(saved);
  };

  const err = (name: keyof BancataCreateInput) => errors[name]?.message;
  const fid = (name: string) => `bancata-${name}`;
  const title = editing ? `Modifica bancata ${bancata.codice}` : 'Nuova bancata';

  const cm = (name: 'lunghezza' | 'altezza' | 'profondita') => (
    <FormField
      id={fid(name)}
      label={L[name] ?? name}
      required
      error={err(name)}
      className="col-12 sm:col-4"
    >
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <NumberInput
            id={fid(name)}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            decimals={0}
            unit="cm"
            error={err(name)}
          />
        )}
      />
    </FormField>
  );
  const tonnes = (name: 'informiT' | 'scaglieT' | 'scaglieScureT' | 'scogliereT' | 'terreT') => (
    <FormField
      id={fid(name)}
      label={L[name] ?? name}
      error={err(name)}
      className="col-12 sm:col-4"
      hint={
        name === 'informiT'
          ? 'Quelli non registrati come blocchi: gli informi registrati contano col loro peso'
          : undefined
      }
    >
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <NumberInput
            id={fid(name)}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            decimals={2}
            unit="t"
            error={err(name)}
          />
        )}
      />
    </FormField>
  );

  return (
    <FormDialog
      name="bancata"
      title={title}
      form={form}
      fieldNames={FIELD_NAMES}
      onSave={save}
      onClose={close}
      draftOf={bancata?._id ?? 'nuova'}
      pending={create.isPending || update.isPending}
      width="52rem"
      maximizable
    >
      <div className="formgrid grid">
        <h3 className="form-section-title col-12">Provenienza</h3>
        <FormField id={fid('cavaId')} label="Cava" required error={err('cavaId')}>
          <Controller
            control={control}
            name="cavaId"
            render={({ field }) => (
              <LookupDropdown
                kind="cave"
                id={fid('cavaId')}
                label="Cava"
                value={field.value}
                onChange={(v) => field.onChange(v ?? '')}
                onBlur={field.onBlur}
                error={err('cavaId')}
                placeholder="Scegli la cava"
              />
            )}
          />
        </FormField>
        <FormField id={fid('fronte')} label={L.fronte ?? 'Fronte'} error={err('fronte')}>
          <InputText
            id={fid('fronte')}
            maxLength={80}
            autoComplete="off"
            className={`w-full${err('fronte') ? ' p-invalid' : ''}`}
            {...invalidProps(fid('fronte'), err('fronte'))}
            {...register('fronte')}
          />
        </FormField>
        <FormField id={fid('materialeId')} label="Materiale" required error={err('materialeId')}>
          <Controller
            control={control}
            name="materialeId"
            render={({ field }) => (
              <LookupDropdown
                kind="materiali"
                id={fid('materialeId')}
                label="Materiale"
                value={field.value}
                onChange={(v) => field.onChange(v ?? '')}
                onBlur={field.onBlur}
                error={err('materialeId')}
                placeholder="Scegli il materiale"
              />
            )}
          />
        </FormField>
        <FormField
          id={fid('metodoTaglio')}
          label={L.metodoTaglio ?? 'Metodo'}
          error={err('metodoTaglio')}
        >
          <Controller
            control={control}
            name="metodoTaglio"
            render={({ field }) => (
              <Dropdown
                inputId={fid('metodoTaglio')}
                pt={dropdownPt('Metodo di taglio')}
                value={field.value ?? null}
                options={METODO_TAGLIO_OPTIONS}
                onChange={(e) => field.onChange((e.value as string | undefined) ?? null)}
                onBlur={field.onBlur}
                placeholder="Non indicato"
                showClear
                className="w-full"
              />
            )}
          />
        </FormField>
        <FormField
          id={fid('dataTaglio')}
          label={L.dataTaglio ?? 'Data'}
          required
          error={err('dataTaglio')}
        >
          <Controller
            control={control}
            name="dataTaglio"
            render={({ field }) => (
              <DateInput
                id={fid('dataTaglio')}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={err('dataTaglio')}
              />
            )}
          />
        </FormField>
        <FormField
          id={fid('dataRibaltamento')}
          label={L.dataRibaltamento ?? 'Data'}
          error={err('dataRibaltamento')}
          hint="Se vuota, la mette il passaggio a «Ribaltata»"
        >
          <Controller
            control={control}
            name="dataRibaltamento"
            render={({ field }) => (
              <DateInput
                id={fid('dataRibaltamento')}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={err('dataRibaltamento')}
              />
            )}
          />
        </FormField>

        <h3 className="form-section-title col-12">Misure</h3>
        {cm('lunghezza')}
        {cm('altezza')}
        {cm('profondita')}
        <div className="col-12">
          <ComputedValues
            label="Volume e peso calcolati"
            items={[
              {
                key: 'volumeLordo',
                label: 'Volume lordo',
                value: volume !== null ? formatVolume(volume) : null,
              },
              {
                key: 'pesoStimato',
                label: densita ? `Peso stimato (${formatNumber(densita, 2)} t/m³)` : 'Peso stimato',
                value: peso !== null ? formatWeight(peso) : null,
              },
            ]}
          />
        </div>

        <h3 className="form-section-title col-12">Sottoprodotti</h3>
        {tonnes('informiT')}
        {tonnes('scaglieT')}
        {tonnes('scaglieScureT')}
        {tonnes('scogliereT')}
        {tonnes('terreT')}

        <FormField id={fid('note')} label="Note" error={err('note')} className="col-12">
          <LongTextArea
            control={control}
            name="note"
            id={fid('note')}
            max={2000}
            error={err('note')}
          />
        </FormField>
      </div>
    </FormDialog>
  );
}
