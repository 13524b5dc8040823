import { useMemo } from 'react';
import { Dropdown } from 'primereact/dropdown';
import { SelectButton } from 'primereact/selectbutton';
import {
  STATISTICHE_PER_LABELS,
  STATISTICHE_PER_SEZIONE,
  STATISTICHE_PRESET_LABELS,
  STATISTICHE_PRESETS,
  periodiConfronto,
  periodoPreset,
  type StatistichePer,
  type StatistichePreset,
} from '@gestcava/contracts';
import { DateInput } from '@/components/form/date-input';
import { dropdownPt } from '@/components/form/dropdown-a11y';
import { periodLabel, type StatisticheState } from '../lib/statistiche-view-model';

/**
 * The period (a preset, or dal/al typed) with what it is compared to, and the grouping the
 * section allows.
 */
export function StatisticheControls({
  state,
  set,
  today,
  stock,
}: {
  state: StatisticheState;
  set: (next: Partial<StatisticheState>) => void;
  today: string;
  /** the section shows the stock today: no period to compare */
  stock: boolean;
}) {
  const { dal, al } = state;
  const confronto = useMemo(() => periodiConfronto({ dal, al }), [dal, al]);
  const choosePreset = (preset: StatistichePreset | null) => {
    if (!preset) return;
    // a custom period starts from the one on screen, so the user edits rather than retypes it
    if (preset === 'personalizzato') set({ preset, dal: state.dal, al: state.al });
    else set({ preset, ...periodoPreset(preset, today) });
  };

  return (
    <section className="card statistiche-controls" aria-label="Periodo e raggruppamento">
      <div className="statistiche-field">
        <span className="statistiche-label" id="statistiche-periodo-label">
          Periodo
        </span>
        <SelectButton
          value={state.preset}
          // the theme draws every option filled: the ones not chosen are outlined, as in the stock dialogs
          options={STATISTICHE_PRESETS.map((p) => ({
            label: STATISTICHE_PRESET_LABELS[p],
            value: p,
            className: p === state.preset ? undefined : 'p-button-outlined',
          }))}
          onChange={(e) => choosePreset(e.value as StatistichePreset | null)}
          allowEmpty={false}
          aria-labelledby="statistiche-periodo-label"
          className="statistiche-presets"
          data-testid="statistiche-preset"
        />
      </div>
      {state.preset === 'personalizzato' && (
        <div className="statistiche-dates">
          <div className="statistiche-field">
            <label htmlFor="statistiche-dal" className="statistiche-label">
              Dal
            </label>
            <DateInput
              id="statistiche-dal"
              value={state.dal}
              max={state.al}
              onChange={(v) => v && v <= state.al && set({ dal: v })}
              testId="statistiche-dal"
            />
          </div>
          <div className="statistiche-field">
            <label htmlFor="statistiche-al" className="statistiche-label">
              Al
            </label>
            <DateInput
              id="statistiche-al"
              value={state.al}
              min={state.dal}
              onChange={(v) => v && v >= state.dal && set({ al: v })}
              testId="statistiche-al"
            />
          </div>
        </div>
      )}
      <div className="statistiche-field">
        <label htmlFor="statistiche-per" className="statistiche-label">
          Raggruppa per
        </label>
        <Dropdown
          inputId="statistiche-per"
          value={state.per}
          options={STATISTICHE_PER_SEZIONE[state.section].map((p) => ({
            label: STATISTICHE_PER_LABELS[p],
            value: p,
          }))}
          onChange={(e) => set({ per: e.value as StatistichePer })}
          pt={dropdownPt('Raggruppa per')}
          data-testid="statistiche-per"
        />
      </div>
      <p className="statistiche-period m-0" data-testid="statistiche-periodo">
        {stock ? (
          'Giacenza a oggi'
        ) : (
          <>
            <strong>{periodLabel(state)}</strong>
            <span className="text-color-secondary">
              {' '}
              · confronto con {periodLabel(confronto.previous)} e {periodLabel(confronto.lastYear)}
            </span>
          </>
        )}
      </p>
    </section>
  );
}
