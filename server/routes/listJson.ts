// A whole list built as JSON inside the database, in exactly the body the row path answers (the
// response schema's keys in order, times as toISOString() writes them), and sent as the
// database's text: turning 10,000 rows into objects and serialising them again took most of a
// list's time on the embedded database.
import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
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

/**
 * Tables whose rows carry their list JSON, written by a trigger with each row (migration
 * 0010_flight_list_json.sql, 0014_row_versions.sql, 0019_flight_seats_estimated.sql), and the keys that JSON has, in order. Where the response's keys
 * differ (a column added without updating the trigger), the list is built as for other tables.
 */
const STORED_LIST_JSON: Record<string, readonly string[]> = {
  flights: [
    'source_id',
    'airline_id',
    'flight_number',
    'suffix',
    'direction',
    'origin',
    'destination',
    'scheduled',
    'aircraft_id',
    'seats',
    'seats_estimated',
    'load_factor',
    'passengers',
    'sector',
    'terminal_id',
    'zone_id',
    'makeup_zone_id',
    'turnup_profile_id',
    'locked',
    'id',
    'scenario_id',
    'created_at',
    'updated_at',
    'version',
  ],
};

/** The stored list JSON of `table`'s rows when it has exactly `keys`, else null. */
function storedListJson(table: PgTable, keys: string[]): SQL | null {
  const stored = STORED_LIST_JSON[getTableName(table)];
  return stored && stored.join() === keys.join() ? sql`${table}.list_json` : null;
}

type WholeList = { n: number; body: string };
export type WholeListReader = (db: Executor, where: SQL | undefined) => Promise<WholeList>;

/**
 * Reads a list's row count and body (with `keys` of each row in order, and no whitespace, as
 * JSON.stringify writes it), or is null when a key is not a plain column of `table`: computed
 * fields take the row path.
 */
export function wholeListReader(table: PgTable, keys: string[], orderBy: AnyPgColumn[]): WholeListReader | null {
  const order = sql.join(
    orderBy.map((column) => sql`${column}`),
    sql`, `,
  );
  const stored = storedListJson(table, keys);
  if (stored) return listReader(table, stored, order, sql``);
  const columns = getTableColumns(table) as Record<string, AnyPgColumn>;
  const fields: SQL[] = [];
  for (const key of keys) {
    const value = columns[key] ? jsonValue(columns[key]) : null;
    if (!value) return null;
    fields.push(sql`${value} as ${sql.identifier(key)}`);
  }
  // row_to_json names each value by its alias and writes no spaces (json_build_object does).
  return listReader(table, sql`row_to_json(list_row)::text`, order, sql`cross join lateral (select ${sql.join(fields, sql`, `)}) as list_row`);
}

function listReader(table: PgTable, rowJson: SQL, order: SQL, join: SQL): WholeListReader {
  return async (db, where) => {
    const result = await db.execute(sql`
      select count(*)::int as n, '[' || coalesce(string_agg(${rowJson}, ',' order by ${order}), '') || ']' as body
      from ${table} ${join}
      ${where ? sql`where ${where}` : sql``}`);
    // Both drivers answer { rows }; Drizzle's type for a database of either kind does not say so.
    return (result as unknown as { rows: WholeList[] }).rows[0];
  };
}
