import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ListTable, type ListColumn } from './list-table';
import type { ListParams } from './use-list-params';

interface Row {
  _id: string;
  codice: string;
  volume: number;
}
const COLUMNS: ListColumn<Row>[] = [
  { field: 'codice', header: 'Codice', sortable: true },
  { field: 'volume', header: 'Volume', sortable: true },
];
const params = {
  page: 1,
  limit: 20,
  sort: 'codice',
  q: '',
  filters: {},
  filtered: false,
  setPage: () => {},
  setSort: () => {},
  setQ: () => {},
  setFilter: () => {},
  clear: () => {},
} satisfies ListParams<never>;
const query = {
  data: { items: [{ _id: '1', codice: 'BL-1', volume: 4.2 }], total: 1 },
  isFetching: false,
  isError: false,
  error: null,
  refetch: () => {},
};

afterEach(() => vi.unstubAllGlobals());

describe('list cards on a phone', () => {
  it('the sort choices read crescente / decrescente (numbers too), not A→Z', () => {
    vi.stubGlobal('matchMedia', (q: string) => ({
      matches: true,
      media: q,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    render(
      <MemoryRouter>
        <ListTable
          label="Blocchi"
          query={query}
          params={params}
          columns={COLUMNS}
          rowLink={() => '/x'}
          onOpen={() => {}}
          card={(r) => ({ title: r.codice, lines: [] })}
          empty={null}
        />
      </MemoryRouter>,
    );
    const options = [...(screen.getByLabelText('Ordina per') as HTMLSelectElement).options].map(
      (o) => o.textContent,
    );
    expect(options).toEqual([
      'Codice (crescente)',
      'Codice (decrescente)',
      'Volume (crescente)',
      'Volume (decrescente)',
    ]);
  });
});

describe('a list sorted by a field no column shows', () => {
  it('names that order (newest first) instead of showing the first column ascending', () => {
    vi.stubGlobal('matchMedia', (q: string) => ({
      matches: true,
      media: q,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    render(
      <MemoryRouter>
        <ListTable
          label="Spedizioni"
          query={query}
          params={{ ...params, sort: '-createdAt' }}
          columns={COLUMNS}
          rowLink={() => '/x'}
          onOpen={() => {}}
          card={(r) => ({ title: r.codice, lines: [] })}
          empty={null}
        />
      </MemoryRouter>,
    );
    const select = screen.getByLabelText('Ordina per') as HTMLSelectElement;
    expect(select.selectedOptions[0]!.textContent).toBe('Inserimento (più recenti prima)');
  });
});

describe('a list without detail pages', () => {
  it('shows its rows as plain text: no link in the table nor on the cards', () => {
    render(
      <MemoryRouter>
        <ListTable
          label="Trasferimenti"
          query={query}
          params={params}
          columns={COLUMNS}
          card={(r) => ({ title: r.codice, lines: [] })}
          empty={null}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('cell', { name: 'BL-1' })).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('on a phone its cards are not links either', () => {
    vi.stubGlobal('matchMedia', (q: string) => ({
      matches: true,
      media: q,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    render(
      <MemoryRouter>
        <ListTable
          label="Trasferimenti"
          query={query}
          params={params}
          columns={COLUMNS}
          card={(r) => ({ title: r.codice, lines: ['4,2 m³'] })}
          empty={null}
        />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('list-card')).toHaveTextContent('BL-14,2 m³');
    expect(screen.queryByRole('link')).toBeNull();
  });
});
