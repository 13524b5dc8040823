import type { StatisticheSezione } from '@gestcava/contracts';
import { sql } from 'drizzle-orm';
import { bancataChiusa, bancataTagliata } from '../../lib/bancata-stato.js';
import { ba, dim, pesoBlocco, ratio, resaExpr, type SectionDef } from './statistiche.facts.js';

/** The production sections: quarry bancate and blocks, and the completed work on them. */
export const PRODUZIONE_SECTIONS: Pick<
  Record<StatisticheSezione, SectionDef>,
  'produzione' | 'lavorazione'
> = {
  produzione: {
    // Blocks count on their production date (`data_riquadratura`, docs/domain.md); a bancata's gross volume on
    // its cut date, only once actually cut (a planned one is no production). Informi count by weight
    // (blocks of categoria informe and the bancata's loose informi), never in the m³ or the yield. The
    // yield is over the closed bancate of the period by cut date: their squared blocks (`resa` rows,
    // dated by the bancata's cut, whenever squared) over their gross volume (`vbc`).
    facts: (companyId, from, to) => sql`
      select ba.data_taglio as d, 'bancata' as kind, ${dim('cava', sql`ba.cava_id::text`)},
             ${dim('materiale', sql`ba.materiale_id::text`)}, ${dim('scelta', sql`null::text`)},
             ba.volume_lordo::float8 as vb, (case when ${bancataChiusa(ba)} then ba.volume_lordo else 0 end)::float8 as vbc,
             0::float8 as vn, 0::float8 as vnc, 0::float8 as t, coalesce(ba.informi_t, 0)::float8 as ti
      from bancate ba
      where ba.company_id = ${companyId} and ${bancataTagliata(ba)} and ba.data_taglio between ${from} and ${to}
      union all
      select bl.data_riquadratura, case when bl.categoria = 'informe' then 'informe' else 'blocco' end, bl.cava_id::text, bl.materiale_id::text, bl.scelta, 0, 0,
             (case when bl.categoria = 'informe' then 0 else bl.volume_netto end)::float8, 0,
             (case when bl.categoria = 'informe' then 0 else ${pesoBlocco} end)::float8, (case when bl.categoria = 'informe' then ${pesoBlocco} else 0 end)::float8
      from blocchi bl join bancate ba on ba.id = bl.bancata_id
      where bl.company_id = ${companyId} and bl.origine = 'interno' and ${bancataTagliata(ba)} and bl.data_riquadratura between ${from} and ${to}
      union all
      select ba.data_taglio, 'resa', bl.cava_id::text, bl.materiale_id::text, bl.scelta, 0, 0, 0, bl.volume_netto::float8, 0, 0
      from blocchi bl join bancate ba on ba.id = bl.bancata_id
      where bl.company_id = ${companyId} and bl.origine = 'interno' and bl.categoria <> 'informe' and ${bancataChiusa(ba)} and ba.data_taglio between ${from} and ${to}`,
    metrics: [
      {
        descrizione:
          'Bancate tagliate (ribaltate, in riquadratura o chiuse) con data di taglio nel periodo; non quelle ancora in taglio',
        key: 'bancate',
        label: 'Bancate',
        unit: 'n',
        expr: sql`count(*) filter (where kind = 'bancata')`,
        not: ['scelta'],
      },
      {
        descrizione: 'm³ lordi delle bancate tagliate nel periodo, per data di taglio',
        key: 'volumeBancate',
        label: 'Volume bancate tagliate',
        unit: 'm3',
        expr: sql`sum(vb)`,
        not: ['scelta'],
      },
      {
        descrizione:
          'Blocchi propri squadrati e semisquadrati per data di riquadratura; gli informi sono a parte, a peso',
        key: 'blocchi',
        label: 'Blocchi riquadrati',
        unit: 'n',
        expr: sql`count(*) filter (where kind = 'blocco')`,
        compare: true,
      },
      {
        descrizione: 'm³ netti dei blocchi riquadrati nel periodo, informi esclusi',
        key: 'volumeBlocchi',
        label: 'Volume netto blocchi',
        unit: 'm3',
        expr: sql`sum(vn)`,
        chart: true,
        compare: true,
      },
      {
        descrizione:
          'Peso alla pesa, altrimenti m³ netti × densità, dei blocchi riquadrati (informi esclusi)',
        key: 'pesoBlocchi',
        label: 'Peso blocchi',
        unit: 't',
        expr: sql`sum(t)`,
        compare: true,
      },
      {
        descrizione:
          'Blocchi informi a peso, per data di riquadratura, più gli informi sfusi delle bancate tagliate, per data di taglio',
        key: 'informiT',
        label: 'Informi',
        unit: 't',
        expr: sql`sum(ti)`,
        compare: true,
      },
      // Σ net block volume ÷ bancata gross volume over closed bancate (docs/domain.md); by scelta, each
      // scelta's share of all the period's closed bancate (a window over the grouped rows: a bancata has no scelta).
      {
        descrizione:
          'm³ netti dei blocchi riquadrati (informi esclusi) sul volume delle bancate chiuse tagliate nel periodo',
        key: 'resa',
        label: 'Resa bancata → blocchi',
        unit: 'pct',
        expr: resaExpr,
        compare: true,
      },
    ],
  },
  lavorazione: {
    // Completed work only: m², slabs and yields are known when a sawing or a tile cut completes.
    facts: (companyId, from, to) => sql`
      select l.data_fine as d, 'lastre' as kind, ${dim('materiale', sql`bl.materiale_id::text`)},
             ${dim('macchina', sql`l.macchina_id::text`)}, ${dim('spessore', sql`lpad(l.spessore_mm::text, 4, '0')`)}, ${dim('blocco', sql`l.blocco_id::text`)},
             bl.volume_netto::float8 as vol, coalesce(l.numero_lastre, 0) as nl, coalesce(l.mq_totali, 0)::float8 as mq, l.resa_teorica::float8 as rt,
             0::float8 as mqp, 0::float8 as scarto
      from lavorazioni_lastre l join blocchi bl on bl.id = l.blocco_id
      where l.company_id = ${companyId} and l.stato = 'completata' and l.data_fine between ${from} and ${to}
      union all
      select p.data_fine, 'pavimenti', p.materiale_id::text, 'pavimenti',
             lpad(p.spessore_mm::text, 4, '0'), p.blocco_id::text, 0, 0, 0, null, coalesce(p.mq_prodotti, 0)::float8, coalesce(p.scarto_mq, 0)::float8
      from lavorazioni_pavimenti p
      where p.company_id = ${companyId} and p.stato = 'completata' and p.data_fine between ${from} and ${to}`,
    metrics: [
      {
        descrizione: 'Segagioni completate nel periodo, per data di fine',
        key: 'segagioni',
        label: 'Segagioni',
        unit: 'n',
        expr: sql`count(*) filter (where kind = 'lastre')`,
        compare: true,
      },
      {
        descrizione: 'm³ netti dei blocchi delle segagioni completate',
        key: 'volumeSegato',
        label: 'Blocchi segati',
        unit: 'm3',
        expr: sql`sum(vol)`,
        compare: true,
      },
      {
        descrizione: 'Lastre prodotte dalle segagioni completate',
        key: 'lastre',
        label: 'Lastre',
        unit: 'n',
        expr: sql`sum(nl)`,
      },
      {
        descrizione: 'm² delle lastre prodotte dalle segagioni completate',
        key: 'mqLastre',
        label: 'Lastre prodotte',
        unit: 'm2',
        expr: sql`sum(mq)`,
        chart: true,
        compare: true,
      },
      {
        descrizione: 'm² di lastre per m³ netto di blocco segato',
        key: 'resa',
        label: 'Resa m²/m³',
        unit: 'm2m3',
        expr: ratio(sql`sum(mq)`, sql`sum(vol)`),
        compare: true,
      },
      // the theoretical maximum weighted by the volume sawn, so a big block counts for what it is
      {
        descrizione: 'La resa massima della macchina e dello spessore, pesata sul volume segato',
        key: 'resaTeorica',
        label: 'Resa teorica m²/m³',
        unit: 'm2m3',
        expr: ratio(sql`sum(rt * vol)`, sql`sum(vol)`),
      },
      {
        descrizione: 'Resa ottenuta sulla resa teorica',
        key: 'efficienza',
        label: 'Resa su teorica',
        unit: 'pct',
        expr: ratio(sql`sum(mq)`, sql`sum(rt * vol)`, 100),
      },
      {
        descrizione: 'm² delle piastrelle delle lavorazioni pavimenti completate',
        key: 'mqPavimenti',
        label: 'Pavimenti prodotti',
        unit: 'm2',
        expr: sql`sum(mqp)`,
        chart: true,
        compare: true,
      },
      {
        descrizione:
          'm² di scarto (m² del materiale meno m² delle piastrelle) sul materiale tagliato',
        key: 'scartoPavimenti',
        label: 'Scarto pavimenti',
        unit: 'pct',
        expr: ratio(sql`sum(scarto)`, sql`sum(mqp) + sum(scarto)`, 100),
      },
    ],
  },
};
