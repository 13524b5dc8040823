import type { ReactNode } from 'react';
import { Controller, type Control, type FieldValues } from 'react-hook-form';
import { Dropdown } from 'primereact/dropdown';
import {
  REGIMI_FISCALI,
  REGIME_FISCALE_LABELS,
  SOCIO_UNICO,
  SOCIO_UNICO_LABELS,
  STATO_LIQUIDAZIONE,
  STATO_LIQUIDAZIONE_LABELS,
} from '@gestcava/contracts';
import { dropdownPt } from '@/components/form/dropdown-a11y';
import { FormField } from '@/components/form/form-field';
import { NumberInput } from '@/components/form/number-input';

const REGIME_OPTIONS = REGIMI_FISCALI.map((r) => ({
  value: r,
  label: REGIME_FISCALE_LABELS[r] ? `${r} – ${REGIME_FISCALE_LABELS[r]}` : r,
}));
const SOCIO_OPTIONS = SOCIO_UNICO.map((v) => ({ value: v, label: SOCIO_UNICO_LABELS[v] }));
const LIQUIDAZIONE_OPTIONS = STATO_LIQUIDAZIONE.map((v) => ({
  value: v,
  label: STATO_LIQUIDAZIONE_LABELS[v],
}));

type Names =
  | 'regimeFiscale'
  | 'capitaleSociale'
  | 'socioUnico'
  | 'statoLiquidazione'
  | 'reaUfficio'
  | 'reaNumero'
  | 'iban';

/**
 * The issuer's data an electronic invoice carries (CedentePrestatore: regime fiscale, iscrizione
 * REA with capitale, socio unico and liquidation) and the IBAN the cliente pays to.
 */
export function FiscalFields<T extends FieldValues, O>({
  control,
  err,
  text,
}: {
  // the company form's own control (its values type is local to it)
  control: Control<T, unknown, O>;
  err: (name: Names) => string | undefined;
  text: (
    name: 'reaUfficio' | 'reaNumero' | 'iban',
    label: string,
    opts?: { className?: string; hint?: string },
  ) => ReactNode;
}) {
  const c = control as unknown as Control<Record<Names, unknown>>;
  const dropdown = (
    name: 'regimeFiscale' | 'socioUnico' | 'statoLiquidazione',
    label: string,
    options: { value: string; label: string }[],
    clear: boolean,
  ) => (
    <FormField id={`company-${name}`} label={label} error={err(name)} className="col-12 md:col-4">
      <Controller
        control={c}
        name={name}
        render={({ field }) => (
          <Dropdown
            inputId={`company-${name}`}
            pt={dropdownPt(label)}
            value={field.value ?? null}
            options={options}
            onChange={(e) => field.onChange((e.value as string | null) ?? null)}
            onBlur={field.onBlur}
            showClear={clear}
            placeholder={clear ? 'Non indicato' : undefined}
            className="w-full"
          />
        )}
      />
    </FormField>
  );
  return (
    <>
      <h3 className="form-section-title col-12">Dati per la fattura elettronica</h3>
      {dropdown('regimeFiscale', 'Regime fiscale', REGIME_OPTIONS, false)}
      {text('reaUfficio', 'Ufficio REA', {
        className: 'col-6 md:col-2',
        hint: 'Sigla della provincia',
      })}
      {text('reaNumero', 'Numero REA', { className: 'col-6 md:col-3' })}
      <FormField
        id="company-capitaleSociale"
        label="Capitale sociale"
        error={err('capitaleSociale')}
        className="col-12 md:col-3"
      >
        <Controller
          control={c}
          name="capitaleSociale"
          render={({ field }) => (
            <NumberInput
              id="company-capitaleSociale"
              value={field.value as number | null}
              onChange={field.onChange}
              onBlur={field.onBlur}
              unit="€"
              error={err('capitaleSociale')}
            />
          )}
        />
      </FormField>
      {dropdown('socioUnico', 'Socio unico', SOCIO_OPTIONS, true)}
      {dropdown('statoLiquidazione', 'Stato di liquidazione', LIQUIDAZIONE_OPTIONS, false)}
      {text('iban', 'IBAN', {
        className: 'col-12 md:col-8',
        hint: 'Stampato sulle fatture come conto per il bonifico',
      })}
    </>
  );
}
