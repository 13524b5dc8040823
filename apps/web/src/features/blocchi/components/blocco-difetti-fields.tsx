import { Controller, useWatch } from 'react-hook-form';
import { Checkbox } from 'primereact/checkbox';
import { FormField } from '@/components/form/form-field';
import { LongTextArea } from '@/components/form/long-text-area';
import { fid, type Difetto } from './blocco-form-values';
import { BLOCCO_FIELD_LABELS as L, DIFETTO_OPTIONS } from './blocco-format';
import type { BloccoForm } from './blocco-form-fields';

/** The "Difetti" section of the blocco form: a defective blocco lists what is visible. */
export function BloccoDifettiFields({ form }: { form: BloccoForm }) {
  const { control, setValue } = form;
  const difettoso = useWatch({ control, name: 'difettoso' });
  return (
    <>
      <h3 className="form-section-title col-12">Difetti</h3>
      <div className="field col-12">
        <Controller
          control={control}
          name="difettoso"
          render={({ field }) => (
            <div className="checkbox-field">
              <Checkbox
                inputId={fid('difettoso')}
                checked={field.value === true}
                onChange={(e) => {
                  field.onChange(e.checked === true);
                  if (!e.checked) setValue('difetti', [], { shouldDirty: true });
                }}
              />
              <label htmlFor={fid('difettoso')}>Blocco difettoso</label>
            </div>
          )}
        />
      </div>
      {difettoso && (
        <>
          <fieldset className="field col-12 difetti-fieldset">
            <legend>Difetti visibili</legend>
            <Controller
              control={control}
              name="difetti"
              render={({ field }) => (
                <div className="difetti-options">
                  {DIFETTO_OPTIONS.map((o) => {
                    const checked = (field.value ?? []).includes(o.value as Difetto);
                    return (
                      <div key={o.value} className="checkbox-field">
                        <Checkbox
                          inputId={fid(`difetto-${o.value}`)}
                          checked={checked}
                          onChange={(e) => {
                            const current = field.value ?? [];
                            field.onChange(
                              e.checked
                                ? [...current, o.value as Difetto]
                                : current.filter((d) => d !== o.value),
                            );
                          }}
                        />
                        <label htmlFor={fid(`difetto-${o.value}`)}>{o.label}</label>
                      </div>
                    );
                  })}
                </div>
              )}
            />
          </fieldset>
          <FormField
            id={fid('noteDifetti')}
            label={L.noteDifetti ?? ''}
            error={form.formState.errors.noteDifetti?.message}
            className="col-12"
          >
            <LongTextArea
              control={control}
              name="noteDifetti"
              id={fid('noteDifetti')}
              max={1000}
              rows={2}
              error={form.formState.errors.noteDifetti?.message}
            />
          </FormField>
        </>
      )}
    </>
  );
}
