import { QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { AnagraficaPickerItem } from '@gestcava/contracts';
import { AnagraficaPicker, type PickedAnagrafica } from './anagrafica-picker';

const CLIENTI: AnagraficaPickerItem[] = [
  {
    _id: 'c1',
    ragioneSociale: 'Edilpietra Veneta S.r.l.',
    partitaIva: null,
    comune: 'Verona',
    nazione: 'IT',
  },
  {
    _id: 'c2',
    ragioneSociale: 'Stone Design GmbH',
    partitaIva: null,
    comune: 'München',
    nazione: 'DE',
  },
];

function Harness({ onChange }: { onChange: (v: PickedAnagrafica | null) => void }) {
  const [value, setValue] = useState<PickedAnagrafica | null>(null);
  return (
    <AnagraficaPicker
      which="clienti"
      id="cliente"
      value={value}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
      choices={(q) =>
        queryOptions({
          queryKey: ['clienti-test', q],
          queryFn: () =>
            Promise.resolve(
              CLIENTI.filter((c) => c.ragioneSociale.toLowerCase().includes(q.toLowerCase())),
            ),
        })
      }
    />
  );
}

describe('AnagraficaPicker', () => {
  it('the dropdown button lists the names every time, also when the empty search is already loaded', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Harness onChange={onChange} />
      </QueryClientProvider>,
    );
    const button = screen.getByRole('button', { name: 'Mostra i clienti' });
    await user.click(button);
    await user.click(await screen.findByText('Stone Design GmbH'));
    expect(onChange).toHaveBeenLastCalledWith({ _id: 'c2', ragioneSociale: 'Stone Design GmbH' });
    await waitFor(() => expect(screen.queryByText('Edilpietra Veneta S.r.l.')).toBeNull());
    // the same empty search again: answered from the cache, and still the list opens
    await act(() => user.click(button));
    await user.click(await screen.findByText('Edilpietra Veneta S.r.l.'));
    expect(onChange).toHaveBeenLastCalledWith({
      _id: 'c1',
      ragioneSociale: 'Edilpietra Veneta S.r.l.',
    });
  });
});
