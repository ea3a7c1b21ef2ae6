// The command lines' shared frame: a command is a function of its arguments that writes through
// `io` and answers an exit code, so tests call it in-process; run as the program, it gets the
// process's arguments, stdout and stderr.
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

export type Command = (argv: string[], io: CliIo) => Promise<number>;

/** Runs `command` when the module at `moduleUrl` is the program itself, not when a test imports it. */
export function runAsMain(moduleUrl: string, command: Command): void {
  if (!process.argv[1] || realpathSync(process.argv[1]) !== realpathSync(fileURLToPath(moduleUrl))) return;
  void command(process.argv.slice(2), {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
  }).then((code) => (process.exitCode = code));
}
