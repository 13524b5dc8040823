import type { StatisticheSezione } from '@gestcava/contracts';
import { sql } from 'drizzle-orm';
import {
  dim,
  pesoBlocco,
  ratio,
  romeDay,
  volumeMisurato,
  type SectionDef,
} from './statistiche.facts.js';

/** The sales section: collaudo rows, slabs, tiles and transfers sold. */
export const VENDITE_SECTIONS: Pick<Record<StatisticheSezione, SectionDef>, 'vendite'> = {
  vendite: {
    // Sales of blocks are the accepted rows of confirmed collaudi (the rows keep their figures,
    // importo in cents); the other rows of those collaudi count for the outcomes. Slabs and tiles
    // are sold through the stock ledger: a `scarico` with a cliente and a price per m², slab or piece.
    // A transfer to a group company is the intercompany sale it is: each item at its transfer price
    // (trasferimenti_righe), a block with its net m³ and weight by the one rule (lib/peso-blocco.ts).
    // `venduto` marks a block sold (accepted at collaudo or transferred): the block figures count those;
    // `informe` ones count in pieces, tonnes and euros, never in the m³ nor the €/m³ (sold by weight).
    facts: (companyId, from, to) => sql`
      select c.data as d, 'collaudo' as kind, r.esito, ${dim('cliente', sql`c.cliente_id::text`)},
             ${dim('materiale', sql`bl.materiale_id::text`)},
             ${dim('scelta', sql`coalesce(r.scelta_assegnata, bl.scelta)`)},
             r.volume_netto_accettato::float8 as vol, r.peso::float8 as t, coalesce(r.importo, 0)::float8 / 100 as eur,
             (bl.volume_netto - ${volumeMisurato})::float8 as calo_m3,
             (${volumeMisurato} - r.volume_netto_accettato)::float8 as abbuono_m3,
             (r.abbuono_tipo is not null and coalesce(r.abbuono_valore, 0) > 0) as abbuono, 0::float8 as mq, 0::float8 as eur_stock,
             r.esito in ('accettato', 'accettato_con_riserva') as venduto, bl.categoria = 'informe' as informe
      from collaudo_righe r join collaudi c on c.id = r.collaudo_id join blocchi bl on bl.id = r.blocco_id
      where c.company_id = ${companyId} and c.stato = 'confermato' and r.esito is not null and c.data between ${from} and ${to}
      union all
      select ${romeDay(sql`m.created_at`)}, 'stock', null, m.cliente_id::text,
             coalesce(pa.materiale_id, lo.materiale_id)::text,
             coalesce(la.scelta, pa.scelta, lo.scelta),
             0, 0, 0, 0, 0, false, (-m.mq)::float8,
             (m.prezzo * case m.unita_prezzo when 'mq' then -m.mq else -m.pezzi end)::float8, false, false
      from movimenti m
        left join lastre la on la.id = m.lastra_id
        left join pacchi pa on pa.id = coalesce(m.pacco_id, la.pacco_id)
        left join lotti lo on lo.id = m.lotto_id
      where m.company_id = ${companyId} and m.tipo = 'scarico' and m.cliente_id is not null and m.prezzo is not null
        and m.created_at >= (${from}::date::timestamp at time zone 'Europe/Rome') and m.created_at < ((${to}::date + 1)::timestamp at time zone 'Europe/Rome')
      union all
      select ${romeDay(sql`tr.created_at`)}, 'trasferimento', null, 'ditta:' || tr.destinazione_company_id::text,
             coalesce(bl.materiale_id, pa.materiale_id, lo.materiale_id)::text,
             coalesce(bl.scelta, pa.scelta, lo.scelta),
             coalesce(bl.volume_netto, 0)::float8, coalesce(${pesoBlocco}, 0)::float8,
             (case when t.tipo = 'blocco' then t.prezzo else 0 end)::float8, 0, 0, false,
             (case when t.tipo = 'blocco' then 0 else t.mq end)::float8, (case when t.tipo = 'blocco' then 0 else t.prezzo end)::float8,
             t.tipo = 'blocco', coalesce(bl.categoria = 'informe', false)
      from trasferimenti_righe t join trasferimenti tr on tr.id = t.trasferimento_id
        left join blocchi bl on t.tipo = 'blocco' and bl.id = t.origine_id
        left join pacchi pa on t.tipo = 'pacco' and pa.id = t.origine_id
        left join lotti lo on t.tipo = 'lotto' and lo.id = t.origine_id
      where tr.company_id = ${companyId}
        and tr.created_at >= (${from}::date::timestamp at time zone 'Europe/Rome') and tr.created_at < ((${to}::date + 1)::timestamp at time zone 'Europe/Rome')`,
    metrics: [
      {
        descrizione:
          'Blocchi accettati nei collaudi confermati e blocchi trasferiti alle ditte del gruppo, informi compresi',
        key: 'blocchi',
        label: 'Blocchi venduti',
        unit: 'n',
        expr: sql`count(*) filter (where venduto)`,
        compare: true,
      },
      {
        descrizione:
          'm³ netti accettati dei blocchi venduti e trasferiti, informi esclusi (si vendono a peso)',
        key: 'volume',
        label: 'Volume venduto',
        unit: 'm3',
        expr: sql`sum(vol) filter (where venduto and not informe)`,
        compare: true,
      },
      {
        descrizione: 'Peso dei blocchi venduti e trasferiti, informi compresi',
        key: 'peso',
        label: 'Peso venduto',
        unit: 't',
        expr: sql`sum(t) filter (where venduto)`,
      },
      {
        descrizione:
          'Importo dei blocchi accettati nei collaudi confermati e prezzo di trasferimento alle ditte del gruppo',
        key: 'importoBlocchi',
        label: 'Importo blocchi',
        unit: 'eur',
        expr: sql`sum(eur) filter (where venduto)`,
        compare: true,
      },
      {
        descrizione: 'Importo dei blocchi non informi sui loro m³',
        key: 'prezzoM3',
        label: 'Prezzo medio €/m³',
        unit: 'eurm3',
        expr: ratio(
          sql`sum(eur) filter (where venduto and not informe)`,
          sql`sum(vol) filter (where venduto and not informe)`,
        ),
        compare: true,
      },
      {
        descrizione: 'Importo dei blocchi venduti sul loro peso',
        key: 'prezzoT',
        label: 'Prezzo medio €/t',
        unit: 'eurt',
        expr: ratio(sql`sum(eur) filter (where venduto)`, sql`sum(t) filter (where venduto)`),
      },
      {
        descrizione:
          'm² di lastre e pavimenti venduti dal magazzino o trasferiti alle ditte del gruppo',
        key: 'mqVenduti',
        label: 'Lastre e pavimenti venduti',
        unit: 'm2',
        expr: sql`sum(mq)`,
      },
      {
        descrizione:
          'Importo delle vendite di lastre e pavimenti e dei loro trasferimenti alle ditte del gruppo',
        key: 'importoStock',
        label: 'Importo lastre e pavimenti',
        unit: 'eur',
        expr: sql`sum(eur_stock)`,
      },
      {
        descrizione: 'Blocchi, lastre e pavimenti, compresi i trasferimenti alle ditte del gruppo',
        key: 'importo',
        label: 'Importo totale',
        unit: 'eur',
        expr: sql`coalesce(sum(eur) filter (where venduto), 0) + coalesce(sum(eur_stock), 0)`,
        chart: true,
        compare: true,
      },
      {
        descrizione: 'Righe accettate dei collaudi confermati',
        key: 'accettati',
        label: 'Esito: accettati',
        unit: 'n',
        expr: sql`count(*) filter (where esito = 'accettato')`,
      },
      {
        descrizione: 'Righe accettate con riserva dei collaudi confermati',
        key: 'conRiserva',
        label: 'Esito: con riserva',
        unit: 'n',
        expr: sql`count(*) filter (where esito = 'accettato_con_riserva')`,
      },
      {
        descrizione: 'Righe rifiutate dei collaudi confermati',
        key: 'rifiutati',
        label: 'Esito: rifiutati',
        unit: 'n',
        expr: sql`count(*) filter (where esito = 'rifiutato')`,
      },
      {
        descrizione:
          'Righe accettate (anche con riserva) su tutte le righe esaminate dei collaudi confermati',
        key: 'percAccettati',
        label: 'Blocchi accettati',
        unit: 'pct',
        expr: ratio(
          sql`count(*) filter (where esito in ('accettato', 'accettato_con_riserva'))`,
          sql`count(*) filter (where kind = 'collaudo')`,
          100,
        ),
      },
      {
        descrizione: 'Righe accettate con un abbuono',
        key: 'abbuoni',
        label: 'Righe con abbuono',
        unit: 'n',
        expr: sql`count(*) filter (where abbuono and esito in ('accettato', 'accettato_con_riserva'))`,
      },
      // on the accepted blocks: what the buyer measured less than the declared net volume, and what was then allowed off it
      {
        descrizione: 'm³ dichiarati meno m³ misurati al collaudo, sui blocchi accettati',
        key: 'caloM3',
        label: 'm³ calo di misura',
        unit: 'm3',
        expr: sql`sum(calo_m3) filter (where esito in ('accettato', 'accettato_con_riserva'))`,
      },
      {
        descrizione: "m³ misurati meno m³ accettati dopo l'abbuono, sui blocchi accettati",
        key: 'abbuonoM3',
        label: 'm³ abbuonati',
        unit: 'm3',
        expr: sql`sum(abbuono_m3) filter (where esito in ('accettato', 'accettato_con_riserva'))`,
      },
    ],
  },
};
