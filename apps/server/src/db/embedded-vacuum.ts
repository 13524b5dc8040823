import type { PGlite } from '@electric-sql/pglite';

/**
 * The embedded database's autovacuum (docs/performance.md "Vacuum on the embedded database"). PGlite
 * is PostgreSQL without its background processes: `autovacuum` reads `on`, but no worker ever runs,
 * so dead rows stay, the visibility map stays empty (every index-only scan reads the table too) and
 * a trigram index's pending list is never merged (every search reads it whole). This picks the
 * tables PostgreSQL's autovacuum would pick, by its own settings, from the counts of this process:
 * dead rows, rows inserted or changed since the last vacuum or analyze, and the age of its oldest
 * unfrozen transaction id. PGlite does not keep those counts across a restart, so a table never
 * vacuumed (filled by another process, a seed or a restore) is picked by its visibility map: less
 * than half its pages marked all-visible.
 */
const DUE_TABLES = `
  with settings as (
    select current_setting('autovacuum_vacuum_threshold')::float8 as vacuum_base,
           current_setting('autovacuum_vacuum_scale_factor')::float8 as vacuum_scale,
           current_setting('autovacuum_vacuum_insert_threshold')::float8 as insert_base,
           current_setting('autovacuum_vacuum_insert_scale_factor')::float8 as insert_scale,
           current_setting('autovacuum_analyze_threshold')::float8 as analyze_base,
           current_setting('autovacuum_analyze_scale_factor')::float8 as analyze_scale
  )
  select format('%I.%I', s.schemaname, s.relname) as name
  from pg_stat_user_tables s
  join pg_class c on c.oid = s.relid
  cross join settings
  where s.n_dead_tup > vacuum_base + vacuum_scale * greatest(c.reltuples, 0)
     or s.n_ins_since_vacuum > insert_base + insert_scale * greatest(c.reltuples, 0)
     or s.n_mod_since_analyze > analyze_base + analyze_scale * greatest(c.reltuples, 0)
     or (c.relpages >= 8 and c.relallvisible * 2 < c.relpages)
     or age(c.relfrozenxid) > current_setting('autovacuum_freeze_max_age')::float8
  order by s.schemaname, s.relname`;

/**
 * Vacuums and analyzes, one at a time, the tables that are due; returns their names. Each table is
 * one statement, so the requests that arrive meanwhile wait for one table at most, not for all. A
 * table that fails does not stop the others; the failures are thrown together at the end.
 */
export async function vacuumDueTables(pglite: PGlite): Promise<string[]> {
  // the counts of the last second are sent when the engine next goes idle, after this statement
  await pglite.query('select pg_stat_force_next_flush()');
  const { rows } = await pglite.query<{ name: string }>(DUE_TABLES);
  const failures: unknown[] = [];
  for (const { name } of rows)
    await pglite.query(`vacuum (analyze) ${name}`).catch((err: unknown) => failures.push(err));
  if (failures.length) throw new AggregateError(failures, 'vacuum non riuscito');
  return rows.map((r) => r.name);
}
