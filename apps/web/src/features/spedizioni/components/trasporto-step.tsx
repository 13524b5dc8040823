import { format } from 'date-fns';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { SelectButton } from 'primereact/selectbutton';
import {
  PORTI,
  PORTO_LABELS,
  TRASPORTO_A_CURA,
  TRASPORTO_A_CURA_LABELS,
} from '@gestcava/contracts';
import { invalidProps } from '@/components/form/form-errors';
import { useAutomezziOptions } from '@/lib/automezzi';
import { FormField } from '@/components/form/form-field';
import type { Trasporto, TrasportoField } from '../model/nuovo-ddt';
import { outlined } from './ddt-figures';

const CURA_OPTIONS = TRASPORTO_A_CURA.map((v) => ({ value: v, label: TRASPORTO_A_CURA_LABELS[v] }));
const PORTO_OPTIONS = PORTI.map((v) => ({ value: v, label: PORTO_LABELS[v] }));
const ASPETTI = 'ddt-aspetti';
const AUTOMEZZI = 'ddt-automezzi';
const ASPETTI_SUGGERITI = [
  'Blocchi sciolti',
  'Pacchi su cavalletti',
  'Lastre su cavalletti',
  'Casse su bancali',
  'Sciolto',
];
const LIMITS: Partial<Record<TrasportoField, number>> = {
  vettoreRagioneSociale: 200,
  vettorePartitaIva: 20,
  vettoreIndirizzo: 300,
  targa: 20,
  aspetto: 200,
  indirizzo: 200,
  cap: 10,
  comune: 100,
  provincia: 5,
  nazione: 2,
  partenzaIndirizzo: 200,
  partenzaCap: 10,
  partenzaComune: 100,
  partenzaProvincia: 5,
  partenzaNazione: 2,
};

/** "2026-11-25T14:30" for the local date-time input, and back to an ISO instant. */
const toLocal = (iso: string) =>
  Number.isNaN(Date.parse(iso)) ? '' : format(new Date(iso), "yyyy-MM-dd'T'HH:mm");
const fromLocal = (local: string) => (local ? new Date(local).toISOString() : '');

/** Step 3: who carries the goods (a vettore with its targa), porto, aspetto, when it starts, where it goes, notes. */
export function TrasportoStep({
  value: t,
  errors,
  onChange,
}: {
  value: Trasporto;
  errors: Partial<Record<TrasportoField, string>>;
  onChange: (patch: Partial<Trasporto>) => void;
}) {
  // the company's own trucks (Anagrafica → Automezzi) are offered as plates when it carries; any other plate can be typed
  const automezzi = useAutomezziOptions().data ?? [];
  const text = (
    name: TrasportoField,
    label: string,
    opts: { className?: string; required?: boolean; list?: string; hint?: string } = {},
  ) => {
    const id = `ddt-${name}`;
    return (
      <FormField
        id={id}
        label={label}
        required={opts.required}
        error={errors[name]}
        hint={opts.hint}
        className={opts.className ?? 'col-12 md:col-6'}
      >
        <InputText
          id={id}
          value={t[name]}
          onChange={(e) => onChange({ [name]: e.target.value })}
          maxLength={LIMITS[name]}
          list={opts.list}
          autoComplete="off"
          className={`w-full${errors[name] ? ' p-invalid' : ''}`}
          data-testid={id}
          {...invalidProps(id, errors[name])}
        />
      </FormField>
    );
  };

  return (
    <div className="formgrid grid">
      <FormField id="ddt-trasportoACura" label="Trasporto a cura del" className="col-12 md:col-6">
        <SelectButton
          id="ddt-trasportoACura"
          value={t.trasportoACura}
          options={outlined(CURA_OPTIONS, t.trasportoACura)}
          allowEmpty={false}
          onChange={(e) =>
            e.value && onChange({ trasportoACura: e.value as Trasporto['trasportoACura'] })
          }
          aria-label="Trasporto a cura del"
          data-testid="ddt-trasportoACura"
        />
      </FormField>
      <FormField id="ddt-porto" label="Porto" className="col-12 md:col-6">
        <SelectButton
          id="ddt-porto"
          value={t.porto}
          options={outlined(PORTO_OPTIONS, t.porto)}
          allowEmpty={false}
          onChange={(e) => e.value && onChange({ porto: e.value as Trasporto['porto'] })}
          aria-label="Porto"
          data-testid="ddt-porto"
        />
      </FormField>
      {t.trasportoACura === 'vettore' && (
        <>
          {text('vettoreRagioneSociale', 'Vettore (ragione sociale)', { required: true })}
          {text('vettorePartitaIva', 'P.IVA del vettore', { className: 'col-12 md:col-3' })}
          {text('targa', 'Targa', { required: true, className: 'col-12 md:col-3' })}
          {text('vettoreIndirizzo', 'Sede del vettore', {
            className: 'col-12',
            hint: 'Indirizzo, CAP, comune: stampato sul DDT',
          })}
        </>
      )}
      {t.trasportoACura !== 'vettore' &&
        text('targa', 'Targa del mezzo', {
          list: t.trasportoACura === 'mittente' ? AUTOMEZZI : undefined,
          hint:
            t.trasportoACura === 'mittente'
              ? 'Uno dei tuoi automezzi, o un’altra targa'
              : 'Il mezzo del destinatario, se noto',
        })}
      <datalist id={AUTOMEZZI}>
        {automezzi.map((a) => (
          <option key={a.value} value={a.value} label={a.label} />
        ))}
      </datalist>
      {text('aspetto', 'Aspetto esteriore dei beni', { list: ASPETTI })}
      <datalist id={ASPETTI}>
        {ASPETTI_SUGGERITI.map((a) => (
          <option key={a} value={a} />
        ))}
      </datalist>
      <FormField
        id="ddt-inizioTrasporto"
        label="Inizio trasporto"
        required
        error={errors.inizioTrasporto}
        className="col-12 md:col-6"
      >
        <InputText
          id="ddt-inizioTrasporto"
          type="datetime-local"
          value={toLocal(t.inizioTrasporto)}
          onChange={(e) => onChange({ inizioTrasporto: fromLocal(e.target.value) })}
          className={`w-full${errors.inizioTrasporto ? ' p-invalid' : ''}`}
          data-testid="ddt-inizioTrasporto"
          {...invalidProps('ddt-inizioTrasporto', errors.inizioTrasporto)}
        />
      </FormField>
      <h3 className="col-12 ddt-subtitle">Destinazione</h3>
      {text('indirizzo', 'Indirizzo', {
        required: true,
        hint: 'Proposto dal destinatario: cambialo se la merce va altrove',
      })}
      {text('comune', 'Comune', { required: true })}
      {text('cap', 'CAP', { className: 'col-4 md:col-2' })}
      {text('provincia', 'Provincia', { className: 'col-4 md:col-2' })}
      {text('nazione', 'Nazione (sigla)', { className: 'col-4 md:col-2' })}
      <h3 className="col-12 ddt-subtitle">Luogo di partenza</h3>
      {text('partenzaIndirizzo', 'Indirizzo', {
        hint: 'Dove si trova la merce: la sede della ditta, se non lo cambi',
      })}
      {text('partenzaComune', 'Comune')}
      {text('partenzaCap', 'CAP', { className: 'col-4 md:col-2' })}
      {text('partenzaProvincia', 'Provincia', { className: 'col-4 md:col-2' })}
      {text('partenzaNazione', 'Nazione (sigla)', { className: 'col-4 md:col-2' })}
      <FormField id="ddt-note" label="Note" className="col-12">
        <InputTextarea
          id="ddt-note"
          value={t.note}
          onChange={(e) => onChange({ note: e.target.value })}
          rows={2}
          maxLength={2000}
          autoResize
          className="w-full"
          data-testid="ddt-note"
        />
      </FormField>
    </div>
  );
}
