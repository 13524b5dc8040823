import type { StatisticheSezione } from '@gestcava/contracts';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { blocchi } from '../../db/schema/index.js';
import { statoEffettivoOf } from '../../lib/blocco-stato.js';
import { costoAcquistoSql, valoreBloccoSql } from '../../lib/peso-blocco.js';
import {
  dim,
  ETA_KINDS,
  etaMetrics,
  pesoBlocco,
  ratio,
  romeDay,
  type SectionDef,
} from './statistiche.facts.js';

/** What is on hand today, and what was bought in. */
export const MAGAZZINO_SECTIONS: Pick<
  Record<StatisticheSezione, SectionDef>,
  'magazzino' | 'acquisti'
> = {
  magazzino: {
    // What is on hand today: blocks disponibili or opzionati (an option past its day is disponibile:
    // lib/blocco-stato.ts), slabs disponibili or riservate, tile lots with pieces. `d` is the item's
    // production date (docs/reportistica.md, "Regole delle cifre"): a block's riquadratura (a bought-in
    // one's purchase), the sawing or tile cut that made a slab or a lot; ageing is today minus that day,
    // per kind, its average and its buckets over the same items. Weight and value per item by the rules
    // of lib/peso-blocco.ts, rounded per item as the giacenze report rounds them.
    snapshot: true,
    note: 'Giacenza alla data odierna: il periodo non si applica. Per mese: il mese di produzione.',
    facts: (companyId) => sql`
      select case when bl.origine = 'esterno' then coalesce(bl.data_acquisto, bl.data_riquadratura) else bl.data_riquadratura end as d, 'blocco' as kind,
             ${statoEffettivoOf(alias(blocchi, 'bl'))} as stato,
             ${dim('materiale', sql`bl.materiale_id::text`)}, ${dim('scelta', sql`bl.scelta`)},
             bl.volume_netto::float8 as vol, ${pesoBlocco}::float8 as t, 0::float8 as mq_lastre, 0::float8 as mq_pav,
             ${valoreBloccoSql(alias(blocchi, 'bl'))}::float8 as valore, bl.prezzo_listino is null as senza_listino
      from blocchi bl
      where bl.company_id = ${companyId} and bl.stato in ('disponibile', 'opzionato')
      union all
      select coalesce(ll.data_fine, ${romeDay(sql`l.created_at`)}), 'lastra', null, p.materiale_id::text, l.scelta,
             0, 0, l.mq::float8, 0, round(l.mq * coalesce(p.prezzo_listino, 0), 2)::float8, p.prezzo_listino is null
      from lastre l join pacchi p on p.id = l.pacco_id left join lavorazioni_lastre ll on ll.id = p.lavorazione_id
      where l.company_id = ${companyId} and l.stato in ('disponibile', 'riservata')
      union all
      select coalesce(lp.data_fine, ${romeDay(sql`lo.created_at`)}), 'lotto', null, lo.materiale_id::text, lo.scelta,
             0, 0, 0, lo.mq::float8, round(lo.mq * coalesce(lo.prezzo_listino, 0), 2)::float8, lo.prezzo_listino is null
      from lotti lo left join lavorazioni_pavimenti lp on lp.id = lo.lavorazione_id
      where lo.company_id = ${companyId} and lo.pezzi > 0`,
    metrics: [
      {
        key: 'blocchiDisponibili',
        label: 'Blocchi disponibili',
        unit: 'n',
        expr: sql`count(*) filter (where stato = 'disponibile')`,
        descrizione: 'Blocchi propri e acquistati disponibili oggi, informi compresi',
      },
      {
        key: 'blocchiOpzionati',
        label: 'Blocchi opzionati',
        unit: 'n',
        expr: sql`count(*) filter (where stato = 'opzionato')`,
        descrizione: "Blocchi con un'opzione ancora valida oggi",
      },
      {
        key: 'volumeBlocchi',
        label: 'Volume blocchi',
        unit: 'm3',
        expr: sql`sum(vol)`,
        chart: true,
        descrizione: 'm³ netti dei blocchi disponibili e opzionati',
      },
      {
        key: 'pesoBlocchi',
        label: 'Peso blocchi',
        unit: 't',
        expr: sql`sum(t)`,
        descrizione: 'Peso alla pesa, altrimenti m³ netti × densità, arrotondato per blocco',
      },
      {
        key: 'valoreBlocchi',
        label: 'Valore blocchi',
        unit: 'eur',
        expr: sql`sum(valore) filter (where kind = 'blocco')`,
        descrizione:
          "A listino; un blocco acquistato senza listino al costo d'acquisto (con trasporto), uno proprio senza listino a zero",
      },
      {
        key: 'blocchiSenzaListino',
        label: 'Blocchi senza listino',
        unit: 'n',
        expr: sql`count(*) filter (where kind = 'blocco' and senza_listino)`,
        descrizione: "Valutati al costo d'acquisto se acquistati, a zero se propri",
      },
      {
        key: 'mqLastre',
        label: 'Lastre',
        unit: 'm2',
        expr: sql`sum(mq_lastre)`,
        chart: true,
        descrizione: 'm² delle lastre disponibili e riservate',
      },
      {
        key: 'mqPavimenti',
        label: 'Pavimenti',
        unit: 'm2',
        expr: sql`sum(mq_pav)`,
        chart: true,
        descrizione: 'm² dei lotti di pavimenti con pezzi in giacenza',
      },
      {
        key: 'valore',
        label: 'Valore totale',
        unit: 'eur',
        expr: sql`sum(valore)`,
        descrizione: 'Blocchi come sopra, lastre e pavimenti a listino (senza listino: zero)',
      },
      ...ETA_KINDS.flatMap(etaMetrics),
    ],
  },
  acquisti: {
    // Bought-in blocks by purchase day; what they cost (price by its unit, plus transport) and the
    // m² their completed sawings gave.
    facts: (companyId, from, to) => sql`
      select bl.data_acquisto as d, ${dim('fornitore', sql`bl.fornitore_id::text`)},
             ${dim('materiale', sql`bl.materiale_id::text`)},
             bl.volume_netto::float8 as vol, ${pesoBlocco}::float8 as t,
             ${costoAcquistoSql(alias(blocchi, 'bl'))}::float8 as costo,
             s.mq::float8 as mq, case when s.mq is null then 0 else bl.volume_netto end::float8 as vol_segato
      from blocchi bl
        left join (select blocco_id, sum(mq_totali) as mq from lavorazioni_lastre where company_id = ${companyId} and stato = 'completata' group by blocco_id) s on s.blocco_id = bl.id
      where bl.company_id = ${companyId} and bl.origine = 'esterno' and bl.data_acquisto between ${from} and ${to}`,
    metrics: [
      {
        descrizione: 'Blocchi esterni per data di acquisto',
        key: 'blocchi',
        label: 'Blocchi acquistati',
        unit: 'n',
        expr: sql`count(*)`,
        compare: true,
      },
      {
        descrizione: 'm³ netti dei blocchi acquistati',
        key: 'volume',
        label: 'Volume netto',
        unit: 'm3',
        expr: sql`sum(vol)`,
        chart: true,
        compare: true,
      },
      {
        descrizione: 'Peso alla pesa, altrimenti m³ netti × densità, dei blocchi acquistati',
        key: 'peso',
        label: 'Peso',
        unit: 't',
        expr: sql`sum(t)`,
      },
      {
        descrizione:
          "Prezzo d'acquisto secondo la sua unità più il trasporto, arrotondato per blocco",
        key: 'costo',
        label: 'Costo (con trasporto)',
        unit: 'eur',
        expr: sql`sum(costo)`,
        compare: true,
      },
      {
        descrizione: 'Costo sui m³ netti acquistati',
        key: 'costoM3',
        label: 'Costo medio €/m³',
        unit: 'eurm3',
        expr: ratio(sql`sum(costo)`, sql`sum(vol)`),
        compare: true,
      },
      {
        descrizione: 'Blocchi acquistati nel periodo con almeno una segagione completata',
        key: 'segati',
        label: 'Blocchi segati',
        unit: 'n',
        expr: sql`count(mq)`,
      },
      {
        descrizione: 'm² delle lastre delle loro segagioni completate',
        key: 'mqLastre',
        label: 'Lastre ottenute',
        unit: 'm2',
        expr: sql`sum(mq)`,
      },
      {
        descrizione: 'm² di lastre per m³ netto dei blocchi acquistati già segati',
        key: 'resa',
        label: 'Resa m²/m³ dei segati',
        unit: 'm2m3',
        expr: ratio(sql`sum(mq)`, sql`sum(vol_segato)`),
        compare: true,
      },
    ],
  },
};
