import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  dashboardLinks,
  shiftMonth,
  variazionePercent,
  type Dashboard,
  type DashboardBlocchiOrigine,
  type DashboardLinks,
} from '@gestcava/contracts';
import { formatDate, formatInteger, formatNumber } from '@/lib/format';
import { formatPercentValue } from '@/lib/production-format';
import { monthLong } from './dashboard-format';
import './dashboard.css';

/** m³ on a tile: one decimal is what a manager reads; the list shows the exact figure. */
const m3 = (v: number) => `${formatNumber(v, 1)} m³`;
const m2 = (v: number) => `${formatNumber(v, 0)} m²`;

/** A tile: its figure, the list the figure opens, and the lines under it. */
interface Tile {
  id: string;
  icon: string;
  label: string;
  value: string;
  to: string;
  detail?: ReactNode;
}

function KpiTile({ id, icon, label, value, to, detail }: Tile) {
  return (
    <li className="kpi-tile" data-testid={`kpi-${id}`}>
      <span className="kpi-label">
        <i className={icon} aria-hidden="true" />
        {label}
      </span>
      <Link to={to} className="kpi-value" aria-label={`${label}: ${value}`}>
        {value}
      </Link>
      {detail && <span className="kpi-detail">{detail}</span>}
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
 * part its own list, all with the filter applied (contracts' dashboardLinks); under the opzionati
 * tile, the options expiring soon.
 */
function blocchiTile(
  blocchi: Origini,
  tile: { id: string; icon: string; label: string; field: Field },
  links: BlocchiLinks,
  inScadenzaLinks?: BlocchiLinks,
): Tile {
  const { interni, esterni } = blocchi;
  const { field } = tile;
  const total = (interni?.[field] ?? 0) + (esterni?.[field] ?? 0);
  const inScadenza = (interni?.opzioniInScadenza ?? 0) + (esterni?.opzioniInScadenza ?? 0);
  const detail = (
    <>
      {interni && esterni && (
        <>
          <Link to={links.interni}>propri {formatInteger(interni[field])}</Link>
          {' · '}
          <Link to={links.esterni}>acquistati {formatInteger(esterni[field])}</Link>
        </>
      )}
      {inScadenzaLinks && (
        <span className="kpi-line">
          <Link to={inScadenzaLinks.totale} className={inScadenza > 0 ? 'kpi-warn' : undefined}>
            {formatInteger(inScadenza)} in scadenza entro 7 giorni
          </Link>
        </span>
      )}
    </>
  );
  return { ...tile, value: formatInteger(total), to: links.totale, detail };
}

/** The month's production: the m³ against the month before and the same month a year ago, the informi and the bancate cut. */
function ProduzioneDetail({
  p,
  links,
}: {
  p: NonNullable<Dashboard['produzione']>;
  links: NonNullable<DashboardLinks['produzione']>;
}) {
  return (
    <>
      <span className="kpi-line">
        <Link to={links.precedente}>mese scorso {m3(p.m3MesePrecedente)}</Link>
        {delta(p.m3Mese, p.m3MesePrecedente)}
      </span>
      <span className="kpi-line">
        <Link to={links.annoScorso}>
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
    </>
  );
}

/** The average yield's basis in words, and the newest bancata (the list has the others). */
function ReseDetail({
  rese,
  ultima,
}: {
  rese: NonNullable<Dashboard['rese']>;
  ultima: string | null | undefined;
}) {
  if (!rese.ultime[0]) return 'nessuna bancata chiusa';
  return (
    <>
      <span className="kpi-line">
        media di {rese.ultime.length} {rese.ultime.length === 1 ? 'bancata' : 'bancate'}
      </span>
      <Link to={ultima!}>
        ultima {rese.ultime[0].codice}: {formatPercentValue(rese.ultime[0].resa)}
      </Link>
    </>
  );
}

const pezzi = (n: number, one: string, many: string) =>
  `${formatInteger(n)} ${n === 1 ? one : many}`;

/**
 * The KPI tiles: one per figure the server sent (a null section is a page the user may not read,
 * so its tile is not drawn). Every number is a link to the list that explains it, filtered.
 */
export function KpiTiles({ data }: { data: Dashboard }) {
  const { produzione: p, blocchi, lastre, pavimenti, collaudi, rese } = data;
  const anyBlocchi = blocchi.interni || blocchi.esterni;
  const links = dashboardLinks(data);
  const tiles: (Tile | null | undefined | false)[] = [
    p && {
      id: 'produzione',
      icon: 'pi pi-box',
      label: `m³ blocchi riquadrati a ${monthLong(p.mese)}`,
      value: m3(p.m3Mese),
      to: links.produzione!.mese,
      detail: <ProduzioneDetail p={p} links={links.produzione!} />,
    },
    anyBlocchi &&
      blocchiTile(
        blocchi,
        {
          id: 'disponibili',
          icon: 'pi pi-th-large',
          label: 'Blocchi disponibili',
          field: 'disponibili',
        },
        links.disponibili,
      ),
    anyBlocchi &&
      blocchiTile(
        blocchi,
        { id: 'opzionati', icon: 'pi pi-bookmark', label: 'Blocchi opzionati', field: 'opzionati' },
        links.opzionati,
        links.inScadenza,
      ),
    anyBlocchi &&
      blocchiTile(
        blocchi,
        {
          id: 'in-collaudo',
          icon: 'pi pi-search',
          label: 'Blocchi in collaudo',
          field: 'inCollaudo',
        },
        links.inCollaudo,
      ),
    lastre && {
      id: 'lastre',
      icon: 'pi pi-clone',
      label: 'Lastre in magazzino',
      value: m2(lastre.mq),
      to: links.lastre!,
      detail: pezzi(lastre.pezzi, 'lastra', 'lastre'),
    },
    pavimenti && {
      id: 'pavimenti',
      icon: 'pi pi-table',
      label: 'Pavimenti in magazzino',
      value: m2(pavimenti.mq),
      to: links.pavimenti!,
      detail: pezzi(pavimenti.pezzi, 'pezzo', 'pezzi'),
    },
    collaudi && {
      id: 'collaudi',
      icon: 'pi pi-check-square',
      label: 'Collaudi programmati questa settimana',
      value: formatInteger(collaudi.programmatiSettimana),
      to: links.collaudi!,
      detail: `dal ${formatDate(collaudi.dal)} al ${formatDate(collaudi.al)}`,
    },
    rese && {
      id: 'resa',
      icon: 'pi pi-percentage',
      label: 'Resa delle ultime bancate chiuse',
      value: rese.resaMedia === null ? '—' : formatPercentValue(rese.resaMedia),
      to: links.rese!.chiuse,
      detail: <ReseDetail rese={rese} ultima={links.rese!.ultima} />,
    },
  ];
  return (
    <ul className="kpi-tiles" aria-label="Indicatori">
      {tiles.map((t) => t && <KpiTile key={t.id} {...t} />)}
    </ul>
  );
}
