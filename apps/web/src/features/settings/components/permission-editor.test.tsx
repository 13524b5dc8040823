import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  PAGE_KEYS,
  PAGE_LABELS,
  PERMISSION_PRESETS,
  can,
  permissionPreset,
  type Permissions,
} from '@gestcava/contracts';
import { PermissionEditor } from './permission-editor';
import {
  READ_ONLY_PAGES,
  gridOf,
  matchingPreset,
  permissionsOf,
  presetPermissions,
  toggle,
} from './permissions-model';

/** What the editor last emitted (a box, so the harness does not reassign a module variable). */
const emitted: { value: Permissions } = { value: {} };
function Harness({ initial = {} }: { initial?: Permissions }) {
  const [value, setValue] = useState<Permissions>(initial);
  return (
    <PermissionEditor
      value={value}
      onChange={(v) => {
        emitted.value = v;
        setValue(v);
      }}
    />
  );
}

// getByLabelText walks every label each time and is slow on 28 toggles: the inputs by id, and
// the first test checks that each one has its Italian label.
const keyOf = (label: string) => PAGE_KEYS.find((k) => PAGE_LABELS[k] === label) ?? label;
const byId = (id: string) => {
  const el = document.getElementById(id);
  if (!el) throw new Error(`no #${id}`);
  return el;
};
const access = (label: string) => byId(`perm-${keyOf(label)}-access`);
const write = (label: string) => byId(`perm-${keyOf(label)}-write`);

beforeEach(() => {
  emitted.value = {};
});

describe('permission editor', { timeout: 30_000 }, () => {
  it('lists every page key of the registry with accesso and modifica', () => {
    render(<Harness />);
    for (const key of PAGE_KEYS) {
      expect(document.querySelector(`label[for="perm-${key}-access"]`)).toHaveTextContent(
        `Accesso a ${PAGE_LABELS[key]}`,
      );
      if (key === 'dashboard') continue;
      expect(access(PAGE_LABELS[key])).not.toBeChecked();
      if (READ_ONLY_PAGES.includes(key)) continue;
      expect(write(PAGE_LABELS[key])).not.toBeChecked();
      expect(document.querySelector(`label[for="perm-${key}-write"]`)).toHaveTextContent(
        `Modifica di ${PAGE_LABELS[key]}`,
      );
    }
    expect(screen.getByLabelText('Modifica di Collaudi')).toBe(write('Collaudi'));
    expect(screen.getAllByRole('row')).toHaveLength(PAGE_KEYS.length + 1);
  });

  it('Dashboard is always on; Dashboard and Chat have no modifica, where writing means nothing', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness />);
    expect(access('Dashboard')).toBeChecked();
    expect(access('Dashboard')).toBeDisabled();
    expect(screen.getByRole('row', { name: /Dashboard/ })).toHaveTextContent('(sempre attiva)');
    expect(document.getElementById('perm-dashboard-write')).toBeNull();
    expect(document.getElementById('perm-chat-write')).toBeNull();
    expect(screen.queryByLabelText('Modifica di Chat')).not.toBeInTheDocument();
    await user.click(access('Chat'));
    expect(emitted.value).toEqual({ chat: true });
  });

  it('modifica implies accesso; removing accesso removes modifica', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness />);
    await user.click(write('Collaudi'));
    expect(write('Collaudi')).toBeChecked();
    expect(access('Collaudi')).toBeChecked();
    expect(emitted.value).toEqual({ collaudi: true });

    await user.click(write('Collaudi'));
    expect(write('Collaudi')).not.toBeChecked();
    expect(access('Collaudi')).toBeChecked();
    expect(emitted.value).toEqual({ collaudi: { access: true, write: false } });
    expect(can({ role: 'user', permissions: emitted.value }, 'collaudi', 'read')).toBe(true);
    expect(can({ role: 'user', permissions: emitted.value }, 'collaudi', 'write')).toBe(false);

    await user.click(write('Collaudi'));
    await user.click(access('Collaudi'));
    expect(access('Collaudi')).not.toBeChecked();
    expect(write('Collaudi')).not.toBeChecked();
    expect(emitted.value).toEqual({});
  });

  it('a preset sets exactly its pages and shows as chosen; a change makes it custom', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Magazzino' }));
    expect(emitted.value).toEqual(permissionPreset('Magazzino'));
    // the job's own pages (docs/screens.md "Demo data"); a module's page may add itself to the preset (contracts' PAGES)
    expect(emitted.value).toMatchObject({
      dashboard: true,
      'lavorazione-lastre': true,
      'lavorazione-pavimenti': true,
      'magazzino-lastre': true,
      'magazzino-pavimenti': true,
      'photo-gallery': true,
      spedizioni: true,
      chat: true,
    });
    expect(screen.getByRole('button', { name: 'Magazzino' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(access('Bancate')).not.toBeChecked();
    expect(write('Magazzino Lastre')).toBeChecked();

    await user.click(write('Bancate'));
    expect(screen.getByRole('button', { name: 'Magazzino' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );

    await user.click(screen.getByRole('button', { name: 'Sola lettura' }));
    for (const key of PAGE_KEYS) {
      expect(access(PAGE_LABELS[key])).toBeChecked();
      if (!READ_ONLY_PAGES.includes(key)) expect(write(PAGE_LABELS[key])).not.toBeChecked();
    }
    await user.click(screen.getByRole('button', { name: 'Nessuno' }));
    expect(emitted.value).toEqual({});
  });

  it('reads the stored shapes: true, false, { access }, { access, write }', () => {
    render(
      <Harness
        initial={{
          bancate: true,
          blocchi: { access: true, write: false },
          collaudi: { access: true },
          chat: false,
        }}
      />,
    );
    expect(write('Bancate')).toBeChecked();
    expect(access('Blocchi')).toBeChecked();
    expect(write('Blocchi')).not.toBeChecked();
    // write defaults to access (docs/api.md "Who may call what")
    expect(write('Collaudi')).toBeChecked();
    expect(access('Chat')).not.toBeChecked();
  });
});

describe('permissions model', () => {
  it('every preset round-trips and is recognised', () => {
    for (const preset of PERMISSION_PRESETS) {
      expect(matchingPreset(preset.permissions)).toBe(preset.name);
      const once = permissionsOf(gridOf(preset.permissions));
      expect(permissionsOf(gridOf(once))).toEqual(once);
      // the same rights as the preset itself, page by page
      for (const key of PAGE_KEYS) {
        for (const mode of ['read', 'write'] as const) {
          expect(
            can({ role: 'user', permissions: presetPermissions(preset.name) }, key, mode),
          ).toBe(can({ role: 'user', permissions: preset.permissions }, key, mode));
        }
      }
    }
  });

  it('toggle never leaves modifica without accesso', () => {
    let p: Permissions = {};
    p = toggle(p, 'blocchi', 'write', true);
    expect(gridOf(p).blocchi).toEqual({ access: true, write: true });
    p = toggle(p, 'blocchi', 'access', false);
    expect(gridOf(p).blocchi).toEqual({ access: false, write: false });
    expect(p).toEqual({});
  });
});
