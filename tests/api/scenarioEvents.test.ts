// A scenario's live changes (issue 35): GET /api/scenarios/{id}/events/ streams each committed
// write to the scenario's data, made by anyone through any path (a route, a bulk write, a job's
// own writes straight to the database), to whoever may read the scenario, and to nobody else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, signedIn, viewerAndStranger, type TestApp } from '../support/app';
import { buildScenario, type Fixture } from '../support/scenarioFixture';
import { openEventStream, type EventStream, type StreamEvent } from '../support/eventStream';
import { baggageAllocations, scenarioPresence, users } from '../../server/db/schema';
import { forgetGoneVisitors } from '../../server/live/presence';
import { APP_CLOSE_MS, APP_SETUP_MS } from '../support/waits';

let t: TestApp;
let f: Fixture;
let baseUrl: string;
let owner: string;
let viewer: string;
let stranger: string;
const streams: EventStream[] = [];

async function listen(scenarioId: number, token: string): Promise<EventStream> {
  const stream = await openEventStream(baseUrl, scenarioId, token);
  if (typeof stream === 'number') throw new Error(`the stream was refused: ${stream}`);
  streams.push(stream);
  return stream;
}

const change = (set: string) => (e: StreamEvent) => e.event === 'change' && e.data.set === set;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedIn(t, 'owner@example.com');
  f = await buildScenario(t, owner);
  ({ viewer, stranger } = await viewerAndStranger(t, owner, f.scenario));
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, APP_SETUP_MS);

afterAll(async () => {
  for (const stream of streams) stream.close();
  // The test's fetch (undici) keeps spare connections open that never send a request, which the
  // server's close would wait for; the streams are over, so every connection goes.
  t?.app.server.closeAllConnections();
  await t?.close();
}, APP_CLOSE_MS);

describe('a scenario event stream', () => {
  it("tells a viewer of each committed write, by route, bulk write or a job's own write", async () => {
    const stream = await listen(f.scenario, viewer);
    const patched = await t.as(owner, { method: 'PATCH', url: `/api/flights/${f.flight}/`, payload: { load_factor: 0.7 } });
    expect(patched.statusCode).toBe(200);
    expect((await stream.next(change('flights'))).data).toEqual({ scenario: f.scenario, set: 'flights', op: 'update', ids: [f.flight], count: 1 });

    // A refused write commits nothing, so it is not announced: the next change is the one after it.
    expect((await t.as(owner, { method: 'PATCH', url: `/api/flights/${f.flight}/`, payload: { load_factor: 7 } })).statusCode).toBe(400);
    const deleted = await t.as(owner, { method: 'DELETE', url: `/api/rules/bagsperallocation/${f.bagsRule}/` });
    expect(deleted.statusCode).toBe(204);
    const next = await stream.next((e) => e.event === 'change');
    expect(next.data).toMatchObject({ set: 'bags_per_allocation_rules', op: 'delete', ids: [f.bagsRule] });

    // A bulk write announces every row it changed, once it has committed them all.
    const second = await t.as(owner, {
      method: 'POST',
      url: '/api/flights/',
      payload: { scenario_id: f.scenario, airline_id: f.airline, flight_number: '1983', scheduled: '2017-01-02T10:05:00Z' },
    });
    expect((await stream.next(change('flights'))).data).toMatchObject({ op: 'insert', ids: [second.json().id] });
    const bulk = await t.as(owner, {
      method: 'PATCH',
      url: '/api/flights/bulk/',
      payload: [
        { id: f.flight, seats: 180 },
        { id: second.json().id, seats: 150 },
      ],
    });
    expect(bulk.statusCode).toBe(200);
    const announced = [(await stream.next(change('flights'))).data, (await stream.next(change('flights'))).data];
    expect(announced.map((c) => [c.op, ...(c.ids as number[])])).toEqual([
      ['update', f.flight],
      ['update', second.json().id],
    ]);

    // A job writes through the database, not a route: its writes are announced all the same.
    await t.database.db.update(baggageAllocations).set({ locked: true }).where(eq(baggageAllocations.id, f.baggageAllocation));
    expect((await stream.next(change('baggage_allocations'))).data).toMatchObject({ op: 'update', ids: [f.baggageAllocation] });
  });

  it("refuses a stream to whoever cannot read the scenario, and never sends them another project's changes", async () => {
    expect(await openEventStream(baseUrl, f.scenario, stranger)).toBe(404);
    expect(await openEventStream(baseUrl, f.scenario, 'not-a-token')).toBe(401);
    expect(await openEventStream(baseUrl, 999_999, owner)).toBe(404);

    // The stranger's own scenario, in a project of theirs: they hear its changes and only those.
    const theirs = await buildScenario(t, stranger, 'Their day');
    const stream = await listen(theirs.scenario, stranger);
    expect((await t.as(owner, { method: 'PATCH', url: `/api/flights/${f.flight}/`, payload: { seats: 190 } })).statusCode).toBe(200);
    expect((await t.as(stranger, { method: 'PATCH', url: `/api/flights/${theirs.flight}/`, payload: { seats: 120 } })).statusCode).toBe(200);
    await stream.next(change('flights'));
    expect(stream.drain()).toEqual([]);
  });

  it('ends the stream of a viewer removed from the project, at their next change', async () => {
    const removed = await signedIn(t, 'leaving@example.com');
    const member = await t.as(owner, { method: 'PUT', url: `/api/projects/${f.project}/members/`, payload: { email: 'leaving@example.com', role: 'viewer' } });
    expect(member.statusCode).toBeLessThan(300);
    const stream = await listen(f.scenario, removed);
    const members = await t.as(owner, { method: 'GET', url: `/api/projects/${f.project}/members/` });
    const { user_id } = (members.json() as Array<{ user_id: number; email: string }>).find((m) => m.email === 'leaving@example.com')!;
    expect((await t.as(owner, { method: 'DELETE', url: `/api/projects/${f.project}/members/${user_id}/` })).statusCode).toBe(204);
    expect((await t.as(owner, { method: 'PATCH', url: `/api/flights/${f.flight}/`, payload: { seats: 170 } })).statusCode).toBe(200);
    // Arrivals and departures of others (who has the scenario open) are not what ends it.
    expect((await stream.next((e) => e.event !== 'keep-alive' && !change('scenario_presence')(e))).event).toBe('revoked');
    await stream.ended;
  });
});

describe('who has the scenario open', () => {
  type Visitor = { email: string; since: string };
  const present = async (token: string) => {
    const res = await t.as(token, { method: 'GET', url: `/api/scenarios/${f.scenario}/presence/` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Visitor[]).map((v) => v.email);
  };

  it('lists everyone with a stream open, once each, and tells the others as they come and go', async () => {
    // The streams of the tests before have gone.
    for (const stream of streams) stream.close();
    await expect.poll(() => present(owner)).toEqual([]);
    const ownersStream = await listen(f.scenario, owner);
    const ownersSecondTab = await listen(f.scenario, owner);
    expect(await present(viewer)).toEqual(['owner@example.com']);
    const viewersStream = await listen(f.scenario, viewer);
    expect((await ownersStream.next(change('scenario_presence'))).data).toMatchObject({ op: 'insert' });
    expect(await present(owner)).toEqual(['owner@example.com', 'viewer@example.com']);

    viewersStream.close();
    await ownersStream.next((e) => change('scenario_presence')(e) && e.data.op === 'delete');
    expect(await present(owner)).toEqual(['owner@example.com']);
    ownersSecondTab.close();
    ownersStream.close();
    await expect.poll(() => present(owner)).toEqual([]);
  });

  it('is told only to whoever may read the scenario, and kept out of its History', async () => {
    expect((await t.as(stranger, { method: 'GET', url: `/api/scenarios/${f.scenario}/presence/` })).statusCode).toBe(404);
    await listen(f.scenario, viewer);
    const history = await t.as(owner, { method: 'GET', url: `/api/scenarios/${f.scenario}/history/?set=scenario_presence` });
    expect(history.json().entries).toEqual([]);
  });

  it('does not count a stream its server stopped renewing, and forgets it after ten minutes', async () => {
    for (const stream of streams) stream.close();
    await expect.poll(() => present(owner)).toEqual([]);
    const [viewerRow] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'viewer@example.com'));
    const seenAgo = (minutes: number) => ({ scenario_id: f.scenario, user_id: viewerRow.id, seen_at: sql`now() - make_interval(mins => ${minutes})` });
    await t.database.db.insert(scenarioPresence).values([seenAgo(2), seenAgo(11)]);
    expect(await present(owner)).toEqual([]);
    expect(await forgetGoneVisitors(t.database.db)).toBe(1);
    const left = await t.database.db.select().from(scenarioPresence).where(eq(scenarioPresence.scenario_id, f.scenario));
    expect(left.length).toBe(1);
  });
});
