import '@/components/list/list-cards.css';
import type { DdtElemento } from '@gestcava/contracts';
import { RecordLink } from '@/components/record-link';
import { CARDS_QUERY, useMediaQuery } from '@/components/list/use-media-query';
import { colliText, itemPath, pesoOf, quantitaOf, totaliText } from './ddt-figures';

type Riga = Pick<
  DdtElemento,
  | 'entityType'
  | '_id'
  | 'lottoId'
  | 'codice'
  | 'descrizione'
  | 'misure'
  | 'scelta'
  | 'pezzi'
  | 'casse'
  | 'mq'
  | 'm3'
  | 'pesoKg'
  | 'pesoBase'
  | 'colli'
>;

function Codice({ riga, links }: { riga: Riga; links: boolean }) {
  const to = links ? itemPath(riga) : null;
  return to ? <RecordLink to={to}>{riga.codice}</RecordLink> : <span>{riga.codice}</span>;
}

/**
 * A DDT's lines as they print: code (linking to the item's page), description with measures and
 * scelta, quantity, weight with its basis, colli; the totals below. A table, cards on a phone.
 */
export function DdtRighe({
  righe,
  totali,
  links = true,
  testId = 'ddt-righe',
}: {
  righe: readonly Riga[];
  totali: { colli: number; pesoKg: number; mq: number; m3: number };
  links?: boolean;
  testId?: string;
}) {
  const phone = useMediaQuery(CARDS_QUERY);
  const descr = (r: Riga) => [r.descrizione, r.misure, r.scelta].filter(Boolean).join(' · ');
  const totals = (
    <p className="ddt-totali" data-testid={`${testId}-totali`}>
      <strong>Totale:</strong> {totaliText(totali).join(' · ')}
    </p>
  );
  if (phone) {
    return (
      <div data-testid={testId}>
        <ul className="list-cards-items">
          {righe.map((r) => (
            <li key={`${r.entityType}:${r._id}`} className="list-card" data-testid="ddt-riga">
              <span className="list-card-head">
                <strong>
                  <Codice riga={r} links={links} />
                </strong>
                <span>{colliText(r.colli)}</span>
              </span>
              <span>{descr(r)}</span>
              <span className="text-color-secondary">
                {quantitaOf(r)} · {pesoOf(r)}
              </span>
            </li>
          ))}
        </ul>
        {totals}
      </div>
    );
  }
  return (
    <div data-testid={testId}>
      <table className="ddt-table">
        <thead>
          <tr>
            <th scope="col">Codice</th>
            <th scope="col">Descrizione</th>
            <th scope="col">Quantità</th>
            <th scope="col" className="col-number">
              Peso
            </th>
            <th scope="col" className="col-number">
              Colli
            </th>
          </tr>
        </thead>
        <tbody>
          {righe.map((r) => (
            <tr key={`${r.entityType}:${r._id}`} data-testid="ddt-riga">
              <td className="col-nowrap">
                <Codice riga={r} links={links} />
              </td>
              <td>{descr(r)}</td>
              <td>{quantitaOf(r)}</td>
              <td className="col-number col-nowrap">{pesoOf(r)}</td>
              <td className="col-number">{r.colli}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {totals}
    </div>
  );
}
