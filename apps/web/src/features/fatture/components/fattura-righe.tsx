import '@/components/list/list-cards.css';
import {
  CONDIZIONI_PAGAMENTO_LABELS,
  MODALITA_PAGAMENTO_LABELS,
  type Fattura,
} from '@gestcava/contracts';
import { CARDS_QUERY, useMediaQuery } from '@/components/list/use-media-query';
import { formatDate, formatEuro, formatNumber } from '@/lib/format';

type Riga = Fattura['righe'][number];

const quantita = (r: Riga) =>
  r.quantita == null
    ? ''
    : `${formatNumber(r.quantita, undefined, 3)}${r.unitaMisura ? ` ${r.unitaMisura}` : ''}`;
const iva = (r: { aliquotaIva: number; natura: string | null }) =>
  r.natura ? `${r.natura}` : `${formatNumber(r.aliquotaIva)} %`;
const sconto = (r: Riga) => (r.scontoPercentuale ? `−${formatNumber(r.scontoPercentuale)} %` : '');

/** An invoice's lines as the XML and the PDF carry them: a table, cards on a phone. */
export function FatturaRighe({
  righe,
  testId = 'fattura-righe',
}: {
  righe: readonly Riga[];
  testId?: string;
}) {
  const phone = useMediaQuery(CARDS_QUERY);
  if (phone)
    return (
      <ul className="list-cards-items" data-testid={testId}>
        {righe.map((r) => (
          <li key={r.numeroLinea} className="list-card" data-testid="fattura-riga">
            <span className="list-card-head">
              <strong>{r.numeroLinea}.</strong>
              <strong>{formatEuro(r.prezzoTotale)}</strong>
            </span>
            <span>{r.descrizione}</span>
            <span className="text-color-secondary">
              {[
                quantita(r) && `${quantita(r)} × ${formatEuro(r.prezzoUnitario)}`,
                sconto(r),
                `IVA ${iva(r)}`,
              ]
                .filter(Boolean)
                .join(' · ')}
            </span>
          </li>
        ))}
      </ul>
    );
  return (
    <table className="fattura-table" data-testid={testId}>
      <thead>
        <tr>
          <th scope="col">N.</th>
          <th scope="col">Descrizione</th>
          <th scope="col" className="col-number">
            Quantità
          </th>
          <th scope="col" className="col-number">
            Prezzo
          </th>
          <th scope="col" className="col-number">
            Sconto
          </th>
          <th scope="col" className="col-number">
            IVA
          </th>
          <th scope="col" className="col-number">
            Importo
          </th>
        </tr>
      </thead>
      <tbody>
        {righe.map((r) => (
          <tr key={r.numeroLinea} data-testid="fattura-riga">
            <td>{r.numeroLinea}</td>
            <td>{r.descrizione}</td>
            <td className="col-number">{quantita(r)}</td>
            <td className="col-number">{formatEuro(r.prezzoUnitario)}</td>
            <td className="col-number">{sconto(r)}</td>
            <td className="col-number">{iva(r)}</td>
            <td className="col-number">{formatEuro(r.prezzoTotale)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The VAT summary per rate and nature, the stamp duty, and the document's total. */
export function RiepilogoIva({ fattura: f }: { fattura: Fattura }) {
  return (
    <div data-testid="fattura-riepilogo">
      <table className="fattura-table">
        <caption className="sr-only">Riepilogo IVA</caption>
        <thead>
          <tr>
            <th scope="col">IVA</th>
            <th scope="col" className="col-number">
              Imponibile
            </th>
            <th scope="col" className="col-number">
              Imposta
            </th>
          </tr>
        </thead>
        <tbody>
          {f.riepilogo.map((r) => (
            <tr key={`${r.aliquotaIva}-${r.natura ?? ''}`}>
              <td>
                {iva(r)}
                {r.riferimentoNormativo && (
                  <span className="block text-color-secondary">{r.riferimentoNormativo}</span>
                )}
              </td>
              <td className="col-number">{formatEuro(r.imponibile)}</td>
              <td className="col-number">{formatEuro(r.imposta)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {f.bollo && (
        <p className="mb-0 text-color-secondary" data-testid="fattura-bollo">
          Imposta di bollo assolta in modo virtuale: {formatEuro(f.bollo.importo)}
          {f.bollo.addebitato ? ' (addebitata al cliente)' : ''}
        </p>
      )}
      <p className="fattura-totale" data-testid="fattura-totali">
        <span>Imponibile {formatEuro(f.imponibile)}</span>
        <span>IVA {formatEuro(f.imposta)}</span>
        <strong>Totale {formatEuro(f.totale)}</strong>
      </p>
    </div>
  );
}

/** The payment: terms, method, the IBAN to pay to, the due dates. */
export function PagamentoFattura({ pagamento: p }: { pagamento: Fattura['pagamento'] }) {
  if (!p) return <p className="m-0 text-color-secondary">Nessun pagamento indicato.</p>;
  return (
    <div data-testid="fattura-pagamento">
      <p className="mt-0">
        {MODALITA_PAGAMENTO_LABELS[p.modalita]} · {CONDIZIONI_PAGAMENTO_LABELS[p.condizioni]}
        {p.iban && <span className="block">IBAN {p.iban}</span>}
      </p>
      {p.scadenze.length > 0 && (
        <ul className="m-0 pl-3">
          {p.scadenze.map((s) => (
            <li key={`${s.data}-${s.importo}`}>
              Scadenza {formatDate(s.data)}: {formatEuro(s.importo)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
