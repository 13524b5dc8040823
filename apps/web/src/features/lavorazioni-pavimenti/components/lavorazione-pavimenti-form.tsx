import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useDialogForm } from '@/components/form/use-dialog-form';
import type { z } from 'zod';
import { Checkbox } from 'primereact/checkbox';
import { SelectButton } from 'primereact/selectbutton';
import {
  BORDI,
  BORDO_LABELS,
  FINITURA_LABELS,
  FINITURE,
  lavorazionePavimentiCreateSchema,
  type BloccoSegabile,
  type LavorazionePavimenti,
  type LavorazionePavimentiCreate,
  type OriginePavimenti,
} from '@gestcava/contracts';
import { BloccoPickerField } from '@/components/form/picker-fields';
import { ComputedValues } from '@/components/form/computed-values';
import { FormDialog } from '@/components/form/form-dialog';
import { DropdownField } from '@/components/form/dropdown-field';
import { FormField } from '@/components/form/form-field';
import { LongTextArea } from '@/components/form/long-text-area';
import { formatVolume } from '@/lib/format';
import {
  useCreateLavorazionePavimenti,
  blocchiTagliabiliQueryOptions,
} from '../api/lavorazioni-pavimenti';
import { PavimentiFormatoFields } from './pavimenti-formato-fields';
import { PavimentiLastreField } from './pavimenti-lastre-field';
import { mqOf, useLastreScelte } from './use-lastre-scelte';

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
  const scelte = useLastreScelte(lastraIds);
  const { chosen } = scelte;

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
          <PavimentiLastreField
            control={control}
            scelte={scelte}
            id={fid('lastraIds')}
            error={err('lastraIds')}
          />
        )}
        <PavimentiFormatoFields
          control={control}
          setValue={setValue}
          errors={errors}
          formato={{ lunghezzaMm, larghezzaMm }}
        />
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
                  value: mqOf(chosen),
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
