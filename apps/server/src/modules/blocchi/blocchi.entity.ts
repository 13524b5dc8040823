import {
  DEFAULT_DENSITA,
  detailPath,
  pesoBlocco,
  pesoText,
  SCELTA_LABELS,
  type GenealogyNode,
} from '@gestcava/contracts';
import type { DbOrTx } from '../../db/client.js';
import { blocchi } from '../../db/schema/index.js';
import {
  describeBy,
  refJsonOf,
  type EntityRegistry,
  type EntitySummary,
} from '../../lib/entities.js';
import { toBloccoDto } from './blocchi.mapper.js';
import * as repo from './blocchi.repository.js';
import { bloccoIdsInCava } from './blocchi.reads.js';
import * as refs from './blocchi.refs.js';

type BloccoSummary = Awaited<ReturnType<typeof refs.summaries>>[number];

const ITALIAN_M3 = new Intl.NumberFormat('it-IT', {
  minimumFractionDigits: 3,
  maximumFractionDigits: 3,
});

/** The block's weight by the one rule (weighbridge, else theoretical), with its basis: "15,08 t pesato". */
function pesoFact(r: {
  pesoPesa: number | null;
  volumeNetto: number;
  densita: number | null;
}): string {
  return pesoText(
    pesoBlocco({
      pesoPesa: r.pesoPesa,
      volumeNettoM3: r.volumeNetto,
      densita: r.densita ?? DEFAULT_DENSITA,
    }),
  );
}

/** The block's card where a code or a photo names it: material, scelta, net size, volume, weight. */
function bloccoCard(r: BloccoSummary): EntitySummary {
  return {
    codice: r.codice,
    materiale: r.materiale,
    stato: r.stato,
    cava: r.cava,
    kind: r.origine,
    facts: [
      r.materiale ?? '',
      `Scelta ${SCELTA_LABELS[r.scelta as keyof typeof SCELTA_LABELS].toLowerCase()}`,
      `${r.lunghezzaNetta} × ${r.altezzaNetta} × ${r.profonditaNetta} cm`,
      `${ITALIAN_M3.format(r.volumeNetto)} m³`,
      pesoFact(r),
    ].filter(Boolean),
  };
}

/**
 * The blocco in the entity registry (photos, chat references, genealogy). Its page is `blocchi` or
 * `blocchi-esterni` by origine, so each ref carries the origine as its `kind`.
 */
export function registerBloccoEntity(entities: EntityRegistry) {
  entities.register({
    type: 'blocco',
    label: 'Blocco',
    permission: (ref) => (ref.kind === 'esterno' ? 'blocchi-esterni' : 'blocchi'),
    async findInCompany(tx, companyId, id) {
      const row = await repo.findJoined(tx, companyId, null, id);
      return row
        ? { id: row.blocco.id, codice: row.blocco.codice, kind: row.blocco.origine }
        : null;
    },
    async searchCodice(tx, companyId, text, limit) {
      return (await refs.searchCodice(tx, companyId, text, limit)).map((r) => ({
        id: r.id,
        codice: r.codice,
        kind: r.origine,
      }));
    },
    async findByCodice(tx, companyId, codice, typed) {
      const row =
        (await refs.findByCodice(tx, companyId, codice)) ??
        (typed ? await refs.findByTracciabilita(tx, companyId, typed) : undefined);
      return row ? { id: row.id, codice: row.codice, kind: row.origine } : null;
    },
    detailPath: (ref) => detailPath(ref.kind === 'esterno' ? 'blocco-esterno' : 'blocco', ref.id),
    refJsonSql: refJsonOf(blocchi, blocchi.codice, blocchi.origine),
    pages: ['blocchi', 'blocchi-esterni'],
    readableIds(canRead) {
      const interno = canRead('blocchi');
      const esterno = canRead('blocchi-esterni');
      if (interno && esterno) return 'all';
      if (!interno && !esterno) return 'none';
      return refs.idsOfOrigine(interno ? 'interno' : 'esterno');
    },
    idsInCava: bloccoIdsInCava,
    describe: describeBy(refs.summaries, bloccoCard),
  });

  entities.addGenealogy('blocco', bloccoGenealogy);
}

// Where a block comes from and who bought it; lavorazioni and collaudi add theirs later.
async function bloccoGenealogy(
  tx: DbOrTx,
  companyId: string,
  id: string,
): Promise<GenealogyNode[]> {
  const row = await repo.findJoined(tx, companyId, null, id);
  if (!row) return [];
  const nodes: GenealogyNode[] = [];
  if (row.cava)
    nodes.push({
      entityType: 'cava',
      _id: row.cava.id,
      label: `Cava ${row.cava.nome}`,
      codice: null,
      relation: 'origine',
      path: null,
    });
  if (row.bancata)
    nodes.push({
      entityType: 'bancata',
      _id: row.bancata.id,
      label: `Bancata ${row.bancata.codice}`,
      codice: row.bancata.codice,
      relation: 'origine',
      path: detailPath('bancata', row.bancata.id),
    });
  if (row.fornitore) {
    const numero = row.blocco.numeroFornitore ? ` (n. ${row.blocco.numeroFornitore})` : '';
    nodes.push({
      entityType: 'fornitore',
      _id: row.fornitore.id,
      label: `${row.fornitore.ragioneSociale}${numero}`,
      codice: row.blocco.numeroFornitore,
      relation: 'origine',
      path: detailPath('fornitore', row.fornitore.id),
    });
  }
  const dto = toBloccoDto(row);
  if (dto.cliente)
    nodes.push({
      entityType: 'cliente',
      _id: dto.cliente._id,
      label: dto.cliente.ragioneSociale,
      codice: null,
      relation: 'vendita',
      path: detailPath('cliente', dto.cliente._id),
    });
  return nodes;
}
