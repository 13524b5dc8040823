import { Link } from 'react-router';

/** SPEC §2: title, message and three links, all to the home route. */
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
            <li>
              <Link to="/" className="notfound-link">
                <i className="pi pi-question-circle" aria-hidden="true" />
                <span>Domande frequenti</span>
              </Link>
            </li>
            <li>
              <Link to="/" className="notfound-link">
                <i className="pi pi-info-circle" aria-hidden="true" />
                <span>Centro assistenza</span>
              </Link>
            </li>
            <li>
              <Link to="/" className="notfound-link">
                <i className="pi pi-home" aria-hidden="true" />
                <span>Torna alla home</span>
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </main>
  );
}

export const Component = NotFoundPage;
