// "Some flight exists where ...": the subquery behind the list filters that select rows by
// their flights (airlines flown from a source, zones used by its flights, ...).
import { and, exists, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database';
import { flights } from '../db/schema';

export const flightExists = (db: Database, ...conditions: SQL[]) =>
  exists(
    db
      .select({ one: flights.id })
      .from(flights)
      .where(and(...conditions)),
  );
