import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useDialogForm } from '@/components/form/use-dialog-form';
import { InputText } from 'primereact/inputtext';
import {
  collaudoCreateSchema,
  RESE_SUGGERITE,
  type Collaudo,
  type CollaudoCreate,
  type CollaudoCreateInput,
} from '@gestcava/contracts';
import type { PickedAnagrafica } from '@/components/form/anagrafica-picker';
import { AnagraficaPickerField } from '@/components/form/picker-fields';
import { DateInput } from '@/components/form/date-input';
import { FormDialog } from '@/components/form/form-dialog';
import { FormField } from '@/components/form/form-field';
import { invalidProps } from '@/components/form/form-errors';
import { LongTextArea } from '@/components/form/long-text-area';
import { todayIso } from '@/lib/iso-date';
import {
  useCreateCollaudo,
  useUpdateCollaudo,
  clientiSelezionabiliQueryOptions,
} from '../api/collaudi';

const FIELD_NAMES = [
  'data',
  'clienteId',
  'luogo',
  'ispettore',
  'ispettoreSocieta',
  'resa',
  'carico',
  'pagamento',
  'riferimentoOrdine',
  'note',
];
type TextName =
  | 'luogo'
  | 'ispettore'
  | 'ispettoreSocieta'
  | 'resa'
  | 'carico'
  | 'pagamento'
  | 'riferimentoOrdine';
const LIMITS: Record<TextName, number> = {
  luogo: 200,
  ispettore: 200,
  ispettoreSocieta: 200,
  resa: 100,
  carico: 200,
  pagamento: 200,
  riferimentoOrdine: 100,
};
const RESE_LIST = 'collaudo-rese-suggerite';

const defaultsOf = (c?: Collaudo): CollaudoCreateInput =>
  c
    ? {
        data: c.data,
        clienteId: c.cliente._id,
        luogo: c.luogo ?? '',
        ispettore: c.ispettore ?? '',
        ispettoreSocieta: c.ispettoreSocieta ?? '',
        resa: c.resa ?? '',
        carico: c.carico ?? '',
        pagamento: c.pagamento ?? '',
        riferimentoOrdine: c.riferimentoOrdine ?? '',
        note: c.note ?? '',
      }
    : {
        data: todayIso(),
        clienteId: '',
        luogo: '',
        ispettore: '',
        ispettoreSocieta: '',
        resa: '',
        carico: '',
        pagamento: '',
        riferimentoOrdine: '',
        note: '',
      };

/**
 * A new collaudo (programmato) or its header changed: date (today by default), cliente (from the
 * module's own picker; fixed once blocks are in, as they may be optioned for it), place,
 * inspector, order reference, notes.
 */
export function CollaudoFormDialog({
  record,
  onClose,
  onSaved,
}: {
  record?: Collaudo;
  onClose: () => void;
  onSaved: (c: Collaudo) => void;
}) {
  const create = useCreateCollaudo();
  const update = useUpdateCollaudo(record?._id ?? '');
  const [cliente, setCliente] = useState<PickedAnagrafica | null>(record ? record.cliente : null);
  const clienteFixed = record !== undefined && record.righe.length > 0;
  const form = useDialogForm<CollaudoCreateInput, CollaudoCreate>(
    zodResolver(collaudoCreateSchema),
    defaultsOf(record),
  );
  const {
    control,
    register,
    formState: { errors },
  } = form;
  const err = (name: keyof CollaudoCreateInput) => errors[name]?.message;
  const fid = (name: string) => `collaudo-${name}`;

  const save = async (values: CollaudoCreate) => {
    if (!record) {
      onSaved(await create.mutateAsync(values));
      return;
    }
    const { clienteId, ...header } = values;
    onSaved(
      await update.mutateAsync(
        clienteFixed || clienteId === record.cliente._id ? header : { ...header, clienteId },
      ),
    );
  };

  const text = (name: TextName, label: string, className = 'col-12 md:col-6', list?: string) => (
    <FormField id={fid(name)} label={label} error={err(name)} className={className}>
      <InputText
        id={fid(name)}
        autoComplete="off"
        list={list}
        maxLength={LIMITS[name]}
        className={`w-full${err(name) ? ' p-invalid' : ''}`}
        {...invalidProps(fid(name), err(name))}
        {...register(name)}
      />
    </FormField>
  );

  return (
    <FormDialog
      name="collaudo"
      title={record ? `Modifica ${record.codice}` : 'Nuovo collaudo'}
      form={form}
      fieldNames={FIELD_NAMES}
      onSave={save}
      onClose={onClose}
      pending={create.isPending || update.isPending}
      draftOf={record?._id ?? 'nuovo'}
      width="40rem"
    >
      <div className="formgrid grid">
        <FormField
          id={fid('data')}
          label="Data"
          required
          error={err('data')}
          className="col-12 md:col-6"
        >
          <Controller
            control={control}
            name="data"
            render={({ field }) => (
              <DateInput
                id={fid('data')}
                value={field.value}
                onChange={(v) => field.onChange(v ?? '')}
                onBlur={field.onBlur}
                error={err('data')}
                testId="collaudo-data"
              />
            )}
          />
        </FormField>
        <FormField
          id={fid('clienteId')}
          label="Cliente"
          required
          error={err('clienteId')}
          className="col-12 md:col-6"
          hint={clienteFixed ? 'Non si cambia più: il collaudo ha già dei blocchi' : undefined}
        >
          {clienteFixed ? (
            <InputText
              id={fid('clienteId')}
              value={record.cliente.ragioneSociale}
              readOnly
              className="w-full"
            />
          ) : (
            <AnagraficaPickerField
              control={control}
              name="clienteId"
              cleared=""
              onPick={setCliente}
              which="clienti"
              choices={clientiSelezionabiliQueryOptions}
              id={fid('clienteId')}
              value={cliente}
              error={err('clienteId')}
              testId="collaudo-cliente"
            />
          )}
        </FormField>
        {text('luogo', 'Luogo')}
        {text('ispettore', 'Ispettore del compratore')}
        {text('ispettoreSocieta', 'Società dell’ispettore')}
        {text('riferimentoOrdine', 'Riferimento ordine')}
        {/* the usual delivery bases offered, any other text typed freely */}
        {text('resa', 'Resa', 'col-12 md:col-6', RESE_LIST)}
        <datalist id={RESE_LIST}>
          {RESE_SUGGERITE.map((r) => (
            <option key={r} value={r} />
          ))}
        </datalist>
        {text('carico', 'Carico')}
        {text('pagamento', 'Pagamento')}
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
