import './collaudi.css';
import { Skeleton } from 'primereact/skeleton';
import { detailPath } from '@gestcava/contracts';
import { RecordLink } from '@/components/record-link';
import { SectionCard } from '@/components/section-card';
import { BloccoStatoTag } from '@/components/stato-tag';
import { formatDate, formatEuroCents, formatInteger, formatVolume } from '@/lib/format';
import { useCollaudiOfCliente } from '../api/collaudi';
import { CollaudoStatoTag } from './collaudo-stato';

/** A cliente's page: its collaudi (newest first, as the server lists them) and the blocks it bought through them. */
export function CollaudiClienteSection({ clienteId }: { clienteId: string }) {
  const query = useCollaudiOfCliente(clienteId);
  return (
    <SectionCard
      titleId="cliente-collaudi-title"
      title="Collaudi e acquisti"
      icon="pi pi-check-square"
    >
      {query.isPending ? (
        <Skeleton width="100%" height="4rem" />
      ) : query.isError ? (
        <p className="m-0 text-color-secondary">Collaudi non disponibili: {query.error.message}</p>
      ) : (
        <div data-testid="cliente-collaudi">
          <h3 className="text-base mt-0 mb-2">Collaudi</h3>
          {query.data.collaudi.length === 0 ? (
            <p className="mt-0 text-color-secondary">Nessun collaudo per questo cliente.</p>
          ) : (
            <ul className="cliente-collaudi-list" aria-label="Collaudi del cliente">
              {query.data.collaudi.map((c) => (
                <li key={c._id}>
                  <RecordLink to={detailPath('collaudo', c._id)}>{c.codice}</RecordLink>
                  <span>{formatDate(c.data)}</span>
                  <CollaudoStatoTag stato={c.stato} />
                  <span className="cliente-collaudi-figures">
                    {formatInteger(c.blocchiAccettati)}/{formatInteger(c.blocchi)} blocchi
                    {c.blocchiAccettati > 0
                      ? ` · ${formatVolume(c.volumeNetto)} · ${formatEuroCents(c.importo)}`
                      : ''}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <h3 className="text-base mt-0 mb-2">Blocchi acquistati</h3>
          {query.data.blocchiAcquistati.length === 0 ? (
            <p className="m-0 text-color-secondary">Nessun blocco acquistato con un collaudo.</p>
          ) : (
            <ul className="cliente-collaudi-list" aria-label="Blocchi acquistati dal cliente">
              {query.data.blocchiAcquistati.map((b) => (
                <li key={b._id}>
                  <RecordLink
                    to={detailPath(b.origine === 'esterno' ? 'blocco-esterno' : 'blocco', b._id)}
                  >
                    {b.codice}
                  </RecordLink>
                  <span className="text-color-secondary">{b.materiale.nome}</span>
                  <BloccoStatoTag stato={b.stato} />
                  <span className="cliente-collaudi-figures">
                    {formatVolume(b.volumeNettoAccettato)}
                    {b.importo !== null ? ` · ${formatEuroCents(b.importo)}` : ''} ·{' '}
                    <RecordLink to={detailPath('collaudo', b.collaudo._id)}>
                      {b.collaudo.codice}
                    </RecordLink>{' '}
                    del {formatDate(b.collaudo.data)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </SectionCard>
  );
}
