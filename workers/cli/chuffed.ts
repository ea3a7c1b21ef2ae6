// MiniZinc with the Chuffed solver, compiled to WebAssembly by the `minizinc` package, as a
// synchronous CpSolver for Node (the server's allocation thread, the command line, the benchmark).
// The package's WebAssembly build is made for a browser's Web Worker (its Node entry wants a native
// MiniZinc, which cannot be installed here): it runs in a worker thread that stands in for one,
// and the caller blocks on a shared flag until the thread has answered, so the engines stay
// synchronous, as with HiGHS.
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { CpAnswer, CpSolver } from '../alloc/cp';

const require = createRequire(import.meta.url);

/** Room for an answer's JSON: a placement of a few thousand blocks is some tens of kilobytes. */
const ANSWER_BYTES = 4 << 20;
/**
 * Beyond the solver's own time limit, how long to wait for its answer before giving up on it: a
 * question the engine could not wait for is an open question, and the engine keeps its limit
 * (MiniZinc itself was seen answering 3 s past its limit on a 140-flight instance).
 */
const GRACE_MS = 200;

// The worker thread: the Web Worker globals the package's script uses (self, addEventListener,
// postMessage), its script loaded as CommonJS (the package says "type": "module"), and each run's
// answer (the last solution, the final status, an error) written to the shared buffer.
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const Module = require('node:module');
const flag = new Int32Array(workerData.flag);
const bell = new Int32Array(workerData.bell);
const bytes = new Uint8Array(workerData.answer);
const listeners = [];
let ready = false;
let answer = {};
function reply(value) {
  const json = new TextEncoder().encode(JSON.stringify(value));
  const fits = json.length <= bytes.length;
  if (fits) bytes.set(json);
  Atomics.store(flag, 1, fits ? json.length : -1);
  Atomics.store(flag, 0, 1);
  Atomics.add(bell, 0, 1);
  Atomics.notify(bell, 0);
}
globalThis.self = globalThis;
globalThis.addEventListener = (type, listener) => { if (type === 'message') listeners.push(listener); };
globalThis.postMessage = (message) => {
  if (message.type === 'ready') {
    if (!ready) reply({ ready: true });
    ready = true;
  } else if (message.type === 'solution') answer.solution = message.output.json;
  else if (message.type === 'status') answer.status = message.status;
  else if (message.type === 'error') answer.error = message.message;
  // A question refuted while MiniZinc flattens it is answered on stdout, not by a status message.
  else if (message.type === 'stdout' && message.value.includes('=====UNSATISFIABLE=====')) answer.status = 'UNSATISFIABLE';
  else if (message.type === 'exit') {
    if (message.code !== 0) answer.error = answer.error || message.message || ('exit code ' + message.code);
    reply(answer);
    answer = {};
  }
};
parentPort.on('message', (data) => { for (const listener of listeners) listener({ data }); });
const script = new Module(workerData.script);
script.filename = workerData.script;
script._compile(fs.readFileSync(workerData.script, 'utf8'), workerData.script);
`;

/**
 * Chuffed as a CpSolver: each question runs in fresh threads, because a run leaves state behind
 * that corrupts the next one in the same module (a satisfiable question answered unsatisfiable
 * after two others, seen with 4.5.1). The next question's threads start while one runs, so their
 * start (about half a second) is mostly hidden. A question's models run side by side, one thread
 * each, as many as the machine has cores, and the first to decide answers for all.
 */
export class Chuffed implements CpSolver {
  private spares: SolverThread[] = [];
  private readonly width = availableParallelism();

  /**
   * `onError` hears why the solver failed (the caller logs it with its own context); the engine
   * gets a `failed` answer and keeps the layout it has.
   */
  constructor(private readonly onError: (message: string) => void) {}

  satisfy(models: readonly string[], data: Record<string, unknown>, timeLimitMs: number): CpAnswer {
    const asked = models.slice(0, Math.max(1, this.width));
    const threads = asked.map((_, k) => this.spares[k] ?? new SolverThread());
    for (const spare of this.spares.slice(asked.length)) spare.close();
    this.spares = asked.map(() => new SolverThread());
    try {
      const answer = race(threads, asked, data, timeLimitMs);
      if (answer.status === 'failed') this.onError(answer.error);
      return answer;
    } finally {
      for (const thread of threads) thread.close();
    }
  }

  close(): void {
    for (const spare of this.spares) spare.close();
    this.spares = [];
  }
}

type Reply = { status?: string; solution?: Record<string, unknown>; error?: string };

/**
 * Asks each thread its model as soon as it is ready and returns the first decisive answer; when
 * none decides, `failed` if every thread failed, else `unknown`.
 */
function race(threads: SolverThread[], models: readonly string[], data: Record<string, unknown>, timeLimitMs: number): CpAnswer {
  const deadline = Date.now() + timeLimitMs;
  const json = JSON.stringify(data);
  const asked = threads.map(() => false);
  const errors: string[] = [];
  let open = threads.length;
  for (;;) {
    const rung = Atomics.load(bell, 0);
    for (let k = 0; k < threads.length; k++) {
      const reply = threads[k].reply();
      if (reply === undefined) continue;
      if (!asked[k]) {
        asked[k] = threads[k].ask(models[k], json, deadline - Date.now());
        if (!asked[k]) open--;
        continue;
      }
      open--;
      if (reply.error) errors.push(`Chuffed failed: ${reply.error}`);
      else if (reply.solution) return { status: 'satisfied', values: reply.solution };
      else if (reply.status === 'UNSATISFIABLE') return { status: 'unsatisfiable' };
    }
    // A solver still silent past its limit and the grace is stuck: its question stays open.
    const left = deadline + GRACE_MS - Date.now();
    if (open === 0 || left <= 0) {
      return errors.length === threads.length ? { status: 'failed', error: errors[0] } : { status: 'unknown' };
    }
    Atomics.wait(bell, 0, rung, left);
  }
}

/** Rung by every thread when it has replied: the caller waits on it for whichever comes first. */
const bell = new Int32Array(new SharedArrayBuffer(4));

/** One module instance in its own thread, for one question. */
class SolverThread {
  private readonly worker: Worker;
  private readonly flag = new Int32Array(new SharedArrayBuffer(8));
  private readonly answer = new Uint8Array(new SharedArrayBuffer(ANSWER_BYTES));

  constructor() {
    this.worker = new Worker(THREAD, {
      eval: true,
      workerData: { script: require.resolve('minizinc/minizinc-worker.js'), flag: this.flag.buffer, bell: bell.buffer, answer: this.answer.buffer },
    });
    // The thread never keeps the process alive: a command line ends when its work is done.
    this.worker.unref();
    this.worker.postMessage({ wasmURL: require.resolve('minizinc/minizinc.wasm'), dataURL: require.resolve('minizinc/minizinc.data') });
  }

  /**
   * Asks the model on the data (JSON) within `limitMs`; false when there is no time left. The
   * thread's start counted against the question's time.
   */
  ask(model: string, data: string, limitMs: number): boolean {
    const limit = Math.round(limitMs);
    if (limit < 1) return false;
    this.worker.postMessage({
      jsonStream: true,
      files: { 'model.mzn': model, 'data.json': data },
      // Free search (activity-based, with restarts) finds and refutes layouts far faster here
      // than a fixed order.
      args: ['--solver', 'chuffed', '--time-limit', String(limit), '-f', '--output-mode', 'json', 'model.mzn', 'data.json'],
    });
    return true;
  }

  /**
   * The thread's reply since the last call, if any: its readiness first, then its answer.
   */
  reply(): Reply | undefined {
    if (Atomics.load(this.flag, 0) === 0) return undefined;
    Atomics.store(this.flag, 0, 0);
    const length = Atomics.load(this.flag, 1);
    if (length < 0) return { error: 'the answer is larger than the answer buffer' };
    return JSON.parse(new TextDecoder().decode(this.answer.slice(0, length))) as Reply;
  }

  close(): void {
    void this.worker.terminate();
  }
}
