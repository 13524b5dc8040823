import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { bilancioMassa, type Bancata } from '@gestcava/contracts';
import { BancataSottoprodottiSection } from './bancata-data-sections';

// a closed bancata whose blocks, informi, scaglie (bianche and scure), scogliere and terre miss its gross weight by more
// than 10 % says so; an open one is still giving its stone and shows no balance.
const bancata = (stato: Bancata['stato'], scaglieT: number): Bancata =>
  ({
    stato,
    informiT: 100,
    scaglieT,
    scaglieScureT: 20,
    scogliereT: 10,
    terreT: 100,
    blocchiInformi: { count: 1, pesoT: 5.42 },
    bilancioMassa: bilancioMassa({
      lordoT: 542,
      blocchiT: 26.83,
      informiBlocchiT: 5.42,
      informiT: 100,
      scaglieT,
      scaglieScureT: 20,
      scogliereT: 10,
      terreT: 100,
      chiusa: stato === 'chiusa',
    }),
  }) as Bancata;

describe('bancata by-products and mass balance', () => {
  it('warns on a closed bancata off by 11 %, with the figures', () => {
    // 26.83 + (5.42 + 100) + (220 + 20) + 10 + 100 = 482.25 t against 542 t
    render(<BancataSottoprodottiSection bancata={bancata('chiusa', 220)} />);
    expect(screen.getByTestId('bancata-bilancio-warning')).toHaveTextContent(
      'Bilancio di massa fuori tolleranza: blocchi, informi, scaglie, scogliere e terre fanno 482,25 t contro 542,00 t di peso lordo stimato (-11,0 %, oltre il 10 %).',
    );
    expect(screen.getByTestId('bancata-bilancio')).toHaveTextContent(
      'Informi105,42 tScaglie240,00 tScogliere10,00 tTerre100,00 t',
    );
    expect(screen.getByTestId('bancata-sottoprodotti')).toHaveTextContent(
      'Informi registrati come blocchi1 · 5,42 t',
    );
    expect(screen.getByTestId('bancata-sottoprodotti')).toHaveTextContent(
      'Scaglie bianche220,00 tScaglie scure20,00 tScogliere10,00 t',
    );
  });

  it('no warning within the tolerance, and no balance while the bancata is open', () => {
    const { unmount } = render(<BancataSottoprodottiSection bancata={bancata('chiusa', 270)} />);
    expect(screen.queryByTestId('bancata-bilancio-warning')).toBeNull();
    expect(screen.getByTestId('bancata-bilancio')).toHaveTextContent('Differenza-1,8 %');
    unmount();
    render(<BancataSottoprodottiSection bancata={bancata('in_riquadratura', 220)} />);
    expect(screen.queryByTestId('bancata-bilancio-warning')).toBeNull();
    expect(screen.queryByTestId('bancata-bilancio')).toBeNull();
  });
});
