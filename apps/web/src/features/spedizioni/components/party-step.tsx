import { Dropdown } from 'primereact/dropdown';
import { SelectButton } from 'primereact/selectbutton';
import { DDT_CAUSALE_TABLE, DDT_CAUSALI, type DdtCausale } from '@gestcava/contracts';
import { AnagraficaPicker } from '@/components/form/anagrafica-picker';
import { dropdownPt } from '@/components/form/dropdown-a11y';
import { FormField } from '@/components/form/form-field';
import { clientiDdtQueryOptions, useDitteDestinazione } from '../api/spedizioni';
import type { Party } from '../model/nuovo-ddt';
import { outlined } from './ddt-figures';

const CAUSALE_OPTIONS = DDT_CAUSALI.map((c) => ({
  value: c,
  label: c === 'vendita' ? 'Vendita a un cliente' : 'Trasferimento nel gruppo',
}));

/** Step 1: the causale and who receives the goods — a cliente, or for a transfer a company of the group. */
export function PartyStep({
  causale,
  party,
  onCausale,
  onParty,
}: {
  causale: DdtCausale;
  party: Party | null;
  onCausale: (c: DdtCausale) => void;
  onParty: (p: Party | null) => void;
}) {
  const ditte = useDitteDestinazione();
  return (
    <div className="formgrid grid">
      <FormField id="ddt-causale" label="Causale" className="col-12 md:col-6">
        <SelectButton
          id="ddt-causale"
          value={causale}
          options={outlined(CAUSALE_OPTIONS, causale)}
          allowEmpty={false}
          onChange={(e) => {
            if (e.value && e.value !== causale) onCausale(e.value as DdtCausale);
          }}
          aria-label="Causale"
          data-testid="ddt-causale"
        />
      </FormField>
      {causale === 'vendita' ? (
        <FormField id="ddt-cliente" label="Cliente" required className="col-12 md:col-6">
          <AnagraficaPicker
            // the name of a party a link chose arrives with its list: the picker shows it then
            key={party?.nome ? 'named' : 'unnamed'}
            which="clienti"
            choices={clientiDdtQueryOptions}
            id="ddt-cliente"
            value={party ? { _id: party.id, ragioneSociale: party.nome ?? 'Cliente scelto' } : null}
            onChange={(v) =>
              onParty(v ? { causale: 'vendita', id: v._id, nome: v.ragioneSociale } : null)
            }
            testId="ddt-cliente"
          />
        </FormField>
      ) : (
        <FormField
          id="ddt-ditta"
          label={DDT_CAUSALE_TABLE.trasferimento.label}
          required
          className="col-12 md:col-6"
        >
          <Dropdown
            inputId="ddt-ditta"
            pt={dropdownPt('Ditta del gruppo')}
            value={party?.id ?? null}
            options={(ditte.data ?? []).map((d) => ({ value: d._id, label: d.name }))}
            onChange={(e) => {
              const d = ditte.data?.find((x) => x._id === e.value);
              onParty(d ? { causale: 'trasferimento', id: d._id, nome: d.name } : null);
            }}
            placeholder={ditte.isPending ? 'Caricamento…' : 'Scegli la ditta'}
            className="w-full"
            data-testid="ddt-ditta"
          />
        </FormField>
      )}
    </div>
  );
}
