import type { StatisticaMetrica } from '@gestcava/contracts';

/** What each figure of the section counts, one line each, below the table (folded on a phone's page). */
export function StatisticheLegenda({ metrics }: { metrics: readonly StatisticaMetrica[] }) {
  return (
    <details className="card statistiche-legenda" data-testid="statistiche-legenda">
      <summary>Cosa contano le cifre</summary>
      <dl>
        {metrics.map((m) => (
          <div key={m.key}>
            <dt>{m.label}</dt>
            <dd>{m.descrizione}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
