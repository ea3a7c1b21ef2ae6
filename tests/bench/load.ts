// `npm run bench:load`: simulated planners against a real server over its socket, for a bounded
// time: each signs in, browses, edits flights and runs jobs in a copy of the demo scenario of
// their own, which is open meanwhile in two browsers (live updates: the planner's own and a
// colleague's event stream). Reports requests per second, latency percentiles, errors, lost
// writes (edits acknowledged but not read back at the end), the time from an edit to its event
// at the browsers (p95) and lost events (edits whose event never came); exits 1 unless errors,
// lost writes and lost events are all 0.
//
//   npm run bench:load -- [--planners 20] [--seconds 60] [--think-ms 500] [--job-every 5] [--seed 1]
//                         [--url http://host:port --email staff@... --password ...]
//
// Without --url it starts the server itself on 127.0.0.1 with a fresh demo database: embedded in
// a temporary folder, or on DATABASE_URL's PostgreSQL server when that is set, and then a second
// API process on the same database: the planners alternate between the two, and each colleague's
// browser is on the other process than the planner's, so every change crosses processes
// (PostgreSQL LISTEN/NOTIFY). With --url it
// uses the given server and a staff account there (the demo one by default), creates the
// planners' accounts and scenario copies, and deletes the copies afterwards.
import { parseArgs } from 'node:util';
import { startTestServer, type TestServer } from '../support/testServer';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/seed/demo';
import { Recorder, Session } from './load/session';
import { lostWrites, runPlanner, type PlannerOutcome } from './load/planner';
import { printReport } from './load/report';
import { LiveWatch } from './load/liveWatch';
import { loadAverage, machine } from './machine';
import { mulberry32 } from '../../workers/alloc/random';
import buildOnce from '../support/buildOnce';

const { values: args } = parseArgs({
  options: {
    planners: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '60' },
    'think-ms': { type: 'string', default: '500' },
    'job-every': { type: 'string', default: '5' },
    seed: { type: 'string', default: '1' },
    url: { type: 'string' },
    email: { type: 'string', default: DEMO_EMAIL },
    password: { type: 'string', default: DEMO_PASSWORD },
  },
});

function count(name: keyof typeof args, min: number): number {
  const value = Number(args[name]);
  if (!Number.isInteger(value) || value < min) {
    process.stderr.write(`bench:load: --${name} must be a whole number of at least ${min} (got ${args[name]})\n`);
    process.exit(2);
  }
  return value;
}
const planners = count('planners', 1);
const seconds = count('seconds', 1);
const thinkMs = count('think-ms', 0);
const jobEvery = count('job-every', 1);
const seed = count('seed', 0);
const PLANNER_PASSWORD = 'load-planner-password-1';

function fail(message: string): never {
  throw new Error(message);
}

/** Staff work before the clock starts: the planners' accounts, membership and scenario copies. */
async function prepare(baseUrl: string, setup: Recorder) {
  const staff = (await Session.signIn(baseUrl, setup, args.email, args.password)) ?? fail(`cannot sign in as ${args.email}: ${setup.errors[0]}`);
  const [project] = (await staff.call<Array<{ id: number }>>('setup', 'GET', 'projects/')) ?? [];
  if (!project) fail(`${args.email} sees no project to copy a scenario from`);
  const [scenario] = (await staff.call<Array<{ id: number }>>('setup', 'GET', `scenarios/?project_id=${project.id}`)) ?? [];
  if (!scenario) fail(`project ${project.id} has no scenario`);
  const accounts: Array<{ email: string; scenarioId: number }> = [];
  for (let i = 1; i <= planners; i++) {
    const email = `planner-${i}@load.example.com`;
    // An account left by an earlier run against the same server answers 400 'already exists'.
    await staff.call('setup', 'POST', 'users/', { email, password: PLANNER_PASSWORD }, { allow: [400] });
    await staff.call('setup', 'PUT', `projects/${project.id}/members/`, { email, role: 'editor' });
    const copy = await staff.call<{ id: number }>('setup', 'POST', `scenarios/${scenario.id}/clone/`, { name: `Load planner ${i}` });
    if (!copy) fail(`could not copy scenario ${scenario.id}: ${setup.errors.at(-1)}`);
    accounts.push({ email, scenarioId: copy.id });
  }
  return { staff, projectId: project.id, accounts };
}

/**
 * Runs the planners against the API processes (planner i on process i mod their count) and prints
 * the report; answers whether it came out clean.
 */
async function measure(baseUrls: string[]): Promise<boolean> {
  const setup = new Recorder();
  const { staff, projectId, accounts } = await prepare(baseUrls[0], setup);
  const recorder = new Recorder();
  const processOf = (i: number) => baseUrls[i % baseUrls.length];
  const sessions = await Promise.all(accounts.map((a, i) => Session.signIn(processOf(i), recorder, a.email, PLANNER_PASSWORD)));
  // Each scenario open in the planner's browser and in the next planner's, before the clock starts.
  const live = new LiveWatch();
  for (const [i, account] of accounts.entries()) {
    const colleague = (i + 1) % accounts.length;
    if (sessions[i]) await live.open(processOf(i), account.scenarioId, sessions[i].accessToken);
    if (sessions[colleague]) await live.open(processOf(colleague), account.scenarioId, sessions[colleague].accessToken);
  }
  const started = Date.now();
  const outcomes: PlannerOutcome[] = await Promise.all(
    accounts.map((account, i) =>
      sessions[i]
        ? runPlanner({
            session: sessions[i],
            recorder,
            projectId,
            scenarioId: account.scenarioId,
            deadline: started + seconds * 1000,
            thinkMs,
            jobEvery,
            random: mulberry32(seed * 1000 + i),
            onEdited: (flightId, sentAt) => live.edited(account.scenarioId, flightId, sentAt),
          })
        : { acknowledged: new Map(), jobs: [] },
    ),
  );
  const elapsedS = (Date.now() - started) / 1000;
  const lostEvents = await live.finish();

  const lost: string[] = [];
  for (const [i, account] of accounts.entries()) lost.push(...(await lostWrites(staff, account.scenarioId, outcomes[i].acknowledged)));
  printReport({
    planners,
    seconds,
    elapsedS,
    thinkMs,
    recorder,
    outcomes,
    lost,
    live: { latencies: live.latencies, lost: lostEvents, processes: baseUrls.length },
  });
  for (const e of live.errors) console.log(`live updates: ${e}`);
  if (!server) for (const account of accounts) await staff.call('cleanup', 'DELETE', `scenarios/${account.scenarioId}/`);
  for (const e of setup.errors) console.log(`setup or read-back error: ${e}`);
  return recorder.errors.length === 0 && lost.length === 0 && setup.errors.length === 0 && lostEvents === 0 && live.errors.length === 0;
}

// The server serves the build of these sources (startTestServer), made here unless current.
if (!args.url) buildOnce();
// Its own server unless given one; sign-in limits would refuse the planners from one address.
const SERVER_ENV = { LOGIN_RATE_LIMIT: '1000', LOG_LEVEL: 'warn' };
const server: TestServer | null = args.url ? null : await startTestServer({ env: SERVER_ENV });
// A second API process where the database allows one (PostgreSQL; an embedded one is one process's).
const second = server?.databaseUrl ? await startTestServer({ env: SERVER_ENV, databaseUrl: server.databaseUrl, waitForDemo: false }) : null;
const baseUrls = server ? [server.baseUrl, ...(second ? [second.baseUrl] : [])] : [args.url!.replace(/\/$/, '')];
const backend = server ? `${server.dataDir ? 'embedded database' : 'PostgreSQL'}, started by the bench` : 'given server';
console.log(machine());
console.log(`bench:load: ${planners} planners on ${baseUrls.join(' and ')} (${backend})`);
let clean = false;
try {
  clean = await measure(baseUrls);
} catch (error) {
  process.stderr.write(`bench:load: ${error instanceof Error ? error.message : String(error)}\n`);
} finally {
  await second?.stop();
  await server?.discard();
}
console.log(`Load average at the end ${loadAverage()}`);
process.exit(clean ? 0 : 1);
