import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { calcolaRiga, type CollaudoRiga } from '@gestcava/contracts';
import { setSession } from '@/lib/session';
import { DEMO_USERS } from '@/test/fixtures';
import { formatEuroCents, formatVolume, formatWeight } from '@/lib/format';
import { RigaCard } from './riga-card';
import { draftOf, rigaChanges, type RigaDraft } from './riga-model';
import { riga } from './collaudi-fixtures';

/** As the matcher reads an element's text: the currency's no-break space is a space. */
const shown = (text: string) => text.replace(/\u00a0/g, ' ');

function Harness({ r, onCommit }: { r: CollaudoRiga; onCommit: (d: RigaDraft) => void }) {
  const [draft, setDraft] = useState(() => draftOf(r));
  return (
    <MemoryRouter>
      <RigaCard
        riga={r}
        index={0}
        draft={draft}
        status={{ kind: 'saved' }}
        onChange={(next, commit) => {
          setDraft(next);
          if (commit) onCommit(next);
        }}
        onCommit={onCommit}
        onRemove={() => undefined}
      />
    </MemoryRouter>
  );
}

describe('a block’s card in the collaudo', { timeout: 30_000 }, () => {
  it('previews the net m³, t and amount the contract computes as measures, abbuono and price are typed', async () => {
    setSession(DEMO_USERS.vendite, 'token-1');
    const user = userEvent.setup({ delay: null });
    const commits: RigaDraft[] = [];
    const r = riga(1);
    render(<Harness r={r} onCommit={(d) => commits.push(d)} />);

    // nothing typed: the declared measures (placeholders) make the volume
    expect(screen.getByTestId('riga-lunghezzaRilevata')).toHaveAttribute('placeholder', '300');
    expect(screen.getByTestId('computed-volume')).toHaveTextContent('9,000 m³');
    expect(screen.getByTestId('computed-importo')).toHaveTextContent('—');

    // measures typed, Enter goes to the next one
    await user.click(screen.getByTestId('riga-lunghezzaRilevata'));
    await user.keyboard('310{Enter}');
    expect(screen.getByTestId('riga-altezzaRilevata')).toHaveFocus();
    await user.keyboard('195{Enter}');
    expect(screen.getByTestId('riga-profonditaRilevata')).toHaveFocus();
    await user.keyboard('148{Enter}');

    // an abbuono of 2 cm a side, a price in €/m³ with a comma
    await user.click(
      document.getElementById('riga-1-abbuonoTipo')?.closest('.p-dropdown') as HTMLElement,
    );
    await user.click(await screen.findByRole('option', { name: 'cm per lato', hidden: true }));
    await user.type(screen.getByTestId('riga-abbuono-valore'), '2');
    await user.type(screen.getByTestId('riga-prezzo'), '1250,50');
    await user.tab();

    const expected = calcolaRiga({
      dichiarate: { lunghezza: 300, altezza: 200, profondita: 150 },
      lunghezzaRilevata: 310,
      altezzaRilevata: 195,
      profonditaRilevata: 148,
      abbuonoTipo: 'cm_per_lato',
      abbuonoValore: 2,
      densita: 2.7,
      pesoPesa: null,
      pesoRilevato: null,
      prezzo: 1250.5,
      unitaPrezzo: 'm3',
    });
    expect(expected.volumeNettoAccettato).toBe(8.416);
    expect(screen.getByTestId('computed-misure')).toHaveTextContent('306 × 191 × 144 cm');
    expect(screen.getByTestId('computed-volume')).toHaveTextContent(
      formatVolume(expected.volumeNettoAccettato),
    );
    expect(screen.getByTestId('computed-peso')).toHaveTextContent(formatWeight(expected.peso));
    expect(screen.getByTestId('computed-importo')).toHaveTextContent(
      shown(formatEuroCents(expected.importo)),
    );
    expect(screen.getByTestId('computed-importo')).toHaveTextContent(/^10\.524,21\s€$/);

    // a percentage instead, and the price per tonne on the weighbridge's weight
    await user.click(
      document.getElementById('riga-1-abbuonoTipo')?.closest('.p-dropdown') as HTMLElement,
    );
    await user.click(await screen.findByRole('option', { name: '% sull’importo', hidden: true }));
    await user.clear(screen.getByTestId('riga-abbuono-valore'));
    await user.type(screen.getByTestId('riga-abbuono-valore'), '10');
    await user.click(screen.getByTestId('riga-unita-t'));
    await user.type(screen.getByTestId('riga-peso'), '24,5');
    const perT = calcolaRiga({
      ...{
        dichiarate: { lunghezza: 300, altezza: 200, profondita: 150 },
        densita: 2.7,
        pesoPesa: null,
      },
      lunghezzaRilevata: 310,
      altezzaRilevata: 195,
      profonditaRilevata: 148,
      abbuonoTipo: 'percentuale',
      abbuonoValore: 10,
      pesoRilevato: 24.5,
      prezzo: 1250.5,
      unitaPrezzo: 't',
    });
    expect(screen.getByTestId('computed-volume')).toHaveTextContent(
      formatVolume(perT.volumeNettoAccettato),
    );
    expect(screen.getByTestId('computed-peso')).toHaveTextContent('24,50 t');
    expect(screen.getByTestId('computed-importo')).toHaveTextContent(
      shown(formatEuroCents(perT.importo)),
    );

    // what a save sends: only the fields changed, as numbers
    const last = commits.at(-1);
    expect(last && rigaChanges(last, r)).toMatchObject({
      lunghezzaRilevata: 310,
      altezzaRilevata: 195,
      profonditaRilevata: 148,
      prezzo: 1250.5,
      unitaPrezzo: 't',
    });
  });

  it('the outcome is three buttons, saved at once; with a reserve the note asks to be written', async () => {
    setSession(DEMO_USERS.vendite, 'token-1');
    const user = userEvent.setup({ delay: null });
    const onCommit = vi.fn<(d: RigaDraft) => void>();
    render(<Harness r={riga(2)} onCommit={onCommit} />);
    await user.click(screen.getByTestId('riga-esito-accettato_con_riserva'));
    expect(screen.getByTestId('riga-esito-accettato_con_riserva')).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(onCommit).toHaveBeenLastCalledWith(
      expect.objectContaining({ esito: 'accettato_con_riserva' }),
    );
    expect(screen.getByLabelText(/Riserva/)).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByTestId('riga-note'), 'Pelo sul lato corto');
    expect(screen.getByTestId('riga-note')).not.toHaveAttribute('aria-invalid');
    // a declared defect found again
    await user.click(screen.getByTestId('riga-difetto-pelo'));
    expect(onCommit).toHaveBeenLastCalledWith(
      expect.objectContaining({ difettiRiscontrati: ['pelo'] }),
    );
  });

  it("a block weighed at the weighbridge: the card charges its tonnes and says 'pesato'; a reading typed here wins", async () => {
    setSession(DEMO_USERS.vendite, 'token-1');
    const user = userEvent.setup({ delay: null });
    // 220 × 200 × 110 cm = 4,84 m³ (13,07 t at 2,7 t/m³), 15,08 t at the weighbridge, 846 €/t
    const base = riga(3);
    const r = riga(3, {
      blocco: {
        ...base.blocco,
        lunghezza: 220,
        altezza: 200,
        profondita: 110,
        volume: 4.84,
        pesoPesa: 15.08,
      },
      unitaPrezzo: 't',
      prezzo: 846,
    });
    render(<Harness r={r} onCommit={() => undefined} />);
    expect(screen.getByTestId('computed-peso')).toHaveTextContent('15,08 t pesato');
    expect(screen.getByTestId('computed-importo')).toHaveTextContent(/^12\.757,68\s€$/);
    expect(screen.getByTestId('riga-peso')).toHaveAttribute('placeholder', 'blocco: 15,08 t');
    await user.type(screen.getByTestId('riga-peso'), '14,9');
    expect(screen.getByTestId('computed-peso')).toHaveTextContent('14,90 t pesato');
  });

  it("a block never weighed: the theoretical tonnes, said 'teorico'", () => {
    setSession(DEMO_USERS.vendite, 'token-1');
    render(<Harness r={riga(4, { unitaPrezzo: 't', prezzo: 100 })} onCommit={() => undefined} />);
    expect(screen.getByTestId('computed-peso')).toHaveTextContent('24,30 t teorico');
  });
});
