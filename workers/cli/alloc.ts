// The `alloc` command line: runs the make-up or check-in allocation engine on a JSON file and
// prints only the result JSON on stdout, so it can be piped; messages go to stderr.
//   npm run --silent alloc -- makeup FILE.json [--time-limit-s N]
//   npm run --silent alloc -- checkin FILE.json [--time-limit-s N]
import { readFileSync } from 'node:fs';
import loadHighs from 'highs';
import { allocateMakeup } from '../alloc/makeup';
import { allocateCheckin } from '../alloc/checkin';
import { AllocError } from '../alloc/errors';
import { Chuffed } from './chuffed';

const USAGE = 'usage: alloc makeup|checkin FILE.json [--time-limit-s N]';

function fail(message: string, code: number): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

async function main(argv: readonly string[]): Promise<void> {
  const [engine, file, ...rest] = argv;
  if (engine !== 'makeup' && engine !== 'checkin') fail(USAGE, 2);
  if (!file) fail(USAGE, 2);
  let timeLimitS = 30;
  for (let k = 0; k < rest.length; k++) {
    if (rest[k] === '--time-limit-s' && k + 1 < rest.length) {
      timeLimitS = Number(rest[++k]);
      if (!(timeLimitS > 0)) fail('--time-limit-s must be a positive number of seconds', 2);
    } else {
      fail(`unknown argument "${rest[k]}"\n${USAGE}`, 2);
    }
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    fail(`cannot read ${file}: ${(error as Error).message}`, 1);
  }
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (error) {
    fail(`${file} is not JSON: ${(error as Error).message}`, 1);
  }
  // Without `print`/`printErr` the loader keeps HiGHS silent, so stdout stays pure JSON.
  const highs = await loadHighs();
  const options = { highs, timeLimitS };
  const cp = new Chuffed((message) => process.stderr.write(`warning: ${message}; the result is the search's and the MIP's\n`));
  let result;
  try {
    result = engine === 'makeup' ? allocateMakeup(input, options) : allocateCheckin(input, { ...options, cp });
  } finally {
    cp.close();
  }
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof AllocError) fail(`error (${error.code}): ${error.message}`, 1);
  fail(`error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`, 1);
});
