import { Link, useLocation } from 'react-router';
import { useSession } from '@/lib/session';
import { webConfig } from '@/lib/config';
import { HOME_AFTER_LOGIN, isNoAccessState } from '../paths';

const FEATURES = [
  {
    icon: 'pi pi-box',
    title: 'Produzione in cava',
    text: 'Bancate e blocchi registrati al taglio, con misure, volumi, scelta e foto. Ogni blocco ha il suo codice e la sua storia.',
  },
  {
    icon: 'pi pi-cog',
    title: 'Lavorazione',
    text: 'Segagione dei blocchi in lastre e produzione di pavimenti, con rese in m² per m³ e lavorazioni in conto terzi.',
  },
  {
    icon: 'pi pi-warehouse',
    title: 'Magazzino',
    text: 'Lastre in pacchi e pavimenti in lotti, con ubicazioni, riserve per cliente e ogni movimento registrato.',
  },
  {
    icon: 'pi pi-check-square',
    title: 'Collaudi e vendite',
    text: 'Collaudi con il compratore, abbuoni ed esiti per blocco, verbale in PDF e tracciabilità fino al cliente.',
  },
  {
    icon: 'pi pi-chart-bar',
    title: 'Statistiche e report',
    text: 'Produzione, rese, vendite e giacenze per periodo, cava e materiale; report in PDF ed Excel.',
  },
  {
    icon: 'pi pi-comments',
    title: 'Foto e chat',
    text: 'Le foto di ogni pezzo in un unico archivio e una chat interna per parlare tra cava, segheria e ufficio.',
  },
];

/** The public landing page (docs/screens.md). */
export function LandingPage() {
  const { token } = useSession();
  const { state } = useLocation();
  // sent here by a page this user may not open (guards.tsx): say so, not just the public page
  const noAccess = !!token && isNoAccessState(state);
  const cta = token ? (
    <Link
      to="/app/dashboard"
      className="p-button p-component landing-cta"
      data-testid="landing-app"
    >
      <i className="pi pi-arrow-right mr-2" aria-hidden="true" />
      <span className="p-button-label">Vai all&apos;app</span>
    </Link>
  ) : (
    <Link to="/auth/login" className="p-button p-component landing-cta" data-testid="landing-login">
      <i className="pi pi-sign-in mr-2" aria-hidden="true" />
      <span className="p-button-label">Accedi</span>
    </Link>
  );

  return (
    <div className="landing">
      <header className="landing-header">
        <span className="landing-brand">
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span>{webConfig.productName}</span>
        </span>
        {cta}
      </header>
      <main>
        {noAccess && (
          <div
            className="p-message p-component p-message-warn landing-no-access"
            role="alert"
            data-testid="landing-no-access"
          >
            <div className="p-message-wrapper">
              <i className="pi pi-lock p-message-icon" aria-hidden="true" />
              <span className="p-message-detail">
                Non hai accesso a quella pagina: chiedi all&apos;amministratore se ti serve.
              </span>
              <Link to={HOME_AFTER_LOGIN} className="p-button p-component p-button-sm ml-auto">
                <span className="p-button-label">Torna alla dashboard</span>
              </Link>
            </div>
          </div>
        )}
        <section className="landing-hero" aria-labelledby="landing-title">
          <h1 id="landing-title">La cava, la segheria e il magazzino in un solo posto</h1>
          <p className="landing-lead">
            {webConfig.productName} segue ogni pezzo di marmo dalla bancata al cliente: cosa si
            taglia in cava, cosa si sega e si lavora, cosa c&apos;è in magazzino e cosa si vende
            dopo il collaudo.
          </p>
          <div className="landing-actions">{cta}</div>
        </section>
        <section className="landing-features" aria-label="Cosa fa GestCava">
          {FEATURES.map((f) => (
            <article key={f.title} className="landing-feature">
              <i className={`${f.icon} landing-feature-icon`} aria-hidden="true" />
              <h2>{f.title}</h2>
              <p>{f.text}</p>
            </article>
          ))}
        </section>
      </main>
      <footer className="landing-footer">
        <span>
          {webConfig.productName} · gestione di cava e lavorazione del marmo · v{webConfig.version}
        </span>
      </footer>
    </div>
  );
}

export const Component = LandingPage;
