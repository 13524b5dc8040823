import { Controller, useForm, type FieldValues, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  TARIFFA_CATEGORIA_LABELS,
  TARIFFA_CATEGORIE,
  cavaTariffaBodySchema,
  type CavaTariffa,
  type CavaTariffaBody,
} from '@gestcava/contracts';
import { FormDialog } from '@/components/form/form-dialog';
import { FormField } from '@/components/form/form-field';
import { DateInput } from '@/components/form/date-input';
import { NumberInput } from '@/components/form/number-input';
import { useSaveCavaTariffa } from '../api/cava-tariffe';

const FIELDS = ['validoDal', 'validoAl', ...TARIFFA_CATEGORIE] as const;
const fid = (name: string) => `tariffa-${name}`;

function toValues(t: CavaTariffa | null): Record<string, unknown> {
  if (!t)
    return {
      validoDal: `${new Date().getFullYear()}-01-01`,
      validoAl: null,
      ...Object.fromEntries(TARIFFA_CATEGORIE.map((c) => [c, null])),
    };
  return Object.fromEntries(FIELDS.map((f) => [f, t[f]]));
}

/** One period's tariffs of a quarry, € per tonne by category (admin), checked by the contract's schema. */
export function TariffaFormDialog({
  cavaId,
  cavaNome,
  tariffa,
  onClose,
}: {
  cavaId: string;
  cavaNome: string;
  tariffa: CavaTariffa | null;
  onClose: () => void;
}) {
  const save = useSaveCavaTariffa(cavaId);
  const form = useForm<FieldValues, unknown, CavaTariffaBody>({
    // the form holds the typed values loosely (a number still empty is null); the schema makes them a body
    resolver: zodResolver(cavaTariffaBodySchema) as unknown as Resolver<
      FieldValues,
      unknown,
      CavaTariffaBody
    >,
    defaultValues: toValues(tariffa),
    mode: 'onTouched',
    shouldFocusError: false,
  });
  const err = (name: string) => form.formState.errors[name]?.message as string | undefined;
  return (
    <FormDialog
      name="tariffa"
      title={`${tariffa ? 'Modifica tariffe' : 'Nuove tariffe'} — ${cavaNome}`}
      form={form}
      fieldNames={FIELDS}
      draftOf={`tariffe-${cavaId}-${tariffa?._id ?? 'nuove'}`}
      onSave={async (values) => {
        await save.mutateAsync({ id: tariffa?._id, body: values });
        onClose();
      }}
      onClose={onClose}
      width="40rem"
      breakpoints={{ '640px': '100vw' }}
    >
      <div className="formgrid grid">
        {(['validoDal', 'validoAl'] as const).map((name) => (
          <FormField
            key={name}
            id={fid(name)}
            label={name === 'validoDal' ? 'Valide dal' : 'Valide fino al'}
            required={name === 'validoDal'}
            error={err(name)}
            hint={name === 'validoAl' ? 'Vuoto = senza scadenza' : undefined}
            className="col-12 md:col-6"
          >
            <Controller
              control={form.control}
              name={name}
              render={({ field }) => (
                <DateInput
                  id={fid(name)}
                  value={(field.value as string | null) ?? null}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={err(name)}
                />
              )}
            />
          </FormField>
        ))}
        {TARIFFA_CATEGORIE.map((c) => (
          <FormField
            key={c}
            id={fid(c)}
            label={TARIFFA_CATEGORIA_LABELS[c]}
            required
            error={err(c)}
            className="col-12 md:col-4"
          >
            <Controller
              control={form.control}
              name={c}
              render={({ field }) => (
                <NumberInput
                  id={fid(c)}
                  value={field.value as number | null}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  decimals={2}
                  unit="€/t"
                  error={err(c)}
                />
              )}
            />
          </FormField>
        ))}
      </div>
    </FormDialog>
  );
}
