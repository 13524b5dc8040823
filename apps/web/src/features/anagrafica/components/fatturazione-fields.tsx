import { Controller, type Control, type FieldErrors } from 'react-hook-form';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import {
  MODALITA_PAGAMENTO,
  MODALITA_PAGAMENTO_LABELS,
  type AnagraficaCreateInput,
  type DichiarazioneIntento,
  type PagamentoCliente,
} from '@gestcava/contracts';
import { DateInput } from '@/components/form/date-input';
import { dropdownPt } from '@/components/form/dropdown-a11y';
import { invalidProps } from '@/components/form/form-errors';
import { FormField } from '@/components/form/form-field';
import { NumberInput } from '@/components/form/number-input';

const MODALITA_OPTIONS = [
  { value: '', label: 'Non indicate (bonifico a 30 giorni)' },
  ...MODALITA_PAGAMENTO.map((m) => ({ value: m, label: `${MODALITA_PAGAMENTO_LABELS[m]} (${m})` })),
];

type Errors = FieldErrors<AnagraficaCreateInput>;
const nested = (errors: Errors, name: 'dichiarazioneIntento' | 'pagamento', field: string) =>
  (errors[name] as Record<string, { message?: string } | undefined> | undefined)?.[field]?.message;

/**
 * A cliente's invoicing terms: the structured payment an invoice takes by default (method, days,
 * end of month) and the dichiarazione d'intento of an esportatore abituale (its invoices are N3.5).
 * Each is one value of the form, null when not given.
 */
export function FatturazioneFields({
  control,
  errors,
}: {
  control: Control<AnagraficaCreateInput>;
  errors: Errors;
}) {
  return (
    <>
      <Controller
        control={control}
        name="pagamento"
        render={({ field }) => {
          const p = field.value as PagamentoCliente | null | undefined;
          const set = (patch: Partial<PagamentoCliente> | null) =>
            field.onChange(
              patch === null
                ? null
                : { modalita: 'MP05', giorni: 30, fineMese: false, ...p, ...patch },
            );
          const giorniError = nested(errors, 'pagamento', 'giorni');
          return (
            <>
              <FormField
                id="ana-pagamento-modalita"
                label="Modalità di pagamento"
                className="col-12 md:col-6"
              >
                <Dropdown
                  inputId="ana-pagamento-modalita"
                  pt={dropdownPt('Modalità di pagamento')}
                  value={p?.modalita ?? ''}
                  options={MODALITA_OPTIONS}
                  onChange={(e) =>
                    set(e.value ? { modalita: e.value as PagamentoCliente['modalita'] } : null)
                  }
                  className="w-full"
                  data-testid="ana-pagamento-modalita"
                />
              </FormField>
              {p && (
                <>
                  <FormField
                    id="ana-pagamento-giorni"
                    label="Giorni"
                    error={giorniError}
                    className="col-6 md:col-3"
                  >
                    <NumberInput
                      id="ana-pagamento-giorni"
                      value={p.giorni}
                      onChange={(v) => set({ giorni: v ?? 0 })}
                      decimals={0}
                      error={giorniError}
                    />
                  </FormField>
                  <div className="field col-6 md:col-3 flex align-items-end">
                    <div className="checkbox-field">
                      <Checkbox
                        inputId="ana-pagamento-fine-mese"
                        checked={p.fineMese}
                        onChange={(e) => set({ fineMese: e.checked === true })}
                      />
                      <label htmlFor="ana-pagamento-fine-mese">Fine mese</label>
                    </div>
                  </div>
                </>
              )}
            </>
          );
        }}
      />
      <Controller
        control={control}
        name="dichiarazioneIntento"
        render={({ field }) => {
          const d = field.value as DichiarazioneIntento | null | undefined;
          const protocolloError = nested(errors, 'dichiarazioneIntento', 'protocollo');
          const dataError = nested(errors, 'dichiarazioneIntento', 'data');
          return (
            <>
              <div className="field col-12">
                <div className="checkbox-field">
                  <Checkbox
                    inputId="ana-dichiarazione"
                    checked={!!d}
                    onChange={(e) =>
                      field.onChange(e.checked ? { protocollo: '', data: '' } : null)
                    }
                    data-testid="ana-dichiarazione"
                  />
                  <label htmlFor="ana-dichiarazione">
                    Esportatore abituale con dichiarazione d’intento (fatture senza IVA, N3.5)
                  </label>
                </div>
              </div>
              {d && (
                <>
                  <FormField
                    id="ana-dichiarazione-protocollo"
                    label="Protocollo della dichiarazione"
                    required
                    error={protocolloError}
                  >
                    <InputText
                      id="ana-dichiarazione-protocollo"
                      value={d.protocollo}
                      maxLength={40}
                      onChange={(e) => field.onChange({ ...d, protocollo: e.target.value })}
                      onBlur={field.onBlur}
                      className={`w-full${protocolloError ? ' p-invalid' : ''}`}
                      {...invalidProps('ana-dichiarazione-protocollo', protocolloError)}
                    />
                  </FormField>
                  <FormField
                    id="ana-dichiarazione-data"
                    label="Data della dichiarazione"
                    required
                    error={dataError}
                  >
                    <DateInput
                      id="ana-dichiarazione-data"
                      value={d.data || null}
                      onChange={(v) => field.onChange({ ...d, data: v ?? '' })}
                      error={dataError}
                    />
                  </FormField>
                </>
              )}
            </>
          );
        }}
      />
    </>
  );
}
