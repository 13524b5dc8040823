import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { dashboardLinks, shiftMonth, variazionePercent, type Dashboard, type DashboardBlocchiOrigine, type DashboardLinks } from '@gestcava/contracts';
import { formatDate, formatInteger, formatNumber } from '@/lib/format';
import { formatPercentValue } from '@/lib/production-format';
import { monthLong } from './dashboard-format';
import './dashboard.css';

/** m³ on a tile: one decimal is what a manager reads; the list shows the exact figure. */
const m3 = (v: number) => `${formatNumber(v, 1)} m³`;
const m2 = (v: number) => `${formatNumber(v, 0)} m²`;

function KpiTile({
  id,
  icon,
  label,
  value,
  to,
  children,
}: {
  id: string;
  icon: string;
  label: string;
  value: string;
  to: string;
  children?: ReactNode;
}) {
  return (
    <li className="kpi-tile" data-testid={`kpi-${id}`}>
      <span className="kpi-label">
        <i className={icon} aria-hidden="true" />
        {label}
      </span>
      <Link to={to} className="kpi-value" aria-label={`${label}: ${value}`}>
        {value}
      </Link>
      {children && <span className="kpi-detail">{children}</span>}
    </li>
  );
}

/** "+12,5 %" against a previous figure (one decimal, as every percentage), or nothing when there is none to compare with. */
function delta(now: number, before: number): string {
  const pct = before > 0 ? variazionePercent(now, before) : null;
  if (pct === null) return '';
  return ` (${pct > 0 ? '+' : ''}${formatNumber(pct, 1)} %)`;
}

type Origini = Dashboard['blocchi'];
type Field = keyof DashboardBlocchiOrigine;
type BlocchiLinks = DashboardLinks['disponibili'];

/**
 * Own and bought-in figures of one field: the total opens both lists in one (it adds them), each
 * part its own list, all with the filter applied (contracts' dashboardLinks).
 */
function BlocchiTile({
  id,
  icon,
  label,
  blocchi,
  field,
  links,
  inScadenzaLinks,
}: {
  id: string;
  icon: string;
  label: string;
  blocchi: Origini;
  field: Field;
  links: BlocchiLinks;
  /** the options expiring soon, under the opzionati tile */
  inScadenzaLinks?: BlocchiLinks;
}) {
  const { interni, esterni } = blocchi;
  const total = (interni?.[field] ?? 0) + (esterni?.[field] ?? 0);
  const inScadenza = inScadenzaLinks
    ? (interni?.opzioniInScadenza ?? 0) + (esterni?.opzioniInScadenza ?? 0)
    : null;
  return (
    <KpiTile id={id} icon={icon} label={label} value={formatInteger(total)} to={links.totale}>
      {interni && esterni && (
        <>
          <Link to={links.interni}>propri {formatInteger(interni[field])}</Link>
          {' · '}
          <Link to={links.esterni}>acquistati {formatInteger(esterni[field])}</Link>
        </>
      )}
      {inScadenzaLinks && inScadenza !== null && (
        <span className="kpi-line">
          <Link
            to={inScadenzaLinks.totale}
            className={inScadenza > 0 ? 'kpi-warn' : undefined}
          >
            {formatInteger(inScadenza)} in scadenza entro 7 giorni
          </Link>
        </span>
      )}
    </KpiTile>
  );
}

/**
 * The KPI tiles: one per figure the server sent (a null section is a page the user may not read,
 * so its tile is not drawn). Every number is a link to the list that explains it, filtered.
 */
export function KpiTiles({ data }: { data: Dashboard }) {
  const { produzione: p, blocchi, lastre, pavimenti, collaudi, rese } = data;
  const anyBlocchi = blocchi.interni || blocchi.esterni;
  const links = dashboardLinks(data);
  return (
    <ul className="kpi-tiles" aria-label="Indicatori">
      {p && (
        <KpiTile
          id="produzione"
          icon="pi pi-box"
          label={`m³ blocchi riquadrati a ${monthLong(p.mese)}`}
          value={m3(p.m3Mese)}
          to={links.produzione!.mese}
        >
          <span className="kpi-line">
            <Link to={links.produzione!.precedente}>
              mese scorso {m3(p.m3MesePrecedente)}
            </Link>
            {delta(p.m3Mese, p.m3MesePrecedente)}
          </span>
          <span className="kpi-line">
            <Link to={links.produzione!.annoScorso}>
              {monthLong(shiftMonth(p.mese, -12))}: {m3(p.m3StessoMeseAnnoScorso)}
            </Link>
            {delta(p.m3Mese, p.m3StessoMeseAnnoScorso)}
          </span>
          {/* informi by weight, and the bancate's cut volume: figures of their own, never added to the m³ above */}
          <span className="kpi-line" data-testid="produzione-informi">
            informi {formatNumber(p.tInformiMese, 1)} t
          </span>
          {p.bancateMese && (
            <span className="kpi-line" data-testid="produzione-bancate">
              bancate tagliate {m3(p.bancateMese.m3)} ({formatInteger(p.bancateMese.bancate)})
            </span>
          )}
        </KpiTile>
      )}
      {anyBlocchi && (
        <BlocchiTile
          id="disponibili"
          icon="pi pi-th-large"
          label="Blocchi disponibili"
          blocchi={blocchi}
          field="disponibili"
          links={links.disponibili}
        />
      )}
      {anyBlocchi && (
        <BlocchiTile
          id="opzionati"
          icon="pi pi-bookmark"
          label="Blocchi opzionati"
          blocchi={blocchi}
          field="opzionati"
          links={links.opzionati}
          inScadenzaLinks={links.inScadenza}
        />
      )}
      {anyBlocchi && (
        <BlocchiTile
          id="in-collaudo"
          icon="pi pi-search"
          label="Blocchi in collaudo"
          blocchi={blocchi}
          field="inCollaudo"
          links={links.inCollaudo}
        />
      )}
      {lastre && (
        <KpiTile
          id="lastre"
          icon="pi pi-clone"
          label="Lastre in magazzino"
          value={m2(lastre.mq)}
          to={links.lastre!}
        >
          {formatInteger(lastre.pezzi)} {lastre.pezzi === 1 ? 'lastra' : 'lastre'}
        </KpiTile>
      )}
      {pavimenti && (
        <KpiTile
          id="pavimenti"
          icon="pi pi-table"
          label="Pavimenti in magazzino"
          value={m2(pavimenti.mq)}
          to={links.pavimenti!}
        >
          {formatInteger(pavimenti.pezzi)} {pavimenti.pezzi === 1 ? 'pezzo' : 'pezzi'}
        </KpiTile>
      )}
      {collaudi && (
        <KpiTile
          id="collaudi"
          icon="pi pi-check-square"
          label="Collaudi programmati questa settimana"
          value={formatInteger(collaudi.programmatiSettimana)}
          to={links.collaudi!}
        >
          dal {formatDate(collaudi.dal)} al {formatDate(collaudi.al)}
        </KpiTile>
      )}
      {rese && (
        <KpiTile
          id="resa"
          icon="pi pi-percentage"
          label="Resa delle ultime bancate chiuse"
          value={rese.resaMedia === null ? '—' : formatPercentValue(rese.resaMedia)}
          to={links.rese!.chiuse}
        >
          {/* The average's basis in words, and the newest bancata (the list has the others). */}
          {rese.ultime[0] ? (
            <>
              <span className="kpi-line">
                media di {rese.ultime.length} {rese.ultime.length === 1 ? 'bancata' : 'bancate'}
              </span>
              <Link to={links.rese!.ultima!}>
                ultima {rese.ultime[0].codice}: {formatPercentValue(rese.ultime[0].resa)}
              </Link>
            </>
          ) : (
            'nessuna bancata chiusa'
          )}
        </KpiTile>
      )}
    </ul>
  );
}
