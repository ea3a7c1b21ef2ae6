// A whole list built as JSON inside the database, in exactly the body the row path answers (the
// response schema's keys in order, times as toISOString() writes them), and sent as the
// database's text: turning 10,000 rows into objects and serialising them again took most of a
// list's time on the embedded database.
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/database';

/** One column's value as the row path answers it, or null where the database's JSON would differ. */
function jsonValue(column: AnyPgColumn): SQL | null {
  switch (column.columnType) {
    case 'PgInteger':
    case 'PgText':
    case 'PgEnumColumn':
    case 'PgBoolean':
    case 'PgDoublePrecision':
    case 'PgDateString':
    case 'PgJsonb':
      return sql`${column}`;
    case 'PgTimestamp':
      // Milliseconds cut, not rounded, as a Date parsed from PostgreSQL's microseconds keeps them.
      return (column as AnyPgColumn & { withTimezone: boolean }).withTimezone
        ? sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
        : null;
    default:
      return null;
  }
}

export type WholeList = { n: number; body: string };
export type WholeListReader = (db: Executor, where: SQL | undefined) => Promise<WholeList>;

/**
 * Reads a list's row count and body (with `keys` of each row in order, and no whitespace, as
 * JSON.stringify writes it), or is null when a key is not a plain column of `table`: computed
 * fields take the row path.
 */
export function wholeListReader(table: PgTable, keys: string[], orderBy: AnyPgColumn[]): WholeListReader | null {
  const columns = getTableColumns(table) as Record<string, AnyPgColumn>;
  const fields: SQL[] = [];
  for (const key of keys) {
    const value = columns[key] ? jsonValue(columns[key]) : null;
    if (!value) return null;
    fields.push(sql`${value} as ${sql.identifier(key)}`);
  }
  const order = sql.join(orderBy.map((column) => sql`${column}`), sql`, `);
  return async (db, where) => {
    // row_to_json names each value by its alias and writes no spaces (json_build_object does).
    const result = await db.execute(sql`
      select count(*)::int as n, '[' || coalesce(string_agg(row_to_json(list_row)::text, ',' order by ${order}), '') || ']' as body
      from ${table} cross join lateral (select ${sql.join(fields, sql`, `)}) as list_row
      ${where ? sql`where ${where}` : sql``}`);
    // Both drivers answer { rows }; Drizzle's type for a database of either kind does not say so.
    return (result as unknown as { rows: WholeList[] }).rows[0];
  };
}
