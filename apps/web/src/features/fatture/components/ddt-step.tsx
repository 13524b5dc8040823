import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { Skeleton } from 'primereact/skeleton';
import type { DaFatturare, DaFatturareDdt } from '@gestcava/contracts';
import { dropdownPt } from '@/components/form/dropdown-a11y';
import { FormField } from '@/components/form/form-field';
import { formatDate, formatEuro, formatNumber } from '@/lib/format';
import { ddtDelMese, meseLabel, mesiDisponibili } from '../model/nuova-fattura';

/**
 * The DDTs to invoice with a fattura differita: one month's emitted DDTs of the cliente not yet
 * invoiced, each with the lines it would invoice; a tick adds them to the totals below.
 */
export function DdtStep({
  da,
  loading,
  mese,
  ticked,
  onMese,
  onToggle,
  onTicked,
}: {
  da: DaFatturare | undefined;
  loading: boolean;
  mese: string | null;
  ticked: ReadonlySet<string>;
  onMese: (mese: string) => void;
  onToggle: (id: string, on: boolean) => void;
  onTicked: (ids: string[]) => void;
}) {
  if (loading || !da) return <Skeleton width="100%" height="6rem" />;
  const mesi = mesiDisponibili(da);
  if (mesi.length === 0)
    return (
      <p className="m-0" data-testid="fattura-nulla-da-fatturare">
        Nessun DDT da fatturare: il cliente non ha DDT emessi con righe non ancora fatturate. Per
        una vendita senza DDT scegli «Fattura immediata».
      </p>
    );
  const ddt = ddtDelMese(da, mese);
  return (
    <>
      <div className="formgrid grid">
        <FormField id="fattura-mese" label="Mese dei DDT" className="col-12 md:col-6">
          <Dropdown
            inputId="fattura-mese"
            pt={dropdownPt('Mese dei DDT')}
            value={mese}
            options={mesi.map((m) => ({ value: m, label: meseLabel(m) }))}
            onChange={(e) => onMese(e.value as string)}
            className="w-full"
            data-testid="fattura-mese"
          />
        </FormField>
      </div>
      <div className="flex flex-wrap gap-2 mb-2">
        <Button
          type="button"
          label="Seleziona tutto il mese"
          icon="pi pi-check-square"
          text
          onClick={() => onTicked(ddt.map((d) => d._id))}
          data-testid="fattura-ddt-tutti"
        />
        <Button
          type="button"
          label="Deseleziona"
          icon="pi pi-stop"
          text
          onClick={() => onTicked([])}
          disabled={ticked.size === 0}
        />
      </div>
      <ul className="fattura-ddt-list" aria-label={`DDT di ${mese ? meseLabel(mese) : ''}`}>
        {ddt.map((d) => (
          <DdtRow
            key={d._id}
            ddt={d}
            on={ticked.has(d._id)}
            onToggle={(on) => onToggle(d._id, on)}
          />
        ))}
      </ul>
    </>
  );
}

const quantita = (r: DaFatturareDdt['righe'][number]) =>
  r.quantita == null
    ? ''
    : `${formatNumber(r.quantita, undefined, 3)}${r.unitaMisura ? ` ${r.unitaMisura}` : ''} × ${formatEuro(r.prezzoUnitario)}${r.scontoPercentuale ? ` − ${formatNumber(r.scontoPercentuale)}%` : ''}`;

function DdtRow({
  ddt: d,
  on,
  onToggle,
}: {
  ddt: DaFatturareDdt;
  on: boolean;
  onToggle: (on: boolean) => void;
}) {
  const id = `fattura-ddt-${d._id}`;
  return (
    <li
      className="fattura-ddt"
      data-testid="fattura-ddt"
      data-numero={d.numeroDocumento}
      data-checked={on ? 'true' : 'false'}
    >
      <span className="fattura-ddt-head">
        <Checkbox inputId={id} checked={on} onChange={(e) => onToggle(e.checked === true)} />
        <label htmlFor={id} className="fattura-ddt-label">
          <strong>
            DDT {d.numeroDocumento} del {formatDate(d.data)}
          </strong>
          <span>
            {d.righe.length === 1 ? '1 riga' : `${d.righe.length} righe`} · {formatEuro(d.importo)}
          </span>
        </label>
      </span>
      <ul className="fattura-ddt-righe text-color-secondary">
        {d.righe.map((r) => (
          <li key={r.ddtRigaId ?? r.descrizione}>
            <span>
              {r.descrizione}
              {quantita(r) && <span className="block">{quantita(r)}</span>}
            </span>
            <span className="white-space-nowrap">{formatEuro(r.prezzoTotale)}</span>
          </li>
        ))}
      </ul>
    </li>
  );
}
