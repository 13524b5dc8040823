import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useDialogForm } from '@/components/form/use-dialog-form';
import type { z } from 'zod';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { MultiSelect } from 'primereact/multiselect';
import { SelectButton } from 'primereact/selectbutton';
import {
  BORDI,
  BORDO_LABELS,
  FINITURA_LABELS,
  FINITURE,
  FORMATI_PAVIMENTI,
  formatoLabel,
  lavorazionePavimentiCreateSchema,
  sumRounded,
  type BloccoSegabile,
  type LastraTagliabile,
  type LavorazionePavimenti,
  type LavorazionePavimentiCreate,
  type OriginePavimenti,
} from '@gestcava/contracts';
import { BloccoPickerField } from '@/components/form/picker-fields';
import { ComputedValues } from '@/components/form/computed-values';
import { FormDialog } from '@/components/form/form-dialog';
import { DropdownField } from '@/components/form/dropdown-field';
import { FormField } from '@/components/form/form-field';
import { invalidProps } from '@/components/form/form-errors';
import { LongTextArea } from '@/components/form/long-text-area';
import { NumberInput } from '@/components/form/number-input';
import { formatArea, formatVolume } from '@/lib/format';
import {
  useCreateLavorazionePavimenti,
  blocchiTagliabiliQueryOptions,
  useLastreTagliabili,
} from '../api/lavorazioni-pavimenti';

type FormInput = z.input<typeof lavorazionePavimentiCreateSchema>;
const FIELD_NAMES = [
  'bloccoId',
  'lastraIds',
  'lunghezzaMm',
  'larghezzaMm',
  'spessoreMm',
  'finitura',
  'bordo',
  'calibrato',
  'note',
];
const FINITURA_OPTIONS = FINITURE.map((f) => ({ value: f, label: FINITURA_LABELS[f] }));
const BORDO_OPTIONS = BORDI.map((b) => ({ value: b, label: BORDO_LABELS[b] }));
const ORIGINE_OPTIONS: { value: OriginePavimenti; label: string }[] = [
  { value: 'blocco', label: 'Da un blocco' },
  { value: 'lastre', label: 'Da lastre' },
];
const DEFAULTS: FormInput = {
  lunghezzaMm: 305,
  larghezzaMm: 305,
  spessoreMm: 10,
  finitura: 'levigato',
  bordo: 'vivo',
  calibrato: true,
  note: '',
};

/**
 * Planning a tile cut (docs/domain.md "Lavorazione pavimenti"): from a disponibile block found by code or
 * from disponibile slabs (by their code or their bundle's), the format from the presets or typed,
 * thickness, finish, edge and calibration.
 */
export function LavorazionePavimentiFormDialog({
  onClose,
  onSaved,
}: {
  onClose: () => void;
  onSaved: (lav: LavorazionePavimenti) => void;
}) {
  const create = useCreateLavorazionePavimenti();
  const [origine, setOrigine] = useState<OriginePavimenti>('blocco');
  const [blocco, setBlocco] = useState<BloccoSegabile | null>(null);
  const [slabSearch, setSlabSearch] = useState('');
  const lastre = useLastreTagliabili(slabSearch);
  const form = useDialogForm<FormInput, LavorazionePavimentiCreate>(
    zodResolver(lavorazionePavimentiCreateSchema),
    DEFAULTS,
  );
  const {
    control,
    reset,
    setValue,
    formState: { errors },
  } = form;
  const [lunghezzaMm, larghezzaMm, lastraIds] = useWatch({
    control,
    name: ['lunghezzaMm', 'larghezzaMm', 'lastraIds'],
  });
  // the slabs chosen, kept as they were listed, so a choice stays shown (and counted) when the search moves on
  const [known, setKnown] = useState<ReadonlyMap<string, LastraTagliabile>>(new Map());
  const chosen = (lastraIds ?? []).flatMap((id) => known.get(id) ?? []);
  const slabOptions = [
    ...chosen,
    ...(lastre.data ?? []).filter((l) => !lastraIds?.includes(l._id)),
  ];

  const close = () => {
    reset(DEFAULTS);
    onClose();
  };
  const save = async (values: LavorazionePavimentiCreate) => {
    const saved = await create.mutateAsync(values);
    reset(DEFAULTS);
    onSaved(saved);
  };
  const switchOrigine = (to: OriginePavimenti) => {
    setOrigine(to);
    setBlocco(null);
    setValue('bloccoId', undefined);
    setValue('lastraIds', undefined);
  };
  const err = (name: keyof FormInput) => errors[name]?.message;
  const fid = (name: string) => `pavimenti-${name}`;
  const preset = (f: { lunghezzaMm: number; larghezzaMm: number }) => {
    setValue('lunghezzaMm', f.lunghezzaMm, { shouldDirty: true, shouldValidate: true });
    setValue('larghezzaMm', f.larghezzaMm, { shouldDirty: true, shouldValidate: true });
  };

  return (
    <FormDialog
      name="pavimenti"
      title="Nuova lavorazione pavimenti"
      form={form}
      fieldNames={FIELD_NAMES}
      onSave={save}
      onClose={close}
      pending={create.isPending}
      width="46rem"
      maximizable
    >
      <div className="formgrid grid">
        <div className="field col-12">
          <SelectButton
            value={origine}
            options={ORIGINE_OPTIONS}
            onChange={(e) => e.value && switchOrigine(e.value as OriginePavimenti)}
            allowEmpty={false}
            aria-label="Origine"
            data-testid="pavimenti-origine"
          />
        </div>
        {origine === 'blocco' ? (
          <FormField
            id={fid('bloccoId')}
            label="Blocco da tagliare"
            required
            error={err('bloccoId')}
            className="col-12"
            hint={
              blocco
                ? `${blocco.materiale.nome} · ${formatVolume(blocco.volumeNetto)} netti`
                : 'Solo i blocchi disponibili, propri e acquistati'
            }
          >
            <BloccoPickerField
              control={control}
              name="bloccoId"
              onPick={setBlocco}
              choices={blocchiTagliabiliQueryOptions}
              testId="pavimenti-blocco"
              id={fid('bloccoId')}
              value={blocco}
              error={err('bloccoId')}
            />
          </FormField>
        ) : (
          <FormField
            id={fid('lastraIds')}
            label="Lastre da tagliare"
            required
            error={err('lastraIds')}
            className="col-12"
            hint={
              chosen.length
                ? `${chosen.length} lastre · ${formatArea(
                    sumRounded(
                      chosen.map((l) => l.mq),
                      2,
                    ),
                  )}`
                : 'Solo le lastre disponibili di un materiale; cerca per codice della lastra o del pacco'
            }
          >
            <Controller
              control={control}
              name="lastraIds"
              render={({ field }) => (
                <MultiSelect
                  inputId={fid('lastraIds')}
                  value={field.value ?? []}
                  options={slabOptions}
                  optionValue="_id"
                  optionLabel="codice"
                  itemTemplate={(l: LastraTagliabile) => (
                    <span>
                      <strong>{l.codice}</strong> {l.materiale.nome} · {l.spessoreMm} mm ·{' '}
                      {formatArea(l.mq)}{' '}
                      <span className="text-color-secondary">({l.pacco.codice})</span>
                    </span>
                  )}
                  filter
                  filterPlaceholder="Codice della lastra o del pacco"
                  onFilter={(e) => setSlabSearch(e.filter)}
                  onChange={(e) => {
                    const ids = e.value as string[];
                    setKnown(
                      (prev) =>
                        new Map([
                          ...prev,
                          ...slabOptions
                            .filter((l) => ids.includes(l._id))
                            .map((l) => [l._id, l] as const),
                        ]),
                    );
                    field.onChange(ids.length ? ids : undefined);
                  }}
                  onBlur={field.onBlur}
                  display="chip"
                  placeholder="Scegli le lastre"
                  emptyMessage={lastre.isPending ? 'Caricamento…' : 'Nessuna lastra disponibile'}
                  emptyFilterMessage="Nessuna lastra trovata"
                  className={`w-full${err('lastraIds') ? ' p-invalid' : ''}`}
                  {...invalidProps(fid('lastraIds'), err('lastraIds'))}
                  data-testid="pavimenti-lastre"
                />
              )}
            />
          </FormField>
        )}
        <div className="field col-12">
          <span className="block mb-2 font-medium" id="pavimenti-formati-label">
            Formato
          </span>
          <div
            className="flex flex-wrap gap-1"
            role="group"
            aria-labelledby="pavimenti-formati-label"
          >
            {FORMATI_PAVIMENTI.map((f) => {
              const on = lunghezzaMm === f.lunghezzaMm && larghezzaMm === f.larghezzaMm;
              return (
                <Button
                  key={formatoLabel(f)}
                  type="button"
                  label={formatoLabel(f)}
                  size="small"
                  outlined={!on}
                  aria-pressed={on}
                  onClick={() => preset(f)}
                  data-testid={`pavimenti-formato-${formatoLabel(f)}`}
                />
              );
            })}
          </div>
        </div>
        <FormField
          id={fid('lunghezzaMm')}
          label="Lunghezza"
          required
          error={err('lunghezzaMm')}
          className="col-6 md:col-4"
        >
          <Controller
            control={control}
            name="lunghezzaMm"
            render={({ field }) => (
              <NumberInput
                id={fid('lunghezzaMm')}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                decimals={0}
                unit="mm"
                error={err('lunghezzaMm')}
              />
            )}
          />
        </FormField>
        <FormField
          id={fid('larghezzaMm')}
          label="Larghezza"
          required
          error={err('larghezzaMm')}
          className="col-6 md:col-4"
        >
          <Controller
            control={control}
            name="larghezzaMm"
            render={({ field }) => (
              <NumberInput
                id={fid('larghezzaMm')}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                decimals={0}
                unit="mm"
                error={err('larghezzaMm')}
              />
            )}
          />
        </FormField>
        <FormField
          id={fid('spessoreMm')}
          label="Spessore"
          required
          error={err('spessoreMm')}
          className="col-12 md:col-4"
        >
          <Controller
            control={control}
            name="spessoreMm"
            render={({ field }) => (
              <NumberInput
                id={fid('spessoreMm')}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                decimals={0}
                unit="mm"
                error={err('spessoreMm')}
              />
            )}
          />
        </FormField>
        <DropdownField
          control={control}
          name="finitura"
          id={fid('finitura')}
          label="Finitura"
          error={err('finitura')}
          options={FINITURA_OPTIONS}
          shown="levigato"
        />
        <DropdownField
          control={control}
          name="bordo"
          id={fid('bordo')}
          label="Bordo"
          error={err('bordo')}
          options={BORDO_OPTIONS}
          shown="vivo"
        />
        <div className="field col-12">
          <Controller
            control={control}
            name="calibrato"
            render={({ field }) => (
              <div className="checkbox-field">
                <Checkbox
                  inputId={fid('calibrato')}
                  checked={field.value !== false}
                  onChange={(e) => field.onChange(e.checked === true)}
                />
                <label htmlFor={fid('calibrato')}>Calibrato</label>
              </div>
            )}
          />
        </div>
        {origine === 'lastre' && chosen.length > 0 && (
          <div className="col-12">
            <ComputedValues
              label="Lastre scelte"
              items={[
                {
                  key: 'mqLastre',
                  label: `m² delle ${chosen.length} lastre`,
                  value: formatArea(
                    sumRounded(
                      chosen.map((l) => l.mq),
                      2,
                    ),
                  ),
                },
              ]}
            />
          </div>
        )}
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
