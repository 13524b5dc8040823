import { useState } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Dialog } from 'primereact/dialog';
import { escapeClosesOverlayFirst } from '@/components/form/dialog-escape';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputTextarea } from 'primereact/inputtextarea';
import {
  CATEGORIA_LABELS,
  SCELTA_LABELS,
  UNITA_PREZZO_LABELS,
  bloccoDeclassaBodySchema,
  type Blocco,
  type BloccoDeclassaBody,
} from '@gestcava/contracts';
import { FormField } from '@/components/form/form-field';
import { FormAlert } from '@/components/form/form-alert';
import { applyServerErrors, invalidProps } from '@/components/form/form-errors';
import { useDeclassaBlocco, type BloccoKind } from '../api/blocchi';
import { UNITA_PREZZO_OPTIONS } from './blocco-format';
import { lowerOptions } from './blocco-moves';
import { dropdownPt } from '@/components/form/dropdown-a11y';

type Values = { scelta?: string; categoria?: string; unitaPrezzo?: string; nota: string };

/**
 * Declassamento (DESIGN §4): a lower grade or category, with the reason (required); the block
 * stays sellable and history keeps the reason. An informe is priced by the quintale unless told.
 */
export function DeclassaDialog({
  kind,
  blocco,
  onClose,
  onDone,
}: {
  kind: BloccoKind;
  blocco: Blocco;
  onClose: () => void;
  onDone: (saved: Blocco) => void;
}) {
  const declassa = useDeclassaBlocco(kind, blocco._id);
  const { scelte, categorie } = lowerOptions(blocco);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, BloccoDeclassaBody>({
    resolver: zodResolver(bloccoDeclassaBodySchema) as unknown as Resolver<Values, unknown, BloccoDeclassaBody>,
    defaultValues: { nota: '' },
  });
  const categoria = useWatch({ control, name: 'categoria' });
  const pending = isSubmitting || declassa.isPending;
  const onSubmit = async (body: BloccoDeclassaBody) => {
    setFormError(null);
    try {
      onDone(await declassa.mutateAsync(body));
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['scelta', 'categoria', 'unitaPrezzo', 'nota'], 'Declassamento non registrato: riprova.'));
    }
  };
  const title = `Declassa ${blocco.codice}`;
  const select = (name: 'scelta' | 'categoria' | 'unitaPrezzo', label: string, options: { value: string; label: string }[], placeholder: string) => (
    <FormField id={`declassa-${name}`} label={label} error={errors[name]?.message} className="col-12 sm:col-6">
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Dropdown
            inputId={`declassa-${name}`}
            pt={dropdownPt(label)}
            value={field.value ?? null}
            options={options}
            onChange={(e) => field.onChange((e.value as string | null | undefined) ?? undefined)}
            placeholder={placeholder}
            showClear
            disabled={options.length === 0}
            className={`w-full${errors[name] ? ' p-invalid' : ''}`}
            {...invalidProps(`declassa-${name}`, errors[name]?.message)}
          />
        )}
      />
    </FormField>
  );

  return (
    <Dialog
      visible
      onHide={() => !pending && onClose()}
      {...escapeClosesOverlayFirst(() => !pending && onClose())}
      header={title}
      modal
      style={{ width: '36rem' }}
      breakpoints={{ '640px': '100vw' }}
      data-testid="declassa-dialog"
      footer={
        <div className="flex flex-wrap justify-content-end gap-2">
          <Button type="button" label="Annulla" outlined onClick={onClose} disabled={pending} />
          <Button type="submit" form="declassa-form" label="Declassa" icon="pi pi-arrow-down" severity="warning" loading={pending} data-testid="declassa-save" />
        </div>
      }
    >
      <form id="declassa-form" noValidate onSubmit={(e) => void handleSubmit(onSubmit)(e)} aria-label={title}>
        <p className="mt-0 text-color-secondary">
          Oggi: scelta <strong>{SCELTA_LABELS[blocco.scelta]}</strong>, <strong>{CATEGORIA_LABELS[blocco.categoria]}</strong>, prezzo in{' '}
          {UNITA_PREZZO_LABELS[blocco.unitaPrezzo]}. Il blocco resta vendibile.
        </p>
        <FormAlert message={formError} testId="declassa-form-error" />
        <div className="formgrid grid">
          {select('scelta', 'Nuova scelta', scelte, scelte.length ? 'Invariata' : 'Già la più bassa')}
          {select('categoria', 'Nuova categoria', categorie, categorie.length ? 'Invariata' : 'Già la più bassa')}
          {select('unitaPrezzo', 'Prezzo in', UNITA_PREZZO_OPTIONS, categoria === 'informe' ? '€/q (informe)' : 'Invariato')}
          <FormField id="declassa-nota" label="Motivo" required error={errors.nota?.message} className="col-12" hint="Es. pelo passante emerso alla riquadratura">
            <InputTextarea id="declassa-nota" rows={3} maxLength={500} className={`w-full${errors.nota ? ' p-invalid' : ''}`} {...invalidProps('declassa-nota', errors.nota?.message)} {...register('nota')} />
          </FormField>
        </div>
      </form>
    </Dialog>
  );
}
