import type { LavorazioneLastre } from '@gestcava/contracts';
import { ComputedValues } from '@/components/form/computed-values';
import { formatArea, formatInteger, formatNumber } from '@/lib/format';
import { pacchiText, type CompletaFigures } from './completa-model';
import { formatResa } from './lavorazione-lastre-format';

/** Slabs, m², yield against the machine's maximum and bundles, live while the clerk types. */
export function CompletaLiveFigures({
  lav,
  figures,
}: {
  lav: LavorazioneLastre;
  figures: CompletaFigures;
}) {
  return (
    <ComputedValues
      label="Lastre, m² e resa calcolati"
      testId="completa-figures"
      items={[
        { key: 'numeroLastre', label: 'Lastre', value: formatInteger(figures.numeroLastre) },
        { key: 'mq', label: 'm² totali', value: figures.mq > 0 ? formatArea(figures.mq) : null },
        {
          key: 'resa',
          label: `Resa (${formatNumber(lav.blocco.volumeNetto, 3)} m³ netti)`,
          value: formatResa(figures.resa),
        },
        {
          key: 'resaTeorica',
          label: `Massimo teorico (${lav.spessoreMm} mm + ${formatNumber(lav.macchina.kerfMm)} mm di taglio, rifilo 2 × ${formatNumber(lav.macchina.rifiloMm)} mm)`,
          value: formatResa(lav.resaTeorica),
        },
        {
          key: 'pacchi',
          label: 'Pacchi',
          value: figures.numeroLastre > 0 ? pacchiText(figures.pacchi) : null,
        },
      ]}
    />
  );
}

/** What the confirmation loads into the stock, before the one request that does it. */
export function CompletaSummary({
  lav,
  figures,
  ubicazione,
}: {
  lav: LavorazioneLastre;
  figures: CompletaFigures;
  ubicazione: string | undefined;
}) {
  return (
    <section aria-labelledby="completa-riepilogo-title" data-testid="completa-summary">
      <h2 id="completa-riepilogo-title" className="text-xl mt-0">
        Riepilogo
      </h2>
      <p>
        Confermando, la segagione {lav.codice} si chiude, il blocco {lav.blocco.codice} risulta
        segato e il magazzino lastre riceve:
      </p>
      <dl className="completa-summary-list">
        <dt>Lastre</dt>
        <dd data-testid="summary-lastre">
          {formatInteger(figures.numeroLastre)} ({figures.primo} … {figures.ultimo})
        </dd>
        <dt>Pacchi</dt>
        <dd data-testid="summary-pacchi">{pacchiText(figures.pacchi)}</dd>
        <dt>m² totali</dt>
        <dd data-testid="summary-mq">{formatArea(figures.mq)}</dd>
        <dt>Resa</dt>
        <dd data-testid="summary-resa">
          {formatResa(figures.resa)} (massimo teorico {formatResa(lav.resaTeorica)})
        </dd>
        <dt>Ubicazione</dt>
        <dd>{ubicazione ?? '—'}</dd>
      </dl>
    </section>
  );
}
