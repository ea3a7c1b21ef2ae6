// `npm run --silent createuser -- --email E --password P [--staff] [--first-name F] [--last-name L]`
// creates a user in whichever database is configured. With the embedded database and the server
// running, the server owns the folder: the user is created by the server, through its admin
// socket, and this prints what the server answered. Exit 0 only when the user exists now; 1 when
// the user was refused or could not be made; 2 for a command line it cannot read.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { DataDirLockedError, liveOwner, type LockOwner } from '../db/dataDirLock';
import { adminCall } from '../admin/adminSocket';
import { createUser, type NewUserInput } from '../users';
import { ApiError, type FieldErrors } from '../errors';

function fail(message: string, code: 1 | 2 = 1): never {
  process.stderr.write(`createuser: ${message}\n`);
  process.exit(code);
}

const fieldText = (fields: FieldErrors) =>
  Object.entries(fields)
    .map(([field, messages]) => `${field}: ${messages.join(' ')}`)
    .join('; ');

function readArgs(): NewUserInput {
  let values;
  try {
    values = parseArgs({
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        staff: { type: 'boolean', default: false },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
      },
    }).values;
  } catch (error) {
    fail((error as Error).message, 2);
  }
  if (!values.email || !values.password) fail('--email and --password are required', 2);
  return { email: values.email, password: values.password, isStaff: values.staff, firstName: values['first-name'], lastName: values['last-name'] };
}

async function createDirectly(input: NewUserInput, options: { databaseUrl: string } | { dataDir: string; role: string }) {
  const database = await openDatabase(options);
  if (database.staleLock && 'dataDir' in options) {
    process.stderr.write(`createuser: ${options.dataDir} was left locked by process ${database.staleLock.pid}, which is gone: taken over\n`);
  }
  try {
    const user = await createUser(database.db, input);
    return { email: user.email, isStaff: user.isStaff };
  } finally {
    await database.close();
  }
}

async function createThroughServer(input: NewUserInput, dataDir: string, server: LockOwner) {
  if (!server.socket) fail(`the server owning ${dataDir} (pid ${server.pid}) is still starting; try again in a moment`);
  const answer = await adminCall(server.socket, '/users/', input).catch((error: Error) =>
    fail(`the server owning ${dataDir} did not answer (${error.message})`),
  );
  if (answer.status === 201) return { email: String(answer.body.email), isStaff: answer.body.is_staff === true };
  if (answer.status === 400 && !('detail' in answer.body)) fail(fieldText(answer.body as FieldErrors));
  fail(`the server refused: ${String(answer.body.detail ?? answer.status)}`);
}

const input = readArgs();
const config = loadConfig();
let created: { email: string; isStaff: boolean };
try {
  if (config.databaseUrl) {
    created = await createDirectly(input, { databaseUrl: config.databaseUrl });
  } else {
    const owner = liveOwner(config.dataDir);
    created =
      owner?.role === 'server'
        ? await createThroughServer(input, config.dataDir, owner)
        : await createDirectly(input, { dataDir: config.dataDir, role: 'createuser' });
  }
} catch (error) {
  if (error instanceof ApiError && error.fields) fail(fieldText(error.fields));
  if (error instanceof DataDirLockedError) fail(error.message);
  throw error;
}
process.stdout.write(`Created user ${created.email}${created.isStaff ? ' (staff)' : ''}\n`);
