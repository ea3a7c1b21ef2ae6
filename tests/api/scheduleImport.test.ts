// Uploading schedule files: CSV (the real JFK design day, whose flights without an aircraft type
// get estimated seats and whose sectors come from the reference airports), SSIM, a broken file
// that imports nothing, and a large file that imports as a job with progress.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../support/app';
import { readSharedData } from '../support/sharedData';
import { APP_CLOSE_MS, APP_SETUP_MS } from '../support/waits';

let t: TestApp;
let token: string;
let viewer: string;

const jfkCsv = readSharedData('schedules', 'jfk_2017-01-02_departures.csv');

beforeAll(async () => {
  t = await createTestApp({ jobs: true });
  token = await signedIn(t, 'planner@example.com');
  viewer = await signedIn(t, 'viewer@example.com');
}, APP_SETUP_MS);
afterAll(() => t.close(), APP_CLOSE_MS);

async function newScenario(airport?: { iata: string; time_zone: string }, designDate = '2017-01-02') {
  const post = async (url: string, payload: object) => (await t.as(token, { method: 'POST', url: `/api/${url}`, payload })).json();
  const project = await post('projects/', { name: 'Imports' });
  await t.as(token, { method: 'PUT', url: `/api/projects/${project.id}/members/`, payload: { email: 'viewer@example.com', role: 'viewer' } });
  const scenario = await post('scenarios/', { project_id: project.id, name: 'Day', design_date: designDate });
  if (airport) await post('airports/', { scenario_id: scenario.id, ...airport });
  return scenario.id as number;
}

function upload(as: string, fields: Record<string, string>, file?: { name: string; content: Buffer | string }) {
  const boundary = '----airportplanner';
  const parts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  const chunks: Buffer[] = parts.map((p) => Buffer.from(p));
  if (file) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    );
    chunks.push(Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return t.as(as, {
    method: 'POST',
    url: '/api/flight-schedule-file/',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(chunks),
  });
}

const list = async (url: string) => (await t.as(token, { method: 'GET', url: `/api/${url}` })).json();

describe('flight-schedule-file/ upload', () => {
  it('imports the 292 JFK departures of the design day from CSV, keeping the file', async () => {
    const scenarioId = await newScenario({ iata: 'JFK', time_zone: 'America/New_York' });
    const res = await upload(token, { scenario_id: String(scenarioId) }, { name: 'jfk.csv', content: jfkCsv });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.imported).toBe(292);
    expect(body.file).toMatchObject({ name: 'jfk.csv', format: 'csv', import_status: 'imported', row_count: 292, period_start: '2017-01-02' });
    expect(body.file).not.toHaveProperty('content');

    const flights = await list(`flights/?scenario_id=${scenarioId}&source_id=${body.file.id}`);
    expect(flights).toHaveLength(292);
    expect(flights[0]).toMatchObject({ flight_number: '1983', destination: 'MCO', direction: 'departure', scheduled: '2017-01-02T10:05:00.000Z' });
    // Registry model names become types; seats implausible for the type give way to its typical seats.
    const aircraft = await list(`aircraft/?scenario_id=${scenarioId}`);
    const typeOf = (f: { aircraft_id: number | null }) => aircraft.find((a: { id: number }) => a.id === f.aircraft_id)?.iata;
    const b6901 = flights.find((f: { flight_number: string }) => f.flight_number === '901');
    expect([typeOf(b6901), b6901.seats]).toEqual(['320', 200]);
    const b61403 = flights.find((f: { flight_number: string }) => f.flight_number === '1403');
    expect([typeOf(b61403), b61403.seats]).toEqual(['321', 185]);
    // The A320 family loads AKH containers, other narrow bodies bulk, wide bodies AKE.
    const containers = Object.fromEntries(aircraft.map((a: { iata: string; container_type: string }) => [a.iata, a.container_type]));
    expect(containers).toMatchObject({ '320': 'AKH', '321': 'AKH', '738': 'bulk', '763': 'AKE' });
    const airlines = await list(`airlines/?scenario_id=${scenarioId}`);
    expect(airlines.find((a: { code: string }) => a.code === 'B6').name).toBe('JetBlue Airways');
    expect((await list(`scenarios/${scenarioId}/`)).selected_schedule).toBe(body.file.id);
    expect(await list(`flight-schedule-file/?scenario_id=${scenarioId}`)).toHaveLength(1);

    const download = await t.as(token, { method: 'GET', url: `/api/flight-schedule-file/${body.file.id}/download/` });
    expect(download.rawPayload.equals(jfkCsv)).toBe(true);
  });

  it('estimates the seats of flights without an aircraft type, marks and counts them, and says so', async () => {
    const scenarioId = await newScenario({ iata: 'JFK', time_zone: 'America/New_York' });
    const res = await upload(token, { scenario_id: String(scenarioId) }, { name: 'jfk.csv', content: jfkCsv });
    expect(res.statusCode, res.body).toBe(201);
    // 69 rows have neither seats nor a registry model that is an airliner: 15 JetBlue flights take
    // JetBlue's usual seats at that distance; American has one typed flight, too few, so its 54
    // take a typical narrow body's.
    const warning = (res.json().warnings as string[]).find((w) => w.includes('no aircraft type'));
    expect(warning).toMatch(/^69 flights had no aircraft type and no seats \(lines 2, \d+.*\): seats estimated, 15 from their airline's median seats/);
    expect(warning).toContain('54 as a typical narrow body (150 seats');

    const flights: { flight_number: string; seats: number; seats_estimated: boolean; scheduled: string; airline_id: number }[] = await list(
      `flights/?scenario_id=${scenarioId}`,
    );
    expect(flights.filter((f) => f.seats === 0)).toEqual([]);
    const estimated = flights.filter((f) => f.seats_estimated);
    expect(estimated).toHaveLength(69);
    // B6 1983 (line 2: a Cessna in the registry) flies JetBlue's usual short-haul gauge.
    expect(flights.find((f) => f.flight_number === '1983')).toMatchObject({ seats_estimated: true });
    expect(flights.find((f) => f.flight_number === '1983')!.seats).toBeGreaterThan(100);
    expect(flights.find((f) => f.flight_number === '901')).toMatchObject({ seats: 200, seats_estimated: false });

    // The estimated seats count in the peak hour the planner sees.
    const peaks = await list(`scenarios/${scenarioId}/peak-hours/`);
    const [h, m] = (peaks.all.seats.start as string).split(':').map(Number);
    const from = Date.parse('2017-01-02T05:00:00Z') + (h * 60 + m) * 60_000;
    const inPeak = flights.filter((f) => Date.parse(f.scheduled) >= from && Date.parse(f.scheduled) < from + 3_600_000);
    expect(peaks.all.seats.count).toBe(inPeak.reduce((sum, f) => sum + f.seats, 0));
    expect(inPeak.some((f) => f.seats_estimated)).toBe(true);

    // A planner who types the seats takes the estimate away.
    const typed = estimated[0] as { id?: number } & (typeof estimated)[number];
    const patched = await t.as(token, { method: 'PATCH', url: `/api/flights/${typed.id}/`, payload: { seats: 120, seats_estimated: false } });
    expect(patched.json()).toMatchObject({ seats: 120, seats_estimated: false });
  });

  it('derives the sector from the reference airports and names the airports it cannot place', async () => {
    const scenarioId = await newScenario({ iata: 'JFK', time_zone: 'America/New_York' });
    const res = await upload(token, { scenario_id: String(scenarioId) }, { name: 'jfk.csv', content: jfkCsv });
    const flights: { destination: string; sector: string }[] = await list(`flights/?scenario_id=${scenarioId}`);
    const domestic = flights.filter((f) => f.sector === 'domestic');
    expect(domestic).toHaveLength(273);
    // Puerto Rico and the US Virgin Islands are not in the reference list of US airports.
    const left = flights.filter((f) => f.sector !== 'domestic');
    expect(new Set(left.map((f) => f.destination))).toEqual(new Set(['SJU', 'BQN', 'STT', 'PSE']));
    expect(res.json().warnings).toContain(
      '19 flights to or from airports whose country the reference data does not know (BQN, PSE, SJU, STT): their sector is left international; set it with an import rule or in the flights grid.',
    );
  });

  it('names what is wrong with a file of daily counts kept as a season', async () => {
    const scenarioId = await newScenario({ iata: 'JFK', time_zone: 'America/New_York' });
    const daily = readSharedData('schedules', 'jfk_daily_departures_2017.csv');
    const res = await upload(token, { scenario_id: String(scenarioId), season: 'true' }, { name: 'daily.csv', content: daily });
    expect(res.statusCode).toBe(400);
    expect(res.json().file[0]).toMatch(/^line 1: no flight number column/);
    expect(await list(`flight-schedule-file/?scenario_id=${scenarioId}`)).toEqual([]);
  });

  it('imports an SSIM file for an airport and a period', async () => {
    const scenarioId = await newScenario(undefined, '2020-11-04');
    const ssim = readSharedData('ssim', 'ssimparser_sample_fs1.ssim');
    const res = await upload(
      token,
      { scenario_id: String(scenarioId), airport: 'CDG', from: '2020-11-04', to: '2020-11-06' },
      { name: 'fs1.ssim', content: ssim },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().imported).toBeGreaterThan(0);
    const flights = await list(`flights/?scenario_id=${scenarioId}`);
    expect(flights).toHaveLength(res.json().imported);
    expect(
      flights.every((f: { direction: string; origin: string; destination: string }) => (f.direction === 'departure' ? f.destination : f.origin) !== 'CDG'),
    ).toBe(true);
  });

  it('imports nothing from a file with bad rows and lists every bad line', async () => {
    const scenarioId = await newScenario({ iata: 'JFK', time_zone: 'America/New_York' });
    const broken = 'airline,flight_number,destination,date,time\nB6,901,FLL,2017-01-02,05:20\nB6,9x1,FLL,2017-01-02,05:20\nAA,100,LAX,2017-01-02,25:61\n';
    const res = await upload(token, { scenario_id: String(scenarioId) }, { name: 'broken.csv', content: broken });
    expect(res.statusCode).toBe(400);
    const lines = res.json().file as string[];
    expect(lines.some((l) => l.startsWith('line 3:'))).toBe(true);
    expect(lines.some((l) => l.startsWith('line 4:'))).toBe(true);
    expect(await list(`flights/?scenario_id=${scenarioId}`)).toEqual([]);
    expect(await list(`flight-schedule-file/?scenario_id=${scenarioId}`)).toEqual([]);
    expect(await list(`airlines/?scenario_id=${scenarioId}`)).toEqual([]);
  });

  it('names missing parts and refuses viewers', async () => {
    const scenarioId = await newScenario({ iata: 'JFK', time_zone: 'America/New_York' });
    expect((await upload(token, { scenario_id: String(scenarioId) })).json()).toEqual({ file: ['No file was uploaded.'] });
    expect((await upload(token, {}, { name: 'x.csv', content: 'a' })).json()).toHaveProperty('scenario_id');
    expect((await upload(token, { scenario_id: String(scenarioId) }, { name: 'x.bin', content: Buffer.from([0, 1, 2, 3]) })).json()).toHaveProperty('format');
    expect((await upload(viewer, { scenario_id: String(scenarioId) }, { name: 'jfk.csv', content: jfkCsv })).statusCode).toBe(403);
    const json = await t.as(token, { method: 'POST', url: '/api/flight-schedule-file/', payload: { scenario_id: scenarioId } });
    expect(json.statusCode).toBe(400);
  });

  it('imports a large file as a job with progress', async () => {
    const scenarioId = await newScenario({ iata: 'JFK', time_zone: 'America/New_York' });
    const rows = ['airline,flight_number,destination,date,time,seats'];
    for (let i = 0; i < 2500; i++) {
      rows.push(
        `${['AA', 'B6', 'DL'][i % 3]},${(i % 9000) + 1},LAX,2017-01-02,${String(5 + (i % 18)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')},180`,
      );
    }
    const res = await upload(token, { scenario_id: String(scenarioId) }, { name: 'big.csv', content: rows.join('\n') });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().job).toMatchObject({ kind: 'schedule-import', status: 'queued' });
    const job = await t.finished(token, res.json().job.id);
    expect(job).toMatchObject({ status: 'succeeded', progress: 100, error: null });
    expect(job.result).toMatchObject({ flights: 2500, airlines_created: 3 });
    const head = await t.as(token, { method: 'GET', url: `/api/flights/?scenario_id=${scenarioId}&limit=1` });
    expect(head.headers['x-total-count']).toBe('2500');
    expect((await list(`jobs/?scenario_id=${scenarioId}`))[0]).toMatchObject({ id: res.json().job.id, status: 'succeeded' });
  });
});
