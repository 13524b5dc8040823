import { Controller, type Control } from 'react-hook-form';
import type { z } from 'zod';
import { MultiSelect } from 'primereact/multiselect';
import type { LastraTagliabile, lavorazionePavimentiCreateSchema } from '@gestcava/contracts';
import { FormField } from '@/components/form/form-field';
import { invalidProps } from '@/components/form/form-errors';
import { formatArea } from '@/lib/format';
import { mqOf, type LastreScelte } from './use-lastre-scelte';

type FormInput = z.input<typeof lavorazionePavimentiCreateSchema>;

/** "Lastre da tagliare": the available slabs of one material, searched by their code or their bundle's. */
export function PavimentiLastreField({
  control,
  scelte,
  id,
  error,
}: {
  control: Control<FormInput>;
  scelte: LastreScelte;
  id: string;
  error: string | undefined;
}) {
  const { chosen } = scelte;
  return (
    <FormField
      id={id}
      label="Lastre da tagliare"
      required
      error={error}
      className="col-12"
      hint={
        chosen.length
          ? `${chosen.length} lastre · ${mqOf(chosen)}`
          : 'Solo le lastre disponibili di un materiale; cerca per codice della lastra o del pacco'
      }
    >
      <Controller
        control={control}
        name="lastraIds"
        render={({ field }) => (
          <MultiSelect
            inputId={id}
            value={field.value ?? []}
            options={scelte.options}
            optionValue="_id"
            optionLabel="codice"
            itemTemplate={(l: LastraTagliabile) => (
              <span>
                <strong>{l.codice}</strong> {l.materiale.nome} · {l.spessoreMm} mm ·{' '}
                {formatArea(l.mq)} <span className="text-color-secondary">({l.pacco.codice})</span>
              </span>
            )}
            filter
            filterPlaceholder="Codice della lastra o del pacco"
            onFilter={(e) => scelte.setSearch(e.filter)}
            onChange={(e) => {
              const ids = e.value as string[];
              scelte.remember(ids);
              field.onChange(ids.length ? ids : undefined);
            }}
            onBlur={field.onBlur}
            display="chip"
            placeholder="Scegli le lastre"
            emptyMessage={scelte.pending ? 'Caricamento…' : 'Nessuna lastra disponibile'}
            emptyFilterMessage="Nessuna lastra trovata"
            className={`w-full${error ? ' p-invalid' : ''}`}
            {...invalidProps(id, error)}
            data-testid="pavimenti-lastre"
          />
        )}
      />
    </FormField>
  );
}
