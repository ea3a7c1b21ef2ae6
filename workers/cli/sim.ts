// Command line for the simulation engine: `npm run --silent sim -- run MODEL.json [--replications N]
// [--seed S]` prints the result JSON on stdout and nothing else. Exit code 2: bad usage or an
// unreadable file; 1: the document is invalid (the message names the field) or the run failed.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { SimError } from '../sim/errors';
import { simulateSync, type Overrides } from '../sim/run';

const USAGE = 'usage: npm run --silent sim -- run MODEL.json [--replications N] [--seed S]';

class UsageError extends Error {}

function parseArgs(argv: string[]): { file: string; overrides: Overrides } {
  const [command, ...rest] = argv;
  if (command !== 'run') throw new UsageError(command ? `unknown command "${command}"` : 'missing command');
  let file: string | undefined;
  const overrides: Overrides = {};
  for (let i = 0; i < rest.length; i++) {
    const [flag, inline] = rest[i].split(/=(.*)/s, 2);
    if (flag === '--replications' || flag === '--seed') {
      const value = inline ?? rest[++i];
      const n = Number(value);
      if (value === undefined || value.trim() === '' || !Number.isFinite(n)) throw new UsageError(`${flag} needs a number`);
      overrides[flag === '--seed' ? 'seed' : 'replications'] = n;
    } else if (flag.startsWith('--')) throw new UsageError(`unknown option ${flag}`);
    else if (file === undefined) file = rest[i];
    else throw new UsageError(`unexpected argument "${rest[i]}"`);
  }
  if (file === undefined) throw new UsageError('missing MODEL.json');
  return { file, overrides };
}

function main(): number {
  let args: ReturnType<typeof parseArgs>;
  let text: string;
  try {
    args = parseArgs(process.argv.slice(2));
    text = readFileSync(args.file, 'utf8');
  } catch (e) {
    process.stderr.write(`sim: ${e instanceof UsageError ? e.message : (e as Error).message}\n${USAGE}\n`);
    return 2;
  }
  try {
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch (e) {
      throw new SimError('invalid_document', `${args.file} is not valid JSON: ${(e as Error).message}`);
    }
    const output = simulateSync(doc, args.overrides, { clock: () => performance.now() });
    process.stdout.write(`${JSON.stringify(output, null, 2)}\n`);
    return 0;
  } catch (e) {
    const message = e instanceof SimError ? `invalid document: ${e.message}` : `simulation failed: ${(e as Error).stack ?? e}`;
    process.stderr.write(`sim: ${message}\n`);
    return 1;
  }
}

process.exitCode = main();
