import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputTextarea } from 'primereact/inputtextarea';
import {
  ABBUONO_LABELS,
  ABBUONO_TIPI,
  BLOCCO_STATO_LABELS,
  DIFETTI,
  DIFETTO_LABELS,
  detailPath,
  ESITI,
  SCELTA_LABELS,
  SCELTE,
  UNITA_PREZZO_COLLAUDO,
  UNITA_PREZZO_COLLAUDO_LABELS,
  type AbbuonoTipo,
  type CollaudoRiga,
  type Esito,
} from '@gestcava/contracts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ComputedValues } from '@/components/form/computed-values';
import { dropdownPt } from '@/components/form/dropdown-a11y';
import { NumberInput } from '@/components/form/number-input';
import { RecordLink } from '@/components/record-link';
import { formatEuroCents, formatNumber, formatVolume, formatWeight } from '@/lib/format';
import { ABBUONO_UNITS, misure } from './collaudo-format';
import { previewOf, type RigaDraft } from './riga-model';

export type RigaStatus = { kind: 'saved' } | { kind: 'dirty' } | { kind: 'saving' } | { kind: 'error'; message: string };

const ESITO_BUTTONS: Record<Esito, { label: string; icon: string; className: string }> = {
  accettato: { label: 'Accettato', icon: 'pi pi-check', className: 'esito-accettato' },
  accettato_con_riserva: { label: 'Con riserva', icon: 'pi pi-exclamation-triangle', className: 'esito-riserva' },
  rifiutato: { label: 'Rifiutato', icon: 'pi pi-times', className: 'esito-rifiutato' },
};
const ABBUONO_OPTIONS = [{ value: null, label: 'Nessun abbuono' }, ...ABBUONO_TIPI.map((t) => ({ value: t, label: ABBUONO_LABELS[t] }))];

/**
 * One block of the collaudo, filled in on a tablet in the yard: the measures found (the declared
 * ones as placeholders, Enter goes to the next number), the defects found beside the declared ones,
 * the abbuono, the outcome as three big buttons, the price €/m³ or €/t and the weighbridge's tonnes.
 * The net measures, m³, t and amount follow every key (the contracts' `calcolaRiga`, what the
 * server stores). Numbers and notes are saved when left, buttons at once, or with "Salva".
 */
export function RigaCard({
  riga,
  index,
  draft,
  status,
  onChange,
  onCommit,
  onRemove,
  removing,
  photo,
}: {
  riga: CollaudoRiga;
  index: number;
  draft: RigaDraft;
  status: RigaStatus;
  /** the draft changed; `commit` saves it at once (buttons, toggles) */
  onChange: (next: RigaDraft, commit?: boolean) => void;
  /** save what differs from the stored row */
  onCommit: (draft: RigaDraft) => void;
  onRemove: () => void;
  removing?: boolean;
  /** the camera button that tags a photo with this block */
  photo?: ReactNode;
}) {
  const b = riga.blocco;
  const [askRemove, setAskRemove] = useState(false);
  const preview = previewOf(riga, draft);
  const fid = (name: string) => `riga-${index + 1}-${name}`;
  const set = <K extends keyof RigaDraft>(key: K, value: RigaDraft[K], commit = false) => onChange({ ...draft, [key]: value }, commit);
  const commit = () => onCommit(draft);
  const riserva = draft.esito === 'accettato_con_riserva';
  const noteMissing = riserva && draft.note.trim() === '';
  const abbuono = draft.abbuonoTipo ? ABBUONO_UNITS[draft.abbuonoTipo] : null;
  const bloccoPath = detailPath(b.origine === 'esterno' ? 'blocco-esterno' : 'blocco', b._id);

  // Enter goes to the card's next number (measures, abbuono, price, tonnes); after the last it is left and saved
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key !== 'Enter' || !(e.target instanceof HTMLInputElement) || !e.target.classList.contains('number-input')) return;
    e.preventDefault();
    const inputs = Array.from(e.currentTarget.querySelectorAll<HTMLInputElement>('input.number-input:not([disabled])'));
    const next = inputs[inputs.indexOf(e.target) + 1];
    if (next) {
      next.focus();
      next.select();
    } else e.target.blur();
  };

  const number = (name: 'lunghezzaRilevata' | 'altezzaRilevata' | 'profonditaRilevata', label: string, declared: number) => (
    <div className="riga-field">
      <label htmlFor={fid(name)}>{label}</label>
      <NumberInput id={fid(name)} value={draft[name]} onChange={(v) => set(name, v)} onBlur={commit} decimals={0} placeholder={formatNumber(declared, 0)} testId={`riga-${name}`} />
    </div>
  );

  return (
    <article className="card riga-card" aria-labelledby={fid('title')} data-testid="riga-card" data-codice={b.codice} onKeyDown={onKeyDown}>
      <header className="riga-card-head">
        <div className="riga-card-title">
          <h3 id={fid('title')} className="m-0">
            <span className="riga-card-n">{index + 1}.</span> <RecordLink to={bloccoPath}>{b.codice}</RecordLink>
          </h3>
          <span className="text-color-secondary">
            {[b.materiale.nome, SCELTA_LABELS[b.scelta], b.origine === 'esterno' ? 'esterno' : null].filter(Boolean).join(' · ')}
          </span>
          <span className="text-color-secondary">
            Dichiarato {misure(b.lunghezza, b.altezza, b.profondita)} · {formatVolume(b.volume)}
            {riga.statoPrecedente === 'opzionato' ? ` · era ${BLOCCO_STATO_LABELS.opzionato.toLowerCase()}` : ''}
          </span>
        </div>
        <div className="riga-card-actions">
          {photo}
          <Button type="button" icon="pi pi-trash" outlined severity="danger" aria-label={`Togli ${b.codice} dal collaudo`} onClick={() => setAskRemove(true)} data-testid="riga-remove" />
        </div>
      </header>

      <fieldset className="riga-section">
        <legend>Misure rilevate (cm)</legend>
        <div className="riga-misure">
          {number('lunghezzaRilevata', 'Lunghezza', b.lunghezza)}
          {number('altezzaRilevata', 'Altezza', b.altezza)}
          {number('profonditaRilevata', 'Profondità', b.profondita)}
        </div>
      </fieldset>

      <fieldset className="riga-section">
        <legend>Difetti</legend>
        <p className="riga-dichiarati">
          <span className="text-color-secondary">Dichiarati:</span> {b.difettiDichiarati.length > 0 ? b.difettiDichiarati.map((d) => DIFETTO_LABELS[d]).join(', ') : 'nessuno'}
          {b.noteDifetti ? ` (${b.noteDifetti})` : ''}
        </p>
        <div className="riga-chips" role="group" aria-label="Difetti riscontrati">
          {DIFETTI.map((d) => {
            const on = draft.difettiRiscontrati.includes(d);
            const declared = b.difettiDichiarati.includes(d);
            return (
              <button
                key={d}
                type="button"
                className={`riga-chip${on ? ' riga-chip-on' : ''}${declared ? ' riga-chip-declared' : ''}`}
                aria-pressed={on}
                onClick={() => set('difettiRiscontrati', on ? draft.difettiRiscontrati.filter((x) => x !== d) : [...draft.difettiRiscontrati, d], true)}
                data-testid={`riga-difetto-${d}`}
              >
                {on && <i className="pi pi-check" aria-hidden="true" />}
                {DIFETTO_LABELS[d]}
                {declared && <span className="riga-chip-mark" title="Dichiarato">D</span>}
              </button>
            );
          })}
        </div>
      </fieldset>

      <div className="riga-row">
        <div className="riga-field">
          <label htmlFor={fid('abbuonoTipo')}>Abbuono</label>
          <Dropdown
            inputId={fid('abbuonoTipo')}
            pt={dropdownPt('Abbuono')}
            value={draft.abbuonoTipo}
            options={ABBUONO_OPTIONS}
            placeholder="Nessun abbuono"
            onChange={(e) => onChange({ ...draft, abbuonoTipo: (e.value as AbbuonoTipo | null) ?? null, abbuonoValore: e.value ? draft.abbuonoValore : null }, true)}
            className="w-full"
            data-testid="riga-abbuono-tipo"
          />
        </div>
        {abbuono && (
          <div className="riga-field">
            <label htmlFor={fid('abbuonoValore')}>Valore dell&apos;abbuono</label>
            <NumberInput id={fid('abbuonoValore')} value={draft.abbuonoValore} onChange={(v) => set('abbuonoValore', v)} onBlur={commit} decimals={abbuono.decimals} unit={abbuono.unit} testId="riga-abbuono-valore" />
          </div>
        )}
      </div>

      <fieldset className="riga-section">
        <legend>Esito</legend>
        <div className="riga-esiti" role="group" aria-label="Esito">
          {ESITI.map((e) => {
            const m = ESITO_BUTTONS[e];
            const on = draft.esito === e;
            return (
              <button key={e} type="button" className={`riga-esito ${m.className}${on ? ' riga-esito-on' : ''}`} aria-pressed={on} onClick={() => set('esito', on ? null : e, true)} data-testid={`riga-esito-${e}`}>
                <i className={m.icon} aria-hidden="true" />
                <span>{m.label}</span>
              </button>
            );
          })}
        </div>
      </fieldset>

      <div className="riga-field">
        <label htmlFor={fid('note')}>
          {riserva ? 'Riserva' : 'Note'}
          {riserva && (
            <span className="field-required" aria-hidden="true">
              {' '}
              *
            </span>
          )}
        </label>
        <InputTextarea
          id={fid('note')}
          value={draft.note}
          onChange={(e) => set('note', e.target.value)}
          onBlur={commit}
          rows={2}
          autoResize
          placeholder={riserva ? 'Scrivi la riserva del compratore' : undefined}
          className={`w-full${noteMissing ? ' p-invalid' : ''}`}
          aria-invalid={noteMissing ? true : undefined}
          aria-describedby={noteMissing ? fid('note-hint') : undefined}
          data-testid="riga-note"
        />
        {noteMissing && (
          <small id={fid('note-hint')} className="p-error">
            Con riserva: scrivi quale.
          </small>
        )}
      </div>

      <div className="riga-row">
        <div className="riga-field">
          <label htmlFor={fid('prezzo')}>Prezzo</label>
          <NumberInput
            id={fid('prezzo')}
            value={draft.prezzo}
            onChange={(v) => set('prezzo', v)}
            onBlur={commit}
            decimals={2}
            unit={UNITA_PREZZO_COLLAUDO_LABELS[draft.unitaPrezzo]}
            placeholder={b.prezzoListino !== null ? `listino ${formatNumber(b.prezzoListino, 2)}` : undefined}
            testId="riga-prezzo"
          />
        </div>
        <div className="riga-field">
          <span className="riga-label" id={fid('unita')}>
            Prezzo a
          </span>
          <div className="riga-toggle" role="group" aria-labelledby={fid('unita')}>
            {UNITA_PREZZO_COLLAUDO.map((u) => (
              <button key={u} type="button" className={`riga-toggle-btn${draft.unitaPrezzo === u ? ' riga-toggle-on' : ''}`} aria-pressed={draft.unitaPrezzo === u} onClick={() => set('unitaPrezzo', u, true)} data-testid={`riga-unita-${u}`}>
                {UNITA_PREZZO_COLLAUDO_LABELS[u]}
              </button>
            ))}
          </div>
        </div>
        <div className="riga-field">
          <label htmlFor={fid('pesoRilevato')}>Peso alla pesa</label>
          <NumberInput id={fid('pesoRilevato')} value={draft.pesoRilevato} onChange={(v) => set('pesoRilevato', v)} onBlur={commit} decimals={2} unit="t" placeholder={b.pesoPesa !== null ? `blocco: ${formatWeight(b.pesoPesa)}` : 'facoltativo'} testId="riga-peso" />
        </div>
        <div className="riga-field riga-field-wide">
          <span className="riga-label" id={fid('scelta')}>
            Scelta assegnata
          </span>
          <div className="riga-toggle" role="group" aria-labelledby={fid('scelta')}>
            {SCELTE.map((s) => (
              <button key={s} type="button" className={`riga-toggle-btn${draft.sceltaAssegnata === s ? ' riga-toggle-on' : ''}`} aria-pressed={draft.sceltaAssegnata === s} onClick={() => set('sceltaAssegnata', draft.sceltaAssegnata === s ? null : s, true)}>
                {SCELTA_LABELS[s]}
              </button>
            ))}
          </div>
        </div>
      </div>

      <ComputedValues
        label={`Valori di ${b.codice} come saranno registrati`}
        testId="riga-preview"
        items={[
          { key: 'misure', label: 'Misure nette', value: misure(preview.lunghezzaNetta, preview.altezzaNetta, preview.profonditaNetta) },
          { key: 'volume', label: 'm³ netti', value: formatVolume(preview.volumeNettoAccettato) },
          // what a per-tonne price is charged on: the weighbridge (this reading, else the block's), else m³ × density
          { key: 'peso', label: 'Peso', value: `${formatWeight(preview.peso)} ${preview.pesoBase}` },
          { key: 'importo', label: 'Importo', value: preview.importo !== null ? formatEuroCents(preview.importo) : null },
        ]}
      />

      <footer className="riga-card-foot">
        <SaveStatus status={status} />
        <Button type="button" label="Salva" icon="pi pi-save" outlined={status.kind !== 'dirty'} disabled={status.kind === 'saving' || status.kind === 'saved'} onClick={commit} data-testid="riga-save" />
      </footer>

      <ConfirmDialog
        visible={askRemove}
        title={`Togliere ${b.codice} dal collaudo?`}
        confirmLabel="Togli il blocco"
        confirmIcon="pi pi-trash"
        danger
        loading={removing}
        onConfirm={() => {
          onRemove();
          setAskRemove(false);
        }}
        onCancel={() => setAskRemove(false)}
        testId="confirm-riga-remove"
      >
        <p className="m-0">
          Le misure e l&apos;esito scritti per {b.codice} si perdono; il blocco torna {BLOCCO_STATO_LABELS[riga.statoPrecedente].toLowerCase()}.
        </p>
      </ConfirmDialog>
    </article>
  );
}

function SaveStatus({ status }: { status: RigaStatus }) {
  const shown = {
    saved: { icon: 'pi pi-check-circle', text: 'Salvato', cls: 'riga-status-saved' },
    dirty: { icon: 'pi pi-pencil', text: 'Modifiche da salvare', cls: 'riga-status-dirty' },
    saving: { icon: 'pi pi-spin pi-spinner', text: 'Salvataggio…', cls: 'riga-status-saving' },
    error: { icon: 'pi pi-exclamation-circle', text: status.kind === 'error' ? status.message : '', cls: 'riga-status-error' },
  }[status.kind];
  return (
    <span className={`riga-status ${shown.cls}`} role="status" data-testid="riga-status" data-status={status.kind}>
      <i className={shown.icon} aria-hidden="true" />
      {shown.text}
    </span>
  );
}
