import {
  is,
  Param,
  Placeholder,
  sql,
  type SelectedFieldsOrdered as FieldsOrdered,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { PgDialect, type PgColumn } from 'drizzle-orm/pg-core';

import type { DbOrTx } from '../db/client.js';
import { rowsOf } from './pagination.js';

/**
 * How a statement's builder places a value: `inline` binds it where it stands (a plain drizzle
 * statement, rendered on each call); a shaped statement's binder records it under `name` and places
 * a placeholder, so the text depends on the shape alone.
 */
export type Binder = <T>(name: string, value: T) => T | Placeholder;
export const inline: Binder = (_name, value) => value;

type Fields = FieldsOrdered<PgColumn>;

interface Rendered {
  sql: string;
  params: unknown[];
  /** A select builder's columns, in drizzle's order, to map its rows as the builder would. */
  fields?: Fields;
  joinsNotNullableMap?: Record<string, boolean>;
}

/** What a select builder's own prepared query knows of its rows (drizzle keeps it on the object). */
interface BuilderInternals {
  _prepare(name?: string): {
    fields?: Fields;
    joinsNotNullableMap?: Record<string, boolean>;
  };
}

/** Past this many shapes one statement forgets the shapes it kept (a filter combination per key). */
const MAX_SHAPES = 256;
const dialect = new PgDialect();

/**
 * One statement whose text is rendered once per shape and kept (docs/performance.md "Statements
 * rendered once per shape"). Drizzle renders a statement's text on every execution, walking each
 * fragment and checking its class along its prototype chain. `write(bind)` places every value
 * through `bind` (which records it) and returns how to build the whole statement, called only for
 * a shape not seen yet. The key is `shape` (what the placed values do not say: a sort, a state whose
 * condition has no value) plus the names of the values placed, so a filter present or absent is a
 * shape of its own. A rendered statement that still holds a bound value is refused: kept, it would
 * serve that value to everyone. Like any repeated statement it is then prepared once per
 * connection (docs/performance.md "Statements prepared once per connection"): PostgreSQL keeps
 * planning it with each execution's values unless a generic plan is estimated no worse. Works
 * inside a transaction: each execution goes through the session of the `db` it is given.
 */
export class ShapedStatement {
  readonly #texts = new Map<string, Rendered>();

  /** Rows as the database answers them (hand-written SQL). */
  async rows<T>(db: DbOrTx, shape: string, write: (bind: Binder) => () => SQL): Promise<T[]> {
    const { rendered, values } = this.#shaped(shape, write, (statement) => renderShape(statement));
    const prepared = db._.session.prepareQuery(rendered, undefined, undefined, false);
    return rowsOf<T>(await prepared.execute(values));
  }

  /** Rows of a select builder, mapped by drizzle as the builder maps them (dates, numerics, nesting). */
  async select<Q extends SQLWrapper & { _: { result: unknown } }>(
    db: DbOrTx,
    shape: string,
    write: (bind: Binder) => () => Q,
  ): Promise<Q['_']['result']> {
    const { rendered, values } = this.#shaped(shape, write, (builder) => {
      const { fields, joinsNotNullableMap } = (builder as unknown as BuilderInternals)._prepare();
      return { ...renderShape(builder.getSQL()), fields, joinsNotNullableMap };
    });
    const prepared = db._.session.prepareQuery(rendered, rendered.fields, undefined, true);
    Object.assign(prepared, { joinsNotNullableMap: rendered.joinsNotNullableMap });
    return (await prepared.execute(values)) as Q['_']['result'];
  }

  #shaped<S>(shape: string, write: (bind: Binder) => () => S, render: (statement: S) => Rendered) {
    const values: Record<string, unknown> = {};
    const build = write((name, value) => {
      if (name in values && values[name] !== value)
        throw new Error(`ShapedStatement: two values named ${name}`);
      values[name] = value;
      return sql.placeholder(name);
    });
    const key = `${shape}|${Object.keys(values).join(',')}`;
    let rendered = this.#texts.get(key);
    if (!rendered) {
      rendered = render(build());
      if (this.#texts.size >= MAX_SHAPES) this.#texts.clear();
      this.#texts.set(key, rendered);
    }
    return { rendered, values };
  }
}

function renderShape(statement: SQLWrapper): Rendered {
  const rendered = dialect.sqlToQuery(statement.getSQL());
  const placed = (p: unknown) => is(p, Placeholder) || (is(p, Param) && is(p.value, Placeholder));
  if (!rendered.params.every(placed))
    throw new Error('ShapedStatement: a value was bound without the binder');
  return rendered;
}
