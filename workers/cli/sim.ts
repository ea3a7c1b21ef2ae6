// Command line for the simulation engine: `npm run --silent sim -- run MODEL.json [--replications N]
// [--seed S]` prints the result JSON on stdout and nothing else; `compile MODEL.json` prints the
// queueing network a document runs as (an airport scenario compiled); `size DOC.json [--seed S]`
// prints the fewest servers per period that meet every sized station's target (docs/simulation.md,
// "Sizing"). Exit code 2: bad usage or an unreadable file; 1: the document is invalid (the message
// names the field) or the run failed.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { SimError } from '../sim/errors';
import { runAsMain, type CliIo } from './runAsMain';
import { prepare, simulateSync, type Overrides } from '../sim/run';
import { prepareSizing } from '../sim/sizing/problem';
import { sizeToTarget } from '../sim/sizing/search';

const USAGE =
  'usage: npm run --silent sim -- run MODEL.json [--replications N] [--seed S]\n' +
  '       npm run --silent sim -- compile MODEL.json [--replications N] [--seed S]\n' +
  '       npm run --silent sim -- size DOC.json [--seed S]';

const COMMANDS = ['run', 'compile', 'size'] as const;
type Command = (typeof COMMANDS)[number];

function parseArgs(argv: string[]): { command: Command; file: string; overrides: Overrides } {
  const [command, ...rest] = argv;
  if (!COMMANDS.includes(command as Command)) throw new Error(command ? `unknown command "${command}"` : 'missing command');
  let file: string | undefined;
  const overrides: Overrides = {};
  for (let i = 0; i < rest.length; i++) {
    const [flag, inline] = rest[i].split(/=(.*)/s, 2);
    if (flag === '--seed' || (flag === '--replications' && command !== 'size')) {
      const value = inline ?? rest[++i];
      const n = Number(value);
      if (value === undefined || value.trim() === '' || !Number.isFinite(n)) throw new Error(`${flag} needs a number`);
      overrides[flag === '--seed' ? 'seed' : 'replications'] = n;
    } else if (flag.startsWith('--')) throw new Error(`unknown option ${flag}`);
    else if (file === undefined) file = rest[i];
    else throw new Error(`unexpected argument "${rest[i]}"`);
  }
  if (file === undefined) throw new Error('missing MODEL.json');
  return { command: command as Command, file, overrides };
}

function output(command: Command, doc: unknown, overrides: Overrides): unknown {
  const clock = () => performance.now();
  if (command === 'compile') return prepare(doc, overrides).network;
  if (command === 'run') return simulateSync(doc, overrides, { clock });
  return sizeToTarget(prepareSizing(doc, { seed: overrides.seed }), { clock });
}

/** The whole command: arguments in, exit code out; output only through `io`. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  let args: ReturnType<typeof parseArgs>;
  let text: string;
  try {
    args = parseArgs(argv);
    text = readFileSync(args.file, 'utf8');
  } catch (e) {
    io.stderr(`sim: ${(e as Error).message}\n${USAGE}\n`);
    return 2;
  }
  try {
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch (e) {
      throw new SimError('invalid_document', `${args.file} is not valid JSON: ${(e as Error).message}`);
    }
    io.stdout(`${JSON.stringify(await output(args.command, doc, args.overrides), null, 2)}\n`);
    return 0;
  } catch (e) {
    const message = e instanceof SimError ? `invalid document: ${e.message}` : `simulation failed: ${(e as Error).stack ?? e}`;
    io.stderr(`sim: ${message}\n`);
    return 1;
  }
}

runAsMain(import.meta.url, runCli);
