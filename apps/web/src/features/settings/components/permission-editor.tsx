import { Checkbox } from 'primereact/checkbox';
import { Button } from 'primereact/button';
import { PAGE_KEYS, PAGE_LABELS, PERMISSION_PRESETS, type Permissions } from '@gestcava/contracts';
import {
  ALWAYS_ON_PAGE,
  READ_ONLY_PAGES,
  gridOf,
  matchingPreset,
  presetPermissions,
  toggle,
} from './permissions-model';

/**
 * Which pages a user sees and edits (docs/api.md "Who may call what"): every page key of the registry with its
 * `accesso` and `modifica` toggles (modifica implies accesso), and the presets as starting points.
 * The dashboard shows as always on; pages where writing means nothing have no `modifica` box.
 */
export function PermissionEditor({
  value,
  onChange,
  disabled = false,
  idPrefix = 'perm',
}: {
  value: Permissions;
  onChange: (permissions: Permissions) => void;
  disabled?: boolean;
  idPrefix?: string;
}) {
  const grid = gridOf(value);
  const preset = matchingPreset(value);
  return (
    <fieldset className="permission-editor" disabled={disabled} data-testid="permission-editor">
      <legend className="permission-editor-legend">Permessi per pagina</legend>
      <div className="permission-presets" role="group" aria-label="Modelli di permessi">
        <span className="permission-presets-label">Modelli:</span>
        {PERMISSION_PRESETS.map((p) => (
          <Button
            key={p.name}
            type="button"
            label={p.name}
            size="small"
            outlined={preset !== p.name}
            aria-pressed={preset === p.name}
            onClick={() => onChange(presetPermissions(p.name))}
            disabled={disabled}
            data-testid={`preset-${p.name}`}
          />
        ))}
        <Button
          type="button"
          label="Nessuno"
          size="small"
          text
          onClick={() => onChange({})}
          disabled={disabled}
        />
      </div>
      <table className="permission-table">
        <thead>
          <tr>
            <th scope="col">Pagina</th>
            <th scope="col">Accesso</th>
            <th scope="col">Modifica</th>
          </tr>
        </thead>
        <tbody>
          {PAGE_KEYS.map((key) => {
            const row = grid[key];
            const label = PAGE_LABELS[key];
            const accessId = `${idPrefix}-${key}-access`;
            const writeId = `${idPrefix}-${key}-write`;
            const alwaysOn = key === ALWAYS_ON_PAGE;
            return (
              <tr key={key} data-permission={key}>
                <th scope="row">
                  {label}
                  {alwaysOn && <span className="permission-note"> (sempre attiva)</span>}
                </th>
                <td>
                  <Checkbox
                    inputId={accessId}
                    checked={alwaysOn || row.access}
                    onChange={(e) => onChange(toggle(value, key, 'access', e.checked === true))}
                    disabled={disabled || alwaysOn}
                  />
                  <label htmlFor={accessId} className="p-hidden-accessible">
                    Accesso a {label}
                  </label>
                </td>
                <td>
                  {!READ_ONLY_PAGES.includes(key) && (
                    <>
                      <Checkbox
                        inputId={writeId}
                        checked={row.write}
                        onChange={(e) => onChange(toggle(value, key, 'write', e.checked === true))}
                        disabled={disabled}
                      />
                      <label htmlFor={writeId} className="p-hidden-accessible">
                        Modifica di {label}
                      </label>
                    </>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </fieldset>
  );
}
