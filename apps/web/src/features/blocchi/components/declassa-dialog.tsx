import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ActionDialog } from '@/components/form/action-dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputTextarea } from 'primereact/inputtextarea';
import {
  CATEGORIA_LABELS,
  SCELTA_LABELS,
  UNITA_PREZZO_LABELS,
  bloccoDeclassaBodySchema,
  type BloccoDeclassaBody,
} from '@gestcava/contracts';
import { FormField } from '@/components/form/form-field';
import { invalidProps } from '@/components/form/form-errors';
import { useDeclassaBlocco } from '../api/blocchi';
import { UNITA_PREZZO_OPTIONS } from './blocco-format';
import { lowerOptions, type BloccoMoveDialogProps } from './blocco-moves';
import { dropdownPt } from '@/components/form/dropdown-a11y';

type Values = { scelta?: string; categoria?: string; unitaPrezzo?: string; nota: string };

/**
 * Declassamento (docs/domain.md): a lower grade or category, with the reason (required); the block
 * stays sellable and history keeps the reason. An informe is priced by the quintale unless told.
 */
export function DeclassaDialog({ kind, blocco, onClose, onDone }: BloccoMoveDialogProps) {
  const declassa = useDeclassaBlocco(kind, blocco._id);
  const { scelte, categorie } = lowerOptions(blocco);
  const form = useForm<Values, unknown, BloccoDeclassaBody>({
    resolver: zodResolver(bloccoDeclassaBodySchema) as unknown as Resolver<
      Values,
      unknown,
      BloccoDeclassaBody
    >,
    defaultValues: { nota: '' },
  });
  const {
    control,
    register,
    formState: { errors },
  } = form;
  const categoria = useWatch({ control, name: 'categoria' });
  const select = (
    name: 'scelta' | 'categoria' | 'unitaPrezzo',
    label: string,
    options: { value: string; label: string }[],
    placeholder: string,
  ) => (
    <FormField
      id={`declassa-${name}`}
      label={label}
      error={errors[name]?.message}
      className="col-12 sm:col-6"
    >
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
    <ActionDialog
      name="declassa"
      title={`Declassa ${blocco.codice}`}
      width="36rem"
      form={form}
      fieldNames={['scelta', 'categoria', 'unitaPrezzo', 'nota']}
      failure="Declassamento non registrato: riprova."
      onSave={async (body) => onDone(await declassa.mutateAsync(body))}
      onClose={onClose}
      pending={declassa.isPending}
      submit={{ label: 'Declassa', icon: 'pi pi-arrow-down', severity: 'warning' }}
      intro={
        <>
          Oggi: scelta <strong>{SCELTA_LABELS[blocco.scelta]}</strong>,{' '}
          <strong>{CATEGORIA_LABELS[blocco.categoria]}</strong>, prezzo in{' '}
          {UNITA_PREZZO_LABELS[blocco.unitaPrezzo]}. Il blocco resta vendibile.
        </>
      }
    >
      <div className="formgrid grid">
        {select('scelta', 'Nuova scelta', scelte, scelte.length ? 'Invariata' : 'Già la più bassa')}
        {select(
          'categoria',
          'Nuova categoria',
          categorie,
          categorie.length ? 'Invariata' : 'Già la più bassa',
        )}
        {select(
          'unitaPrezzo',
          'Prezzo in',
          UNITA_PREZZO_OPTIONS,
          categoria === 'informe' ? '€/q (informe)' : 'Invariato',
        )}
        <FormField
          id="declassa-nota"
          label="Motivo"
          required
          error={errors.nota?.message}
          className="col-12"
          hint="Es. pelo passante emerso alla riquadratura"
        >
          <InputTextarea
            id="declassa-nota"
            rows={3}
            maxLength={500}
            className={`w-full${errors.nota ? ' p-invalid' : ''}`}
            {...invalidProps('declassa-nota', errors.nota?.message)}
            {...register('nota')}
          />
        </FormField>
      </div>
    </ActionDialog>
  );
}
