// `npm run --silent createuser -- --email E --password P [--staff] [--first-name F] [--last-name L]`
// creates a user in whichever database is configured (DATA_DIR or DATABASE_URL).
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { createUser } from '../users';
import { ApiError } from '../errors';

function fail(message: string): never {
  process.stderr.write(`createuser: ${message}\n`);
  process.exit(2);
}

let args;
try {
  args = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      staff: { type: 'boolean', default: false },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
    },
  }).values;
} catch (error) {
  fail((error as Error).message);
}
if (!args.email || !args.password) fail('--email and --password are required');

const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
);
try {
  const user = await createUser(database.db, {
    email: args.email,
    password: args.password,
    isStaff: args.staff,
    firstName: args['first-name'],
    lastName: args['last-name'],
  });
  process.stdout.write(`Created user ${user.email}${user.isStaff ? ' (staff)' : ''}\n`);
} catch (error) {
  if (error instanceof ApiError && error.fields) {
    const lines = Object.entries(error.fields).map(([field, messages]) => `${field}: ${messages.join(' ')}`);
    await database.close();
    fail(lines.join('; '));
  }
  throw error;
} finally {
  await database.close().catch(() => undefined);
}
