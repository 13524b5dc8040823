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

function RadioGroup<T extends string>({
  legend,
  name,
  value,
  choices,
  onChange,
}: {
  legend: string;
  name: string;
  value: T;
  choices: Choice<T>[];
  onChange: (v: T) => void;
}) {
  const base = useId();
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
              checked={value === c.value}
              onChange={() => onChange(c.value)}
            />
            <label htmlFor={`${base}-${c.value}`}>{c.label}</label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/** Layout settings (Sakai's AppConfig): scale, menu mode, colour scheme, theme, input style, ripple. */
export default function AppConfigContent() {
  const { config, setConfig, state, setState } = useLayout();
  const rippleId = useId();
  const set = <K extends keyof LayoutConfig>(key: K) => (value: LayoutConfig[K]) => setConfig({ [key]: value });
  const scaleIndex = SCALES.indexOf(config.scale as (typeof SCALES)[number]);

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
          <Button
            icon="pi pi-minus"
            type="button"
            rounded
            text
            aria-label="Riduci"
            disabled={scaleIndex <= 0}
            onClick={() => setConfig({ scale: SCALES[scaleIndex - 1] ?? config.scale })}
          />
          <div className="flex gap-2 align-items-center" aria-hidden="true">
            {SCALES.map((s) => (
              <i key={s} className={`pi pi-circle-fill scale-dot${s === config.scale ? ' scale-dot-active' : ''}`} />
            ))}
          </div>
          <Button
            icon="pi pi-plus"
            type="button"
            rounded
            text
            aria-label="Ingrandisci"
            disabled={scaleIndex >= SCALES.length - 1}
            onClick={() => setConfig({ scale: SCALES[scaleIndex + 1] ?? config.scale })}
          />
          <span className="ml-2" data-testid="config-scale">
            {config.scale}px
          </span>
        </div>
      </fieldset>

      <RadioGroup
        legend="Modalità del menu"
        name="menuMode"
        value={config.menuMode}
        choices={[
          { value: 'static', label: 'Fisso' },
          { value: 'overlay', label: 'Sovrapposto' },
        ]}
        onChange={set('menuMode')}
      />
      <RadioGroup
        legend="Tema"
        name="colorScheme"
        value={config.colorScheme}
        choices={[
          { value: 'light', label: 'Chiaro' },
          { value: 'dark', label: 'Scuro' },
        ]}
        onChange={set('colorScheme')}
      />
      <RadioGroup
        legend="Colore"
        name="theme"
        value={config.theme}
        choices={THEME_COLORS.map((c) => ({ value: c, label: THEME_COLOR_LABELS[c] }))}
        onChange={set('theme')}
      />
      <RadioGroup
        legend="Stile dei campi"
        name="inputStyle"
        value={config.inputStyle}
        choices={[
          { value: 'outlined', label: 'Bordato' },
          { value: 'filled', label: 'Pieno' },
        ]}
        onChange={set('inputStyle')}
      />
      <fieldset className="config-fieldset">
        <legend>Effetto ripple</legend>
        <div className="flex align-items-center gap-2">
          <InputSwitch inputId={rippleId} checked={config.ripple} onChange={(e) => setConfig({ ripple: e.value === true })} />
          <label htmlFor={rippleId}>{config.ripple ? 'Attivo' : 'Disattivo'}</label>
        </div>
      </fieldset>
    </Sidebar>
  );
}
