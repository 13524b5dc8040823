import type { BloccoOrigine } from '@gestcava/contracts';
import { desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { blocchi, cave, materiali } from '../../db/schema/index.js';
import { companyScope } from '../../lib/company-table.js';
import { matchesSearch, matchesStoredSearch, searchText } from '../../lib/search.js';
import { constantWord } from '../../lib/sql.js';
import { statoEffettivo } from './blocchi.list.js';

// The reads of the entity registry: the code box, photo cards and labels.

/** Blocchi whose code contains the text (a code search's candidates). */
export function searchCodice(db: DbOrTx, companyId: string, text: string, limit: number) {
  return db
    .select({ id: blocchi.id, codice: blocchi.codice, origine: blocchi.origine })
    .from(blocchi)
    .where(companyScope(blocchi, companyId, matchesSearch(blocchi.codice, text)))
    .orderBy(desc(blocchi.codice))
    .limit(limit);
}

export function findByCodice(db: DbOrTx, companyId: string, codice: string) {
  return db
    .select({ id: blocchi.id, codice: blocchi.codice, origine: blocchi.origine })
    .from(blocchi)
    .where(companyScope(blocchi, companyId, eq(blocchi.codice, codice)))
    .limit(1)
    .then((r) => r[0]);
}

/**
 * The block whose traceability code is `text`, case and accents aside (the code box). The
 * stored search text narrows it through its trigram index (the code is part of it), the equality
 * then wants the whole code: a part of it is a candidate, not an answer.
 */
export function findByTracciabilita(db: DbOrTx, companyId: string, text: string) {
  return db
    .select({ id: blocchi.id, codice: blocchi.codice, origine: blocchi.origine })
    .from(blocchi)
    .where(
      companyScope(
        blocchi,
        companyId,
        matchesStoredSearch(blocchi.searchText, text),
        sql`upper(${searchText(blocchi.codiceTracciabilita)}) = upper(f_unaccent(${text}))`,
      ),
    )
    .orderBy(desc(blocchi.createdAt))
    .limit(1)
    .then((r) => r[0]);
}

/** Code, material, effective state, quarry and what the label's facts need of many blocchi at once (photo cards, labels). */
export function summaries(db: DbOrTx, companyId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: blocchi.id,
      codice: blocchi.codice,
      origine: blocchi.origine,
      stato: statoEffettivo,
      materiale: sql<
        string | null
      >`(select ${materiali.nome} from ${materiali} where ${materiali.id} = ${blocchi.materialeId})`,
      cava: sql<
        string | null
      >`(select ${cave.nome} from ${cave} where ${cave.id} = ${blocchi.cavaId})`,
      scelta: blocchi.scelta,
      lunghezzaNetta: blocchi.lunghezzaNetta,
      altezzaNetta: blocchi.altezzaNetta,
      profonditaNetta: blocchi.profonditaNetta,
      volumeNetto: blocchi.volumeNetto,
      pesoPesa: blocchi.pesoPesa,
      densita: sql<number>`(select ${materiali.densita} from ${materiali} where ${materiali.id} = ${blocchi.materialeId})::float8`,
    })
    .from(blocchi)
    .where(companyScope(blocchi, companyId, inArray(blocchi.id, ids)));
}

/**
 * The ids of one origine's blocchi, as a subquery (photo lists and the dashboard's activity for a
 * user who reads only one kind); no bound value, so a statement kept per shape may hold it.
 */
export function idsOfOrigine(origine: BloccoOrigine): SQL {
  return sql`select ${blocchi.id} from ${blocchi} where ${blocchi.origine} = ${constantWord(origine)}`;
}
