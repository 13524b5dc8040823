import { useEffect, useState } from 'react';
import type { CondivisioneLingua } from '@gestcava/contracts';
import { isApiError } from '@/lib/api';
import { usePubblico } from '../api/pubblico';
import { PubblicoBloccoCard } from './pubblico-blocco';
import { STRINGS } from './pubblico-strings';
import './pubblico.css';

/**
 * /v/:token, the buyer's page: no login, no app shell, nothing from another site. It opens in the
 * link's language; the switch changes only this page (docs/condivisioni.md "La pagina del cliente").
 */
export function PubblicoPage({ token }: { token: string }) {
  const query = usePubblico(token);
  const [chosen, setChosen] = useState<CondivisioneLingua | null>(null);
  const lingua: CondivisioneLingua = chosen ?? query.data?.lingua ?? 'it';
  const s = STRINGS[lingua];

  useEffect(() => {
    document.documentElement.lang = lingua;
    document.title = query.data ? `${s.title} · ${query.data.azienda.nome}` : s.title;
  }, [lingua, s.title, query.data]);

  if (query.isPending)
    return (
      <main className="pubblico">
        <p role="status">{s.caricamento}</p>
      </main>
    );
  if (query.isError) {
    const gone = isApiError(query.error) && query.error.status === 410;
    return (
      <main className="pubblico">
        <h1>{gone ? s.title : s.nonValido}</h1>
        <p role="alert" data-testid="pubblico-errore">
          {gone ? query.error.message : 'Link non valido / Invalid link'}
        </p>
      </main>
    );
  }

  const d = query.data;
  const ultima = (bloccoId: string) =>
    d.risposte.filter((r) => r.bloccoId === bloccoId).at(-1)?.risposta;
  const scadenza = new Intl.DateTimeFormat(s.locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${d.scadenza}T00:00:00Z`));

  return (
    <main className="pubblico" lang={lingua}>
      <header className="pubblico-header">
        {d.azienda.logoUrl && (
          <img className="pubblico-logo" src={d.azienda.logoUrl} alt={d.azienda.nome} />
        )}
        <div>
          <p className="pubblico-company">{d.azienda.nome}</p>
          <h1>{s.title}</h1>
        </div>
        <div className="pubblico-lang" role="group" aria-label={s.lingua}>
          {(['it', 'en'] as const).map((l) => (
            <button
              key={l}
              type="button"
              lang={l}
              aria-pressed={l === lingua}
              onClick={() => setChosen(l)}
              data-testid={`pubblico-lingua-${l}`}
            >
              {l === 'it' ? 'Italiano' : 'English'}
            </button>
          ))}
        </div>
      </header>
      <p className="pubblico-muted">
        {s.per} <strong>{d.cliente.ragioneSociale}</strong> · {s.validaFino} {scadenza}
      </p>
      {d.messaggio && <p className="pubblico-message">{d.messaggio}</p>}
      {d.blocchi.map((b) => (
        <PubblicoBloccoCard key={b._id} token={token} blocco={b} s={s} ultima={ultima(b._id)} />
      ))}
    </main>
  );
}
