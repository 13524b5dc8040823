import { Controller, type FieldValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useDialogForm } from '@/components/form/use-dialog-form';
import { InputText } from 'primereact/inputtext';
import { Dropdown } from 'primereact/dropdown';
import { Checkbox } from 'primereact/checkbox';
import { LOOKUP_LABELS, type LookupKind } from '@gestcava/contracts';
import { FormField } from '@/components/form/form-field';
import { NumberInput } from '@/components/form/number-input';
import { FormDialog } from '@/components/form/form-dialog';
import { invalidProps } from '@/components/form/form-errors';
import type { LookupRecord } from '@/lib/lookups';
import { useCreateLookup, useUpdateLookup } from '../api/lookups';
import {
  LOOKUP_BODY_SCHEMAS,
  LOOKUP_DEFAULTS,
  LOOKUP_EDIT_SCHEMAS,
  LOOKUP_FIELDS,
} from './lookup-fields';
import { dropdownPt } from '@/components/form/dropdown-a11y';

type Values = Record<string, unknown>;

function toValues(kind: LookupKind, record: LookupRecord[LookupKind] | null): Values {
  const defaults = LOOKUP_DEFAULTS[kind];
  if (!record) return { ...defaults };
  const r = record as unknown as Values;
  return Object.fromEntries(
    Object.keys(defaults).map((k) => [
      k,
      r[k] ?? (typeof defaults[k] === 'string' ? '' : defaults[k]),
    ]),
  );
}

/** A cava, materiale, ubicazione or macchina, new or edited (admin), checked by the contract's schema. */
export function LookupFormDialog({
  kind,
  record,
  onClose,
  onSaved,
}: {
  kind: LookupKind;
  record: LookupRecord[LookupKind] | null;
  onClose: () => void;
  onSaved: (saved: LookupRecord[LookupKind], created: boolean) => void;
}) {
  const fields = LOOKUP_FIELDS[kind];
  const noun = LOOKUP_LABELS[kind].singolare;
  const create = useCreateLookup(kind);
  const update = useUpdateLookup(kind);
  const form = useDialogForm<FieldValues, Values>(
    zodResolver((record ? LOOKUP_EDIT_SCHEMAS : LOOKUP_BODY_SCHEMAS)[kind]),
    toValues(kind, record),
  );
  const {
    control,
    formState: { errors },
  } = form;

  const save = async (values: Values) => {
    const saved = record
      ? await update.mutateAsync({ id: record._id, body: values })
      : await create.mutateAsync(values);
    onSaved(saved, !record);
  };

  const title = record ? `Modifica ${noun.toLowerCase()}` : `Nuova voce: ${noun.toLowerCase()}`;
  const fid = (name: string) => `lookup-${kind}-${name}`;
  const err = (name: string) => errors[name]?.message as string | undefined;

  return (
    <FormDialog
      name="lookup"
      title={title}
      form={form}
      fieldNames={fields.map((f) => f.name)}
      onSave={save}
      onClose={onClose}
      pending={create.isPending || update.isPending}
      width="40rem"
      breakpoints={{ '640px': '100vw' }}
    >
      <div className="formgrid grid">
        {fields.map((f) => {
          const id = fid(f.name);
          if (f.type === 'bool') {
            return (
              <div key={f.name} className="field col-12">
                <Controller
                  control={control}
                  name={f.name}
                  render={({ field }) => (
                    <div className="checkbox-field">
                      <Checkbox
                        inputId={id}
                        checked={field.value === true}
                        onChange={(e) => field.onChange(e.checked === true)}
                      />
                      <label htmlFor={id}>{f.label}</label>
                    </div>
                  )}
                />
              </div>
            );
          }
          return (
            <FormField
              key={f.name}
              id={id}
              label={f.label}
              required={f.required}
              error={err(f.name)}
              hint={f.hint}
              className={f.wide ? 'col-12' : 'col-12 md:col-6'}
            >
              <Controller
                control={control}
                name={f.name}
                render={({ field }) =>
                  f.type === 'number' ? (
                    <NumberInput
                      id={id}
                      value={field.value as number | null}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      decimals={f.decimals}
                      unit={f.unit}
                      error={err(f.name)}
                    />
                  ) : f.type === 'select' ? (
                    <Dropdown
                      inputId={id}
                      pt={dropdownPt(f.label)}
                      value={field.value ?? null}
                      options={f.options}
                      onChange={(e) => field.onChange(e.value as string)}
                      onBlur={field.onBlur}
                      placeholder="Scegli"
                      className={`w-full${err(f.name) ? ' p-invalid' : ''}`}
                      {...invalidProps(id, err(f.name))}
                    />
                  ) : (
                    <InputText
                      id={id}
                      value={(field.value as string | null) ?? ''}
                      onChange={(e) => field.onChange(e.target.value)}
                      onBlur={field.onBlur}
                      maxLength={f.max}
                      autoComplete="off"
                      className={`w-full${err(f.name) ? ' p-invalid' : ''}`}
                      {...invalidProps(id, err(f.name))}
                    />
                  )
                }
              />
            </FormField>
          );
        })}
      </div>
    </FormDialog>
  );
}
