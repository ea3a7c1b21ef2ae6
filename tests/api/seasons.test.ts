// Design-day studies over the API: a season file kept (not imported), its days and peaks, the
// design day chosen by a rule replacing the scenario's flights with provenance recorded, a large
// season summarised as a job, growth into a new scenario, and every bad input refused by name
// with nothing written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../support/app';
import { multipart } from '../support/multipart';
import { jfkSeasonCsv } from '../support/seasonCsv';
import { readSharedData } from '../support/sharedData';
import { APP_CLOSE_MS, APP_SETUP_MS } from '../support/waits';

let t: TestApp;
let token: string;
let viewer: string;

beforeAll(async () => {
  t = await createTestApp({ jobs: true });
  token = await signedIn(t, 'planner@example.com');
  viewer = await signedIn(t, 'viewer@example.com');
}, APP_SETUP_MS);
afterAll(() => t.close(), APP_CLOSE_MS);

const api = async (as: string, method: 'GET' | 'POST', url: string, payload?: object) => t.as(as, { method, url: `/api/${url}`, ...(payload && { payload }) });
const get = async (url: string) => (await api(token, 'GET', url)).json();

async function newScenario() {
  const project = (await api(token, 'POST', 'projects/', { name: 'Seasons' })).json();
  await t.as(token, { method: 'PUT', url: `/api/projects/${project.id}/members/`, payload: { email: 'viewer@example.com', role: 'viewer' } });
  const scenario = (await api(token, 'POST', 'scenarios/', { project_id: project.id, name: 'Base', design_date: '2017-01-02' })).json();
  await api(token, 'POST', 'airports/', { scenario_id: scenario.id, iata: 'JFK', time_zone: 'America/New_York' });
  return scenario.id as number;
}

const uploadSeason = (scenarioId: number, content: string, as = token) =>
  t.as(as, {
    method: 'POST',
    url: '/api/flight-schedule-file/',
    ...multipart({ scenario_id: String(scenarioId), season: 'true' }, { name: 'jfk-season.csv', content }),
  });

describe('a season kept for design-day studies', () => {
  let scenarioId: number;
  let fileId: number;

  beforeAll(async () => {
    scenarioId = await newScenario();
    // 2 to 8 January: 292 departures, then 20 fewer each day.
    const res = await uploadSeason(scenarioId, jfkSeasonCsv(7, 20));
    expect(res.statusCode, res.body).toBe(201);
    fileId = res.json().file.id;
    expect(res.json().file).toMatchObject({ import_status: 'imported', row_count: 1624, period_start: '2017-01-02', period_end: '2017-01-08' });
  }, APP_SETUP_MS);

  it('imports no flights, and shows every day with its totals and peak hours', async () => {
    expect(await get(`flights/?scenario_id=${scenarioId}`)).toEqual([]);
    const season = await get(`flight-schedule-file/${fileId}/season/`);
    expect(season).toMatchObject({ file_id: fileId, airport: 'JFK', time_zone: 'America/New_York', period: { from: '2017-01-02', to: '2017-01-08' } });
    expect(season.days.map((d: { departures: number }) => d.departures)).toEqual([292, 272, 252, 232, 212, 192, 172]);
    expect(season.days[0].peak.departures).toEqual({ count: 36, start: '07:40' });
    expect(season.tphp.rule).toMatch(/^FAA typical peak hour passengers/);
    expect((await api(viewer, 'GET', `flight-schedule-file/${fileId}/season/`)).statusCode).toBe(200);
  });

  it("makes the 3rd busiest day the scenario's design day and records why", async () => {
    const res = await api(token, 'POST', `scenarios/${scenarioId}/design-day/`, { file_id: fileId, rule: 'nth-busiest', n: 3 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ date: '2017-01-04', rule: 'nth-busiest', n: 3, departures: 252, imported: 252, file_name: 'jfk-season.csv' });
    const flights = await get(`flights/?scenario_id=${scenarioId}`);
    expect(flights).toHaveLength(252);
    expect(flights.every((f: { scheduled: string }) => f.scheduled.startsWith('2017-01-04') || f.scheduled.startsWith('2017-01-05'))).toBe(true);
    const scenario = await get(`scenarios/${scenarioId}/`);
    expect(scenario).toMatchObject({ design_date: '2017-01-04', selected_schedule: fileId });
    expect(scenario.provenance.design_day).toMatchObject({ file_id: fileId, rule: 'nth-busiest', n: 3, date: '2017-01-04' });
    expect(scenario.provenance.design_day.why).toMatch(/^the 3rd busiest of 7 days/);

    // Another rule replaces the day, not adds to it.
    const busiest = await api(token, 'POST', `scenarios/${scenarioId}/design-day/`, { file_id: fileId, rule: 'busiest' });
    expect(busiest.json()).toMatchObject({ date: '2017-01-02', imported: 292 });
    expect(await get(`flights/?scenario_id=${scenarioId}`)).toHaveLength(292);

    // The report graphics say where the design day came from.
    const graphics = (await api(token, 'POST', `allocation/generate/graphics/?scenario_id=${scenarioId}`)).json();
    expect((await t.finished(token, graphics.id)).status).toBe('succeeded');
    const gantt = await t.as(token, { method: 'GET', url: `/api/jobs/${graphics.id}/files/checkin-gantt.svg/` });
    expect(gantt.body).toContain('2017-01-02 (from jfk-season.csv by busiest)');

    // Its peak hours, overall and by airline (no terminals yet: the import rules set them).
    const peaks = await get(`scenarios/${scenarioId}/peak-hours/`);
    expect(peaks).toMatchObject({
      design_date: '2017-01-02',
      time_zone: 'America/New_York',
      all: { departures: { count: 36, start: '07:40' } },
      terminals: [],
    });
    expect(peaks.airlines.map((g: { group: string }) => g.group)).toEqual(expect.arrayContaining(['B6', 'AA', 'DL']));
    const airlineDepartures = peaks.airlines.map((g: { departures: { count: number } }) => g.departures.count);
    expect(Math.max(...airlineDepartures)).toBeLessThanOrEqual(36);
  });

  it('refuses bad choices by name and changes nothing', async () => {
    const before = await get(`flights/?scenario_id=${scenarioId}`);
    const dayFile = (
      await t.as(token, {
        method: 'POST',
        url: '/api/flight-schedule-file/',
        ...multipart({ scenario_id: String(scenarioId) }, { name: 'day.csv', content: readSharedData('schedules', 'jfk_2017-01-02_departures.csv') }),
      })
    ).json();
    const refused = [
      [{ file_id: fileId, rule: 'nth-busiest', n: 30 }, { n: ['30 is beyond the 7 days in the file'] }],
      [{ file_id: fileId, rule: 'loudest' }, 'rule'],
      [{ file_id: fileId, rule: 'picked', date: '2017-03-01' }, { date: ['No departures on 2017-03-01 in this season (it covers 2017-01-02 to 2017-01-08).'] }],
      [{ file_id: dayFile.file.id, rule: 'busiest' }, { file_id: ["day.csv was imported as one day's flights, not kept as a season."] }],
      [{ file_id: 999_999, rule: 'busiest' }, { file_id: ['No such schedule file 999999 in this scenario.'] }],
    ] as const;
    // The day file's own import added its flights; count from here.
    const now = await get(`flights/?scenario_id=${scenarioId}`);
    expect(now.length).toBe(before.length + 292);
    for (const [payload, errors] of refused) {
      const res = await api(token, 'POST', `scenarios/${scenarioId}/design-day/`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      if (typeof errors === 'string') expect(Object.keys(res.json())).toContain(errors);
      else expect(res.json()).toMatchObject(errors);
    }
    expect(await get(`flights/?scenario_id=${scenarioId}`)).toHaveLength(now.length);
    expect((await api(viewer, 'POST', `scenarios/${scenarioId}/design-day/`, { file_id: fileId, rule: 'busiest' })).statusCode).toBe(403);
  });
});

describe('a large season', () => {
  it('is summarised by a job with progress', async () => {
    const scenarioId = await newScenario();
    // Nine days, 292 down to 212: 2,268 departures, above the 2,000 read within the request.
    const res = await uploadSeason(scenarioId, jfkSeasonCsv(9, 10));
    expect(res.statusCode, res.body).toBe(202);
    const job = await t.finished(token, res.json().job.id);
    expect(job).toMatchObject({ status: 'succeeded', progress: 100, result: { days: 9, departures: 2268 } });
    const season = await get(`flight-schedule-file/${res.json().file.id}/season/`);
    expect(season.days).toHaveLength(9);
  });

  it('is refused with the field at fault when it cannot be read, and nothing is kept', async () => {
    const scenarioId = await newScenario();
    const res = await t.as(token, {
      method: 'POST',
      url: '/api/flight-schedule-file/',
      ...multipart({ scenario_id: String(scenarioId), season: 'true', airport: 'LHR' }, { name: 'jfk.csv', content: jfkSeasonCsv(2, 10) }),
    });
    expect(res.statusCode).toBe(400);
    // Read in the scenario's time zone, the file has no departures at the airport asked for.
    expect(res.json()).toEqual({ airport: ['the file has no departures at LHR'] });
    expect(await get(`flight-schedule-file/?scenario_id=${scenarioId}`)).toEqual([]);
  });
});

describe('growing a design day', () => {
  it('makes a new scenario with each airline grown by its factor, every flight kept, the new ones listed', async () => {
    const scenarioId = await newScenario();
    const fileId = (await uploadSeason(scenarioId, jfkSeasonCsv(3, 20))).json().file.id;
    await api(token, 'POST', `scenarios/${scenarioId}/design-day/`, { file_id: fileId, rule: 'busiest' });
    const res = await api(token, 'POST', `scenarios/${scenarioId}/grow/`, {
      name: 'Growth 2035',
      year: 2035,
      factor: 1.25,
      airline_factors: { B6: 1.4 },
      seed: 7,
    });
    expect(res.statusCode, res.body).toBe(201);
    const grown = res.json();
    const source = await get(`flights/?scenario_id=${scenarioId}`);
    const airlines = await get(`airlines/?scenario_id=${scenarioId}`);
    const code = (f: { airline_id: number }) => airlines.find((a: { id: number }) => a.id === f.airline_id).code;
    const b6 = source.filter((f: { airline_id: number }) => code(f) === 'B6').length;
    expect(grown.added_by_airline.B6).toBe(Math.floor(b6 * 1.4 + 0.5) - b6);
    const added = Object.values(grown.added_by_airline as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(grown.new_flights).toHaveLength(added);
    const copy = await get(`flights/?scenario_id=${grown.scenario_id}`);
    expect(copy).toHaveLength(source.length + added);
    const scenario = await get(`scenarios/${grown.scenario_id}/`);
    expect(scenario).toMatchObject({ name: 'Growth 2035', design_date: '2017-01-02' });
    expect(scenario.provenance.growth).toMatchObject({ from_scenario_id: scenarioId, year: 2035, factor: 1.25, airline_factors: { B6: 1.4 }, seed: 7 });
    expect(scenario.provenance.design_day).toMatchObject({ rule: 'busiest', date: '2017-01-02' });
    // The source is untouched.
    expect(await get(`flights/?scenario_id=${scenarioId}`)).toHaveLength(source.length);

    // Up-gauged and fuller: every A320 flies as an A321 with its seats, every flight at 0.9.
    const bigger = (
      await api(token, 'POST', `scenarios/${scenarioId}/grow/`, { name: 'Bigger', factor: 1, upgauge: { '320': '321' }, load_factor: 0.9 })
    ).json();
    const types = async (id: number) => new Map((await get(`aircraft/?scenario_id=${id}`)).map((a: { id: number; iata: string; seats: number }) => [a.id, a]));
    const before = await types(scenarioId);
    const a320 = source.filter((f: { aircraft_id: number }) => (before.get(f.aircraft_id) as { iata: string } | undefined)?.iata === '320').length;
    expect(a320).toBeGreaterThan(0);
    expect(bigger).toMatchObject({ upgauged_flights: a320, load_factor: 0.9, upgauge: { '320': '321' } });
    const after = await types(bigger.scenario_id);
    const flown = await get(`flights/?scenario_id=${bigger.scenario_id}`);
    const typeOf = (f: { aircraft_id: number }) => after.get(f.aircraft_id) as { iata: string; seats: number } | undefined;
    expect(flown.filter((f: { aircraft_id: number }) => typeOf(f)?.iata === '320')).toEqual([]);
    const a321 = flown.filter((f: { aircraft_id: number }) => typeOf(f)?.iata === '321');
    expect(a321.every((f: { seats: number; aircraft_id: number }) => f.seats === typeOf(f)!.seats)).toBe(true);
    expect(flown.every((f: { load_factor: number }) => f.load_factor === 0.9)).toBe(true);
    // By sector: the 19 flights to Puerto Rico and the Virgin Islands are left international (the
    // reference data does not place them), so only they double.
    const international = source.filter((f: { sector: string }) => f.sector === 'international').length;
    expect(international).toBe(19);
    const longHaul = (await api(token, 'POST', `scenarios/${scenarioId}/grow/`, { name: 'Islands', factor: 1, sector_factors: { international: 2 } })).json();
    expect(longHaul.new_flights).toHaveLength(international);
    expect(longHaul.sector_factors).toEqual({ international: 2 });
    // The former name still works, and both at once are refused by name.
    const regional = (await api(token, 'POST', `scenarios/${scenarioId}/grow/`, { name: 'Long haul', factor: 1, region_factors: { international: 2 } })).json();
    expect(regional.sector_factors).toEqual({ international: 2 });
    const both = await api(token, 'POST', `scenarios/${scenarioId}/grow/`, {
      name: 'Both',
      factor: 1,
      region_factors: { domestic: 2 },
      sector_factors: { domestic: 2 },
    });
    expect([both.statusCode, both.json()]).toEqual([400, { region_factors: ['Give sector_factors only (region_factors is its former name).'] }]);
    const unknown = await api(token, 'POST', `scenarios/${scenarioId}/grow/`, { name: 'Odd', factor: 1, upgauge: { '320': 'ZZZ' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ 'upgauge.320': ['"ZZZ" is not an aircraft type in the reference tables.'] });
  });

  it('shrinks the day by 0.8, and removes one airline at 0, deleting those flights from the copy only', async () => {
    const scenarioId = await newScenario();
    const fileId = (await uploadSeason(scenarioId, jfkSeasonCsv(1, 0))).json().file.id;
    await api(token, 'POST', `scenarios/${scenarioId}/design-day/`, { file_id: fileId, rule: 'busiest' });
    const source = await get(`flights/?scenario_id=${scenarioId}`);
    const airlines = await get(`airlines/?scenario_id=${scenarioId}`);
    const byAirline = (flights: { airline_id: number }[], copyAirlines = airlines) =>
      flights.reduce<Record<string, number>>((n, f) => {
        const code = copyAirlines.find((a: { id: number }) => a.id === f.airline_id).code;
        return { ...n, [code]: (n[code] ?? 0) + 1 };
      }, {});
    const before = byAirline(source);
    expect(before).toMatchObject({ B6: 130, DL: 92, AA: 55, VX: 13 });

    const res = await api(token, 'POST', `scenarios/${scenarioId}/grow/`, { name: 'Decline 2030', factor: 0.8, seed: 3 });
    expect(res.statusCode, res.body).toBe(201);
    const shrunk = res.json();
    // Each airline keeps round(count x 0.8): B6 104, DL 74 (73.6), AA 44, VX 10 (10.4).
    const after = byAirline(await get(`flights/?scenario_id=${shrunk.scenario_id}`), await get(`airlines/?scenario_id=${shrunk.scenario_id}`));
    expect(after).toMatchObject({ B6: 104, DL: 74, AA: 44, VX: 10 });
    expect(shrunk.removed_by_airline).toMatchObject({ B6: 26, DL: 18, AA: 11, VX: 3 });
    expect(shrunk.new_flights).toEqual([]);
    expect(shrunk.removed_flights).toHaveLength(source.length - Object.values(after).reduce((a, b) => a + b, 0));
    expect(shrunk.removed_flights[0]).toEqual({ airline: expect.any(String), flight_number: expect.any(String), std: expect.stringMatching(/^\d\d:\d\d$/) });

    // Virgin America lost: its 13 flights go, everybody else's stay.
    const lost = (await api(token, 'POST', `scenarios/${scenarioId}/grow/`, { name: 'Without VX', factor: 1, airline_factors: { VX: 0 } })).json();
    const copyAirlines = await get(`airlines/?scenario_id=${lost.scenario_id}`);
    const without = byAirline(await get(`flights/?scenario_id=${lost.scenario_id}`), copyAirlines);
    expect(without.VX).toBeUndefined();
    expect(without).toMatchObject({ B6: 130, DL: 92, AA: 55 });
    expect(lost.removed_flights.map((f: { airline: string }) => f.airline)).toEqual(Array(13).fill('VX'));
    const scenario = await get(`scenarios/${lost.scenario_id}/`);
    expect(scenario.provenance.growth).toMatchObject({ airline_factors: { VX: 0 }, removed_by_airline: { VX: 13 } });
    // The source is untouched.
    expect(byAirline(await get(`flights/?scenario_id=${scenarioId}`))).toEqual(before);
  });

  it('refuses a negative factor and a viewer, naming the field, and makes no scenario', async () => {
    const scenarioId = await newScenario();
    const before = (await get('scenarios/')).length;
    const bad = await api(token, 'POST', `scenarios/${scenarioId}/grow/`, { name: 'Shrink', factor: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ factor: ['Must be at least 0 (0 removes the flights).'] });
    const badAirline = await api(token, 'POST', `scenarios/${scenarioId}/grow/`, { name: 'Shrink', factor: 1, airline_factors: { B6: -0.5 } });
    expect(badAirline.json()).toEqual({ 'airline_factors.B6': ['Must be at least 0 (0 removes the flights).'] });
    const empty = await api(token, 'POST', `scenarios/${scenarioId}/grow/`, { name: 'Empty', factor: 1.2 });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ scenario_id: ['The scenario has no departures to grow.'] });
    expect((await api(viewer, 'POST', `scenarios/${scenarioId}/grow/`, { name: 'Mine', factor: 1.2 })).statusCode).toBe(403);
    expect((await get('scenarios/')).length).toBe(before);
  });
});
