import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { NATURA_IVA_LABELS, type NaturaIva } from '@gestcava/contracts';
import { dropdownPt } from '@/components/form/dropdown-a11y';
import { invalidProps } from '@/components/form/form-errors';
import { FormField } from '@/components/form/form-field';
import { NumberInput } from '@/components/form/number-input';
import { formatEuro } from '@/lib/format';
import { importoRiga, nuovaRiga, rigaErrors, type RigaLibera } from '../model/nuova-fattura';

/**
 * The VAT of a line as one choice, so a rate and a nature never contradict each other: the
 * cliente's own case (22 % in Italy, N3.2 in the EU, N3.1 outside, N3.5 with a dichiarazione
 * d'intento), a reduced rate, or rate 0 with its nature.
 */
const IVA_OPTIONS: ReadonlyArray<{ value: string; label: string }> = [
  { value: '', label: 'Secondo il cliente' },
  { value: '22', label: '22 %' },
  { value: '10', label: '10 %' },
  { value: '4', label: '4 %' },
  ...(['N1', 'N2.2', 'N3.1', 'N3.2', 'N3.5', 'N4'] as const).map((n) => ({
    value: n,
    label: `0 % ${n} – ${NATURA_IVA_LABELS[n] ?? ''}`,
  })),
];
const ivaOf = (r: RigaLibera) =>
  r.natura ? r.natura : r.aliquotaIva === null ? '' : String(r.aliquotaIva);
const fromIva = (v: string): Pick<RigaLibera, 'aliquotaIva' | 'natura'> =>
  v === ''
    ? { aliquotaIva: null, natura: null }
    : v.startsWith('N')
      ? { aliquotaIva: 0, natura: v as NaturaIva }
      : { aliquotaIva: Number(v), natura: null };

/** The free lines: what is sold without a DDT (TD01), refunded (TD04), or added to a TD24 (transport). */
export function RigheStep({
  righe,
  onChange,
  showErrors,
  nota,
}: {
  righe: readonly RigaLibera[];
  onChange: (righe: RigaLibera[]) => void;
  showErrors: boolean;
  /** a nota di credito: the lines are amounts given back */
  nota: boolean;
}) {
  const set = (key: string, patch: Partial<RigaLibera>) =>
    onChange(righe.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  return (
    <>
      {righe.map((r, i) => (
        <RigaFields
          key={r.key}
          riga={r}
          n={i + 1}
          errors={showErrors ? rigaErrors(r) : {}}
          onChange={(patch) => set(r.key, patch)}
          onRemove={() => onChange(righe.filter((x) => x.key !== r.key))}
        />
      ))}
      <Button
        type="button"
        label={nota ? 'Aggiungi un importo da accreditare' : 'Aggiungi una riga'}
        icon="pi pi-plus"
        outlined
        onClick={() => onChange([...righe, nuovaRiga()])}
        data-testid="fattura-riga-aggiungi"
      />
    </>
  );
}

function RigaFields({
  riga: r,
  n,
  errors,
  onChange,
  onRemove,
}: {
  riga: RigaLibera;
  n: number;
  errors: Partial<Record<keyof RigaLibera, string>>;
  onChange: (patch: Partial<RigaLibera>) => void;
  onRemove: () => void;
}) {
  const fid = (name: string) => `fattura-riga-${r.key}-${name}`;
  return (
    <fieldset className="fattura-riga-libera" data-testid="fattura-riga-libera">
      <legend>Riga {n}</legend>
      <div className="formgrid grid">
        <FormField
          id={fid('descrizione')}
          label="Descrizione"
          required
          error={errors.descrizione}
          className="col-12"
        >
          <InputText
            id={fid('descrizione')}
            value={r.descrizione}
            onChange={(e) => onChange({ descrizione: e.target.value })}
            maxLength={1000}
            className={`w-full${errors.descrizione ? ' p-invalid' : ''}`}
            {...invalidProps(fid('descrizione'), errors.descrizione)}
            data-testid="fattura-riga-descrizione"
          />
        </FormField>
        <FormField
          id={fid('quantita')}
          label="Quantità"
          error={errors.quantita}
          className="col-6 md:col-2"
        >
          <NumberInput
            id={fid('quantita')}
            value={r.quantita}
            onChange={(v) => onChange({ quantita: v })}
            decimals={3}
            error={errors.quantita}
            testId="fattura-riga-quantita"
          />
        </FormField>
        <FormField id={fid('unita')} label="Unità" className="col-6 md:col-2">
          <InputText
            id={fid('unita')}
            value={r.unitaMisura}
            onChange={(e) => onChange({ unitaMisura: e.target.value })}
            maxLength={10}
            placeholder="m², pz"
            className="w-full"
          />
        </FormField>
        <FormField
          id={fid('prezzo')}
          label="Prezzo unitario"
          required
          error={errors.prezzoUnitario}
          className="col-6 md:col-3"
        >
          <NumberInput
            id={fid('prezzo')}
            value={r.prezzoUnitario}
            onChange={(v) => onChange({ prezzoUnitario: v })}
            unit="€"
            decimals={2}
            error={errors.prezzoUnitario}
            testId="fattura-riga-prezzo"
          />
        </FormField>
        <FormField
          id={fid('sconto')}
          label="Sconto %"
          error={errors.scontoPercentuale}
          className="col-6 md:col-2"
        >
          <NumberInput
            id={fid('sconto')}
            value={r.scontoPercentuale}
            onChange={(v) => onChange({ scontoPercentuale: v })}
            decimals={2}
            error={errors.scontoPercentuale}
          />
        </FormField>
        <FormField
          id={fid('iva')}
          label="IVA"
          error={errors.natura ?? errors.aliquotaIva}
          className="col-12 md:col-3"
        >
          <Dropdown
            inputId={fid('iva')}
            pt={dropdownPt('IVA')}
            value={ivaOf(r)}
            options={[...IVA_OPTIONS]}
            onChange={(e) => onChange(fromIva(e.value as string))}
            className="w-full"
          />
        </FormField>
      </div>
      <div className="flex flex-wrap justify-content-between align-items-center gap-2 mb-2">
        <span data-testid="fattura-riga-importo">
          Importo: <strong>{formatEuro(importoRiga(r))}</strong>
        </span>
        <Button
          type="button"
          label="Togli la riga"
          icon="pi pi-trash"
          text
          severity="danger"
          onClick={onRemove}
        />
      </div>
    </fieldset>
  );
}
