import { Dropdown } from 'primereact/dropdown';
import { SelectButton } from 'primereact/selectbutton';
import { FATTURA_TIPI, FATTURA_TIPO_LABELS, type FatturaTipo } from '@gestcava/contracts';
import { AnagraficaPicker } from '@/components/form/anagrafica-picker';
import { dropdownPt } from '@/components/form/dropdown-a11y';
import { FormField } from '@/components/form/form-field';
import { formatDate, formatEuro } from '@/lib/format';
import { clientiFatturaQueryOptions, useFattureCollegabili } from '../api/fatture';
import type { Cliente } from './use-nuova-fattura';

const TIPO_OPTIONS = FATTURA_TIPI.map((t) => ({ value: t, label: FATTURA_TIPO_LABELS[t] }));
const outlined = (value: FatturaTipo) =>
  TIPO_OPTIONS.map((o) => ({
    ...o,
    className: o.value === value ? undefined : 'p-button-outlined',
  }));

/** Step 1: the kind of document and the cliente; a nota di credito names the invoice it corrects. */
export function ClienteStep({
  tipo,
  cliente,
  fixed,
  fatturaCollegataId,
  onTipo,
  onCliente,
  onCollegata,
}: {
  tipo: FatturaTipo;
  cliente: Cliente | null;
  /** a draft keeps its cliente and type */
  fixed: boolean;
  fatturaCollegataId: string | null;
  onTipo: (t: FatturaTipo) => void;
  onCliente: (c: Cliente | null) => void;
  onCollegata: (id: string | null) => void;
}) {
  const collegabili = useFattureCollegabili(tipo === 'TD04' && cliente ? cliente.id : null);
  return (
    <div className="formgrid grid">
      <FormField id="fattura-tipo" label="Documento" className="col-12">
        {fixed ? (
          <p className="m-0" id="fattura-tipo">
            {FATTURA_TIPO_LABELS[tipo]}
          </p>
        ) : (
          <SelectButton
            id="fattura-tipo"
            value={tipo}
            options={outlined(tipo)}
            allowEmpty={false}
            onChange={(e) => {
              if (e.value && e.value !== tipo) onTipo(e.value as FatturaTipo);
            }}
            aria-label="Documento"
            data-testid="fattura-tipo"
          />
        )}
      </FormField>
      <FormField id="fattura-cliente" label="Cliente" required className="col-12 md:col-6">
        {fixed ? (
          <p className="m-0" data-testid="fattura-cliente-fixed">
            {cliente?.nome}
          </p>
        ) : (
          <AnagraficaPicker
            // the name of a cliente a link chose arrives with its list: the picker shows it then
            key={cliente?.nome ? 'named' : 'unnamed'}
            which="clienti"
            choices={clientiFatturaQueryOptions}
            id="fattura-cliente"
            value={
              cliente ? { _id: cliente.id, ragioneSociale: cliente.nome ?? 'Cliente scelto' } : null
            }
            onChange={(v) => onCliente(v ? { id: v._id, nome: v.ragioneSociale } : null)}
            testId="fattura-cliente"
          />
        )}
      </FormField>
      {tipo === 'TD04' && cliente && (
        <FormField
          id="fattura-collegata"
          label="Fattura da correggere"
          required
          className="col-12 md:col-6"
          hint={
            collegabili.data?.length === 0
              ? 'Il cliente non ha fatture emesse: una nota di credito ne corregge una'
              : undefined
          }
        >
          <Dropdown
            inputId="fattura-collegata"
            pt={dropdownPt('Fattura da correggere')}
            value={fatturaCollegataId}
            options={(collegabili.data ?? []).map((f) => ({
              value: f._id,
              label: `${f.numeroDocumento ?? ''} del ${formatDate(f.data)} · ${formatEuro(f.totale)}`,
            }))}
            onChange={(e) => onCollegata((e.value as string | null) ?? null)}
            placeholder={collegabili.isPending ? 'Caricamento…' : 'Scegli la fattura'}
            className="w-full"
            data-testid="fattura-collegata"
          />
        </FormField>
      )}
    </div>
  );
}
