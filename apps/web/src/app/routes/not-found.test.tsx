import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { NotFoundPage } from './not-found';

describe('not-found page (docs/screens.md)', () => {
  it('has the exact title, message and three links to the home route', () => {
    render(
      <MemoryRouter>
        <NotFoundPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Pagina non trovata');
    expect(screen.getByText('La risorsa richiesta non è disponibile.')).toBeInTheDocument();
    const links = within(screen.getByRole('navigation')).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'Domande frequenti',
      'Centro assistenza',
      'Torna alla home',
    ]);
    for (const l of links) expect(l).toHaveAttribute('href', '/');
  });
});
