import {
  DDT_STATO_LABELS,
  detailPath,
  numeroDdt,
  type DdtStato,
  type GenealogyNode,
} from '@gestcava/contracts';
import type { DbOrTx } from '../../db/client.js';
import { italianDate } from '../../lib/dates.js';
import { ddt } from '../../db/schema/index.js';
import { refJsonOf, type EntityRegistry, type EntitySummary } from '../../lib/entities.js';
import * as repo from './ddt.repository.js';

/**
 * A DDT's number as typed in the code lookup: "DDT 5/2026", "ddt n. 5/2026", "5/2026" (already
 * upper-case and trimmed by `normalizeCodice`). `partial`: the year may be cut short or left out, for
 * the candidates of a search ("DDT 5", "5/20").
 */
export function parseNumeroDdt(
  text: string,
  partial = false,
): { numero: number; anno: string } | null {
  const m = (
    partial
      ? /^(?:DDT\s*(?:N[.°º]?\s*)?)?(\d{1,9})(?:\s*\/\s*(\d{0,4}))?$/
      : /^(?:DDT\s*(?:N[.°º]?\s*)?)?(\d{1,9})\s*\/\s*(\d{4})$/
  ).exec(text.toUpperCase());
  if (!m || Number(m[1]) === 0) return null;
  return { numero: Number(m[1]), anno: m[2] ?? '' };
}

const statoText = (stato: string) => DDT_STATO_LABELS[stato as DdtStato].toLowerCase();

/** What a card or the code box says of a DDT: its receiver, day, colli and weight. */
function summaryOf(r: Awaited<ReturnType<typeof repo.summaries>>[number]): EntitySummary {
  const facts = [
    r.destinatario,
    r.data ? italianDate(r.data) : null,
    `${r.colli} colli`,
    `${r.pesoKg} kg`,
  ];
  return {
    codice: r.codice,
    materiale: null,
    stato: DDT_STATO_LABELS[r.stato as DdtStato],
    cava: null,
    facts: facts.filter((f): f is string => f !== null),
  };
}

/** A line of the DDT as its genealogy shows it: the item's page (a lot's sale opens its lot). */
function rigaNode(
  r: NonNullable<Awaited<ReturnType<typeof repo.genealogyOf>>>['righe'][number],
): GenealogyNode {
  const kind =
    r.entityType === 'blocco'
      ? r.origine === 'esterno'
        ? 'blocco-esterno'
        : 'blocco'
      : r.entityType;
  const pageId = r.entityType === 'lotto' ? r.lottoId : r.entityId;
  const label = { blocco: 'Blocco', pacco: 'Pacco', lastra: 'Lastra', lotto: 'Lotto' }[
    r.entityType
  ];
  return {
    entityType: r.entityType,
    _id: pageId ?? r.entityId,
    label: `${label} ${r.codice}`,
    codice: r.codice,
    relation: 'origine',
    path: pageId ? detailPath(kind, pageId) : null,
  };
}

/** What the DDT carried, the collaudi that sold its blocks, and its receiver. */
async function ddtGenealogy(tx: DbOrTx, companyId: string, id: string): Promise<GenealogyNode[]> {
  const g = await repo.genealogyOf(tx, companyId, id);
  if (!g) return [];
  const items = g.righe.map(rigaNode);
  // the collaudi that sold its blocks, each once
  const collaudi = new Map(
    g.righe.flatMap((r) =>
      r.collaudoId && r.collaudoCodice ? [[r.collaudoId, r.collaudoCodice] as const] : [],
    ),
  );
  const sold = [...collaudi].map(([cid, codice]): GenealogyNode => ({
    entityType: 'collaudo',
    _id: cid,
    label: `Collaudo ${codice}`,
    codice,
    relation: 'origine',
    path: detailPath('collaudo', cid),
  }));
  return [
    ...items,
    ...sold,
    {
      entityType: 'cliente',
      _id: g.clienteId,
      label: g.destinatario,
      codice: null,
      relation: 'vendita',
      path: detailPath('cliente', g.clienteId),
    },
  ];
}

/** A DDT as an item's genealogy names it: number, date, receiver (and a cancellation). */
const ddtNode = (r: Awaited<ReturnType<typeof repo.ddtOfItem>>[number]): GenealogyNode => ({
  entityType: 'ddt',
  _id: r.id,
  label: `DDT ${numeroDdt(r.numero!, r.anno!)} del ${italianDate(r.data!)} a ${r.destinatario}${r.stato === 'annullato' ? ` (${statoText(r.stato)})` : ''}`,
  codice: numeroDdt(r.numero!, r.anno!),
  relation: 'vendita',
  path: detailPath('ddt', r.id),
});

/**
 * The DDT in the entity registry: the code lookup finds it by its number, a shipped item's
 * genealogy and page name the DDTs it left with (blocco → collaudo → DDT → cliente, lastra → pacco →
 * DDT), and the DDT's own genealogy lists what it carried and to whom.
 */
export function registerDdtEntity(entities: EntityRegistry) {
  entities.register({
    type: 'ddt',
    label: 'DDT',
    permission: () => 'spedizioni',
    findInCompany: (tx, companyId, id) => repo.findRef(tx, companyId, { id }),
    async findByCodice(tx, companyId, codice) {
      const n = parseNumeroDdt(codice);
      return n ? repo.findRef(tx, companyId, { numero: n.numero, anno: Number(n.anno) }) : null;
    },
    async searchCodice(tx, companyId, text, limit) {
      const n = parseNumeroDdt(text, true);
      return n ? repo.searchRefs(tx, companyId, n.numero, n.anno, limit) : [];
    },
    detailPath: (ref) => detailPath('ddt', ref.id),
    refJsonSql: refJsonOf(ddt, repo.codiceText),
    pages: ['spedizioni'],
    readableIds: (canRead) => (canRead('spedizioni') ? 'all' : 'none'),
    idsInCava: repo.idsInCava,
    async describe(tx, companyId, ids) {
      return new Map((await repo.summaries(tx, companyId, ids)).map((r) => [r.id, summaryOf(r)]));
    },
  });

  for (const kind of ['blocco', 'pacco', 'lastra', 'lotto'] as const)
    entities.addGenealogy(kind, async (tx, companyId, id) =>
      (await repo.ddtOfItem(tx, companyId, id)).map(ddtNode),
    );
  entities.addGenealogy('ddt', ddtGenealogy);
}
