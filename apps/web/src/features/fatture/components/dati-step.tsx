import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import {
  MODALITA_PAGAMENTO,
  MODALITA_PAGAMENTO_LABELS,
  type ModalitaPagamento,
} from '@gestcava/contracts';
import { DateInput } from '@/components/form/date-input';
import { dropdownPt } from '@/components/form/dropdown-a11y';
import { FormField } from '@/components/form/form-field';
import { formatDate } from '@/lib/format';
import type { Bozza } from '../model/nuova-fattura';

const MODALITA_OPTIONS = [
  { value: '', label: 'Secondo i termini del cliente' },
  ...MODALITA_PAGAMENTO.map((m) => ({ value: m, label: `${MODALITA_PAGAMENTO_LABELS[m]} (${m})` })),
];

/**
 * The document's date and payment (the cliente's terms by default, with the company's IBAN and the
 * due date the server computes), the stamp duty charged to the cliente, the causale and notes.
 */
export function DatiStep({
  bozza: b,
  onChange,
  fixedDate,
}: {
  bozza: Bozza;
  onChange: (patch: Partial<Bozza>) => void;
  /** a scartata invoice corrected keeps its date */
  fixedDate: boolean;
}) {
  return (
    <div className="formgrid grid">
      <FormField id="fattura-data" label="Data" required className="col-12 md:col-4">
        {fixedDate ? (
          <p className="m-0" id="fattura-data">
            {formatDate(b.data)} (la data di una fattura scartata resta quella)
          </p>
        ) : (
          <DateInput
            id="fattura-data"
            value={b.data}
            onChange={(v) => onChange({ data: v ?? '' })}
            testId="fattura-data"
          />
        )}
      </FormField>
      <FormField id="fattura-modalita" label="Pagamento" className="col-12 md:col-8">
        <Dropdown
          inputId="fattura-modalita"
          pt={dropdownPt('Pagamento')}
          value={b.modalita ?? ''}
          options={MODALITA_OPTIONS}
          onChange={(e) =>
            onChange({ modalita: ((e.value as string) || null) as ModalitaPagamento | null })
          }
          className="w-full"
          data-testid="fattura-modalita"
        />
      </FormField>
      <div className="field col-12">
        <div className="checkbox-field">
          <Checkbox
            inputId="fattura-bollo"
            checked={b.addebitaBollo}
            onChange={(e) => onChange({ addebitaBollo: e.checked === true })}
          />
          <label htmlFor="fattura-bollo">
            Addebita al cliente l’imposta di bollo (€ 2,00, quando è dovuta)
          </label>
        </div>
      </div>
      <FormField id="fattura-causale" label="Causale" className="col-12">
        <InputText
          id="fattura-causale"
          value={b.causale}
          onChange={(e) => onChange({ causale: e.target.value })}
          maxLength={200}
          className="w-full"
        />
      </FormField>
      <FormField id="fattura-note" label="Note" className="col-12">
        <InputTextarea
          id="fattura-note"
          value={b.note}
          onChange={(e) => onChange({ note: e.target.value })}
          maxLength={2000}
          rows={2}
          autoResize
          className="w-full"
        />
      </FormField>
    </div>
  );
}
