import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useDialogForm } from '@/components/form/use-dialog-form';
import type { z } from 'zod';
import { Checkbox } from 'primereact/checkbox';
import {
  FINITURA_LABELS,
  FINITURE,
  lavorazioneLastreCreateSchema,
  resaTeoricaBlocco,
  type BloccoSegabile,
  type LavorazioneLastre,
  type LavorazioneLastreCreate,
} from '@gestcava/contracts';
import type { PickedAnagrafica } from '@/components/form/anagrafica-picker';
import { AnagraficaPickerField } from '@/components/form/picker-fields';
import { ComputedValues } from '@/components/form/computed-values';
import { FormDialog } from '@/components/form/form-dialog';
import { DropdownField } from '@/components/form/dropdown-field';
import { FormField } from '@/components/form/form-field';
import { LongTextArea } from '@/components/form/long-text-area';
import { formatNumber } from '@/lib/format';
import {
  useCreateLavorazioneLastre,
  useUpdateLavorazioneLastre,
  useMacchinePicker,
  terzistiQueryOptions,
} from '../api/lavorazioni-lastre';
import { formatResa } from './lavorazione-lastre-format';
import { LavorazioneBloccoField } from './lavorazione-blocco-field';
import { LavorazioneSpessoreField } from './lavorazione-spessore-field';

type FormInput = z.input<typeof lavorazioneLastreCreateSchema>;
const FIELD_NAMES = [
  'bloccoId',
  'macchinaId',
  'spessoreMm',
  'finitura',
  'resinatura',
  'contoTerzi',
  'terzistaId',
  'note',
];
const FINITURA_OPTIONS = FINITURE.map((f) => ({ value: f, label: FINITURA_LABELS[f] }));

function toFormValues(lav: LavorazioneLastre | null | undefined): FormInput {
  return {
    bloccoId: lav?.blocco._id ?? '',
    macchinaId: lav?.macchina._id ?? '',
    spessoreMm: lav?.spessoreMm ?? 20,
    finitura: lav?.finitura ?? 'grezzo',
    resinatura: lav?.resinatura ?? false,
    contoTerzi: lav?.contoTerzi ?? false,
    terzistaId: lav?.terzista?._id ?? null,
    note: lav?.note ?? '',
  };
}

/**
 * Planning a sawing (docs/domain.md "Lavorazione lastre"): a disponibile block found by code, the
 * machine, thickness (20/30/40/50 offered), finish, resin, conto terzi with its terzista; the
 * machine's theoretical yield follows thickness and kerf as they are chosen.
 */
export function LavorazioneLastreFormDialog({
  lavorazione,
  onClose,
  onSaved,
}: {
  /** the planned sawing to edit (its block stays); none for a new plan */
  lavorazione?: LavorazioneLastre | null;
  onClose: () => void;
  onSaved: (lav: LavorazioneLastre) => void;
}) {
  const editing = !!lavorazione;
  const create = useCreateLavorazioneLastre();
  const update = useUpdateLavorazioneLastre(lavorazione?._id ?? '');
  const macchine = useMacchinePicker();
  const [blocco, setBlocco] = useState<BloccoSegabile | null>(null);
  const [terzista, setTerzista] = useState<PickedAnagrafica | null>(lavorazione?.terzista ?? null);
  const form = useDialogForm<FormInput, LavorazioneLastreCreate>(
    zodResolver(lavorazioneLastreCreateSchema),
    toFormValues(lavorazione),
  );
  const {
    control,
    reset,
    setValue,
    formState: { errors },
  } = form;
  const [macchinaId, spessoreMm, contoTerzi] = useWatch({
    control,
    name: ['macchinaId', 'spessoreMm', 'contoTerzi'],
  });
  const macchina = macchine.data?.find((m) => m._id === macchinaId);
  // as the server plans it: across the block's largest face, with the machine's kerf and trim
  const misure = lavorazione?.blocco ?? blocco;
  const teorica =
    macchina && misure && typeof spessoreMm === 'number' && spessoreMm > 0
      ? resaTeoricaBlocco(misure, {
          spessoreMm,
          kerfMm: macchina.kerfMm,
          rifiloMm: macchina.rifiloMm,
        })
      : null;

  const close = () => {
    reset(toFormValues(lavorazione));
    onClose();
  };
  const save = async (values: LavorazioneLastreCreate) => {
    const { bloccoId: _blocco, ...plan } = values;
    const saved = editing ? await update.mutateAsync(plan) : await create.mutateAsync(values);
    reset(toFormValues(saved));
    onSaved(saved);
  };
  const err = (name: keyof FormInput) => errors[name]?.message;
  const fid = (name: string) => `lavorazione-${name}`;
  const macchinaOptions = (macchine.data ?? []).map((m) => ({
    value: m._id,
    label: `${m.nome} (taglio ${formatNumber(m.kerfMm)} mm)`,
  }));

  return (
    <FormDialog
      name="lavorazione"
      title={editing ? `Modifica segagione ${lavorazione.codice}` : 'Nuova segagione'}
      form={form}
      fieldNames={FIELD_NAMES}
      onSave={save}
      onClose={close}
      pending={create.isPending || update.isPending}
      width="46rem"
      maximizable
    >
      <div className="formgrid grid">
        <LavorazioneBloccoField
          control={control}
          lavorazione={lavorazione}
          blocco={blocco}
          onPick={setBlocco}
          error={err('bloccoId')}
        />
        <DropdownField
          control={control}
          name="macchinaId"
          id={fid('macchinaId')}
          label="Macchina"
          required
          error={err('macchinaId')}
          options={macchinaOptions}
          cleared=""
          placeholder={macchine.isError ? 'Elenco non disponibile' : 'Scegli la macchina'}
          emptyMessage={
            macchine.isPending ? 'Caricamento…' : 'Nessuna macchina: aggiungile in Impostazioni'
          }
          testId="lavorazione-macchina"
        />
        <LavorazioneSpessoreField control={control} setValue={setValue} error={err('spessoreMm')} />
        <DropdownField
          control={control}
          name="finitura"
          id={fid('finitura')}
          label="Finitura"
          error={err('finitura')}
          options={FINITURA_OPTIONS}
          shown="grezzo"
        />
        <div className="field col-12 md:col-6 flex align-items-end">
          <Controller
            control={control}
            name="resinatura"
            render={({ field }) => (
              <div className="checkbox-field mb-2">
                <Checkbox
                  inputId={fid('resinatura')}
                  checked={field.value === true}
                  onChange={(e) => field.onChange(e.checked === true)}
                />
                <label htmlFor={fid('resinatura')}>Resinatura</label>
              </div>
            )}
          />
        </div>
        <div className="col-12">
          <ComputedValues
            label="Resa teorica calcolata"
            items={[
              {
                key: 'resaTeorica',
                label: macchina
                  ? `Resa teorica massima (${spessoreMm ?? '—'} mm + ${formatNumber(macchina.kerfMm)} mm di taglio, rifilo 2 × ${formatNumber(macchina.rifiloMm)} mm)`
                  : 'Resa teorica massima',
                value: formatResa(teorica) || null,
              },
            ]}
          />
        </div>
        <div className="field col-12 md:col-4">
          <Controller
            control={control}
            name="contoTerzi"
            render={({ field }) => (
              <div className="checkbox-field mt-2">
                <Checkbox
                  inputId={fid('contoTerzi')}
                  checked={field.value === true}
                  onChange={(e) => {
                    field.onChange(e.checked === true);
                    if (!e.checked) {
                      setTerzista(null);
                      setValue('terzistaId', null, { shouldValidate: true });
                    }
                  }}
                />
                <label htmlFor={fid('contoTerzi')}>Conto terzi</label>
              </div>
            )}
          />
        </div>
        {contoTerzi && (
          <FormField
            id={fid('terzistaId')}
            label="Terzista"
            required
            error={err('terzistaId')}
            className="col-12 md:col-8"
          >
            <AnagraficaPickerField
              control={control}
              name="terzistaId"
              cleared={null}
              onPick={setTerzista}
              which="fornitori"
              choices={terzistiQueryOptions}
              id={fid('terzistaId')}
              value={terzista}
              error={err('terzistaId')}
              testId="lavorazione-terzista"
            />
          </FormField>
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
