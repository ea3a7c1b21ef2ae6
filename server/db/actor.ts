// Who a database write is made for (issue 35: the History, and who changed a row): the signed-in
// planner of the request, or the planner who started the job that writes. It is kept for the
// request or the job in an AsyncLocalStorage and sent with each statement as a leading SQL
// comment, as sqlcommenter tags statements for tracing; the database's triggers read it back
// (planner_actor(), migration 0016), so no route, job or bulk write has to record its author.
import { AsyncLocalStorage } from 'node:async_hooks';

/** The planner a statement is made for, and the job making it, if any. */
export type Actor = { userId: number | null; jobId: number | null };

const storage = new AsyncLocalStorage<Actor>();

/** Runs `fn` with every statement it makes tagged with `actor`. */
export const actingAs = <T>(actor: Actor, fn: () => T): T => storage.run(actor, fn);

/** The actor of the statements made here, if any: a request's is filled in once it is signed in. */
export const currentActor = (): Actor | undefined => storage.getStore();

/** `text` with the current actor's tag in front, or as it is without one. */
function tagStatement(text: string): string {
  const actor = storage.getStore();
  if (!actor || (actor.userId === null && actor.jobId === null)) return text;
  return `/*actor:${actor.userId ?? 0},job:${actor.jobId ?? 0}*/ ${text}`;
}

type QueryArgs = [query: unknown, ...rest: unknown[]];

/** A query's first argument (its text, or a config object with `text`) with the tag in front. */
function taggedQuery(query: unknown): unknown {
  if (typeof query === 'string') return tagStatement(query);
  if (query && typeof query === 'object' && typeof (query as { text?: unknown }).text === 'string' && !('submit' in query)) {
    const text = (query as { text: string }).text;
    const tagged = tagStatement(text);
    return tagged === text ? query : { ...query, text: tagged };
  }
  return query;
}

/** Makes `target.query` tag each statement it sends (a pg client, PGlite, or a PGlite transaction). */
export function tagQueries<T extends object>(target: T): T {
  const holder = target as unknown as { query: (...args: QueryArgs) => unknown };
  const query = holder.query.bind(target);
  holder.query = (first, ...rest) => query(taggedQuery(first), ...rest);
  return target;
}
