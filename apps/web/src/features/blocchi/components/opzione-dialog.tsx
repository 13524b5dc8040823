import { useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ActionDialog } from '@/components/form/action-dialog';
import { InputTextarea } from 'primereact/inputtextarea';
import { bloccoStatoBodySchema, type BloccoStatoBody } from '@gestcava/contracts';
import { FormField } from '@/components/form/form-field';
import { DateInput } from '@/components/form/date-input';
import { todayIso } from '@/lib/iso-date';
import { useChangeBloccoStato, anagraficheChoicesQueryOptions } from '../api/blocchi';
import type { BloccoMoveDialogProps } from './blocco-moves';
import type { PickedAnagrafica } from '@/components/form/anagrafica-picker';
import { AnagraficaPickerField } from '@/components/form/picker-fields';

type Values = {
  stato: 'opzionato';
  clienteId?: string;
  opzioneScadenza?: string | null;
  nota?: string | null;
};

/**
 * Opzionare a block (docs/domain.md): the cliente it is held for and until when. After the expiry it
 * counts as disponibile again by itself. A renewal keeps the cliente unless changed.
 */
export function OpzioneDialog({ kind, blocco, onClose, onDone }: BloccoMoveDialogProps) {
  const move = useChangeBloccoStato(kind, blocco._id);
  const renewing = blocco.stato === 'opzionato';
  const [cliente, setCliente] = useState<PickedAnagrafica | null>(renewing ? blocco.cliente : null);
  const form = useForm<Values, unknown, BloccoStatoBody>({
    resolver: zodResolver(bloccoStatoBodySchema) as unknown as Resolver<
      Values,
      unknown,
      BloccoStatoBody
    >,
    defaultValues: {
      stato: 'opzionato',
      clienteId: renewing ? blocco.cliente?._id : undefined,
      opzioneScadenza:
        renewing && blocco.opzioneScadenza ? blocco.opzioneScadenza.slice(0, 10) : todayIso(14),
      nota: '',
    },
  });
  const {
    control,
    register,
    formState: { errors },
  } = form;

  return (
    <ActionDialog
      name="opzione"
      title={renewing ? `Opzione su ${blocco.codice}` : `Opziona ${blocco.codice}`}
      width="34rem"
      form={form}
      fieldNames={['clienteId', 'opzioneScadenza', 'nota']}
      failure="Opzione non registrata: riprova."
      onSave={async (body) => onDone(await move.mutateAsync(body))}
      onClose={onClose}
      pending={move.isPending}
      submit={{ label: 'Opziona', icon: 'pi pi-bookmark' }}
      intro="Il blocco resta riservato al cliente fino alla scadenza; dopo torna disponibile da solo."
    >
      <div className="formgrid grid">
        <FormField
          id="opzione-cliente"
          label="Cliente"
          required
          error={errors.clienteId?.message}
          className="col-12"
        >
          <AnagraficaPickerField
            control={control}
            name="clienteId"
            onPick={setCliente}
            which="clienti"
            choices={(q) => anagraficheChoicesQueryOptions(kind, 'clienti', q)}
            id="opzione-cliente"
            value={cliente}
            error={errors.clienteId?.message}
            testId="opzione-cliente"
          />
        </FormField>
        <FormField
          id="opzione-scadenza"
          label="Scadenza dell'opzione"
          required
          error={errors.opzioneScadenza?.message}
          className="col-12 sm:col-6"
          hint="Fino a fine giornata"
        >
          <Controller
            control={control}
            name="opzioneScadenza"
            render={({ field }) => (
              <DateInput
                id="opzione-scadenza"
                value={field.value}
                onChange={(v) => field.onChange(v ?? undefined)}
                onBlur={field.onBlur}
                min={todayIso()}
                error={errors.opzioneScadenza?.message}
              />
            )}
          />
        </FormField>
        <FormField id="opzione-nota" label="Nota" error={errors.nota?.message} className="col-12">
          <InputTextarea
            id="opzione-nota"
            rows={2}
            maxLength={500}
            className="w-full"
            {...register('nota')}
          />
        </FormField>
      </div>
    </ActionDialog>
  );
}
