import { Link } from 'react-router';

const LINKS = [
  { icon: 'pi pi-question-circle', label: 'Domande frequenti' },
  { icon: 'pi pi-info-circle', label: 'Centro assistenza' },
  { icon: 'pi pi-home', label: 'Torna alla home' },
];

/** docs/screens.md: title, message and three links, all to the home route. */
export function NotFoundPage() {
  return (
    <main className="public-page notfound-page">
      <div className="public-card notfound-card">
        <span className="notfound-code" aria-hidden="true">
          404
        </span>
        <h1>Pagina non trovata</h1>
        <p className="notfound-message">La risorsa richiesta non è disponibile.</p>
        <nav aria-label="Collegamenti utili">
          <ul className="notfound-links">
            {LINKS.map((link) => (
              <li key={link.label}>
                <Link to="/" className="notfound-link">
                  <i className={link.icon} aria-hidden="true" />
                  <span>{link.label}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </main>
  );
}

export const Component = NotFoundPage;
