import { fields } from '@gestcava/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { codeSequences } from '../db/schema/index.js';
import { badRequest } from './app-error.js';
import { todayInRome } from './dates.js';
import { rowsOf } from './pagination.js';

type Letter =
  | 'A'
  | 'B'
  | 'C'
  | 'D'
  | 'E'
  | 'F'
  | 'G'
  | 'H'
  | 'I'
  | 'J'
  | 'K'
  | 'L'
  | 'M'
  | 'N'
  | 'O'
  | 'P'
  | 'Q'
  | 'R'
  | 'S'
  | 'T'
  | 'U'
  | 'V'
  | 'W'
  | 'X'
  | 'Y'
  | 'Z';

/**
 * A series of docs/domain.md (one per entity): two capital letters, chosen by the module that creates the
 * entity where it calls nextCode (BA bancate, BL blocchi, SG segagioni, PK pacchi, LP lavorazioni
 * pavimenti, LO lotti, CO collaudi). A new series needs no edit here; pick letters no module uses yet.
 */
export type CodeSeries = `${Letter}${Letter}`;

/**
 * The series' row in `code_sequences`: one for the whole installation, since the series are shared by
 * all the group's companies (docs/domain.md), so a stone transferred between them keeps a code no one else has.
 */
export const GROUP_SEQUENCE_KEY = '00000000-0000-0000-0000-000000000000';

/**
 * The next code of a series for the year (`BL-2026-0118`): one atomic upsert, so two concurrent
 * creates can never get the same number. Call it inside the creating transaction: a rolled-back
 * create gives its number back.
 */
export async function nextCode(
  tx: DbOrTx,
  series: CodeSeries,
  year = Number(todayInRome().slice(0, 4)),
): Promise<string> {
  const result = await tx.execute<{ last: number }>(sql`
    insert into ${codeSequences} (company_id, series, year, last) values (${GROUP_SEQUENCE_KEY}, ${series}, ${year}, 1)
    on conflict (company_id, series, year) do update set last = ${codeSequences}.last + 1
    returning last`);
  const last = rowsOf<{ last: number }>(result)[0]!.last;
  return `${series}-${year}-${String(last).padStart(4, '0')}`;
}

/**
 * A typed code on update (a quarry's, a block's or bancata's corrected by an admin): a record saved before
 * the code rule keeps its code, a changed one follows the rule (400). Call it with the locked row's code.
 */
export function assertCodiceChange(submitted: string | undefined, stored: string): void {
  const error = fields.codiceChangeError(submitted, stored);
  if (error) throw badRequest(error, [{ path: 'codice', message: error }]);
}
