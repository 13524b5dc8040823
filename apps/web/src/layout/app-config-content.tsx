import { useId } from 'react';
import { Sidebar } from 'primereact/sidebar';
import { RadioButton } from 'primereact/radiobutton';
import { InputSwitch } from 'primereact/inputswitch';
import { Button } from 'primereact/button';
import { SCALES, THEME_COLORS, THEME_COLOR_LABELS, type LayoutConfig } from './layout-config';
import { useLayout } from './layout-context';

interface Choice<T extends string> {
  value: T;
  label: string;
}

type ChoiceKey = 'menuMode' | 'colorScheme' | 'theme' | 'inputStyle';

const CHOICES: { [K in ChoiceKey]: { legend: string; choices: Choice<LayoutConfig[K]>[] } } = {
  menuMode: {
    legend: 'Modalità del menu',
    choices: [
      { value: 'static', label: 'Fisso' },
      { value: 'overlay', label: 'Sovrapposto' },
    ],
  },
  colorScheme: {
    legend: 'Tema',
    choices: [
      { value: 'light', label: 'Chiaro' },
      { value: 'dark', label: 'Scuro' },
    ],
  },
  theme: {
    legend: 'Colore',
    choices: THEME_COLORS.map((c) => ({ value: c, label: THEME_COLOR_LABELS[c] })),
  },
  inputStyle: {
    legend: 'Stile dei campi',
    choices: [
      { value: 'outlined', label: 'Bordato' },
      { value: 'filled', label: 'Pieno' },
    ],
  },
};

/** One of the settings chosen among a few values (CHOICES), as radio buttons. */
function RadioGroup<K extends ChoiceKey>({ name }: { name: K }) {
  const { config, setConfig } = useLayout();
  const base = useId();
  const { legend, choices } = CHOICES[name];
  return (
    <fieldset className="config-fieldset">
      <legend>{legend}</legend>
      <div className="flex flex-wrap gap-3">
        {choices.map((c) => (
          <div key={c.value} className="flex align-items-center gap-2">
            <RadioButton
              inputId={`${base}-${c.value}`}
              name={name}
              value={c.value}
              checked={config[name] === c.value}
              onChange={() => setConfig({ [name]: c.value })}
            />
            <label htmlFor={`${base}-${c.value}`}>{c.label}</label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/** A step of the text size, smaller or larger (none past either end of SCALES). */
function ScaleStep({ by }: { by: -1 | 1 }) {
  const { config, setConfig } = useLayout();
  const next = SCALES[SCALES.indexOf(config.scale as (typeof SCALES)[number]) + by];
  return (
    <Button
      icon={by < 0 ? 'pi pi-minus' : 'pi pi-plus'}
      type="button"
      rounded
      text
      aria-label={by < 0 ? 'Riduci' : 'Ingrandisci'}
      disabled={next === undefined}
      onClick={() => setConfig({ scale: next ?? config.scale })}
    />
  );
}

/** Layout settings (Sakai's AppConfig): scale, menu mode, colour scheme, theme, input style, ripple. */
export default function AppConfigContent() {
  const { config, setConfig, state, setState } = useLayout();
  const rippleId = useId();

  return (
    <Sidebar
      visible={state.configSidebarVisible}
      onHide={() => setState({ configSidebarVisible: false })}
      position="right"
      className="layout-config-sidebar"
      header={<h2 className="m-0 text-xl">Aspetto</h2>}
      ariaCloseLabel="Chiudi"
    >
      <fieldset className="config-fieldset">
        <legend>Dimensione del testo</legend>
        <div className="flex align-items-center gap-2">
          <ScaleStep by={-1} />
          <div className="flex gap-2 align-items-center" aria-hidden="true">
            {SCALES.map((s) => (
              <i
                key={s}
                className={`pi pi-circle-fill scale-dot${s === config.scale ? ' scale-dot-active' : ''}`}
              />
            ))}
          </div>
          <ScaleStep by={1} />
          <span className="ml-2" data-testid="config-scale">
            {config.scale}px
          </span>
        </div>
      </fieldset>

      <RadioGroup name="menuMode" />
      <RadioGroup name="colorScheme" />
      <RadioGroup name="theme" />
      <RadioGroup name="inputStyle" />
      <fieldset className="config-fieldset">
        <legend>Effetto ripple</legend>
        <div className="flex align-items-center gap-2">
          <InputSwitch
            inputId={rippleId}
            checked={config.ripple}
            onChange={(e) => setConfig({ ripple: e.value === true })}
          />
          <label htmlFor={rippleId}>{config.ripple ? 'Attivo' : 'Disattivo'}</label>
        </div>
      </fieldset>
    </Sidebar>
  );
}
