// MiniZinc with the Chuffed solver, compiled to WebAssembly by the `minizinc` package, as a
// synchronous CpSolver for Node (the server's allocation thread, the command line, the benchmark).
// The package's WebAssembly build is made for a browser's Web Worker (its Node entry wants a native
// MiniZinc, which cannot be installed here): it runs in a worker thread that stands in for one,
// and the caller blocks on a shared flag until the thread has answered, so the engines stay
// synchronous, as with HiGHS.
import { createRequire } from 'node:module';
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
const READY_TIMEOUT_MS = 60_000;

// The worker thread: the Web Worker globals the package's script uses (self, addEventListener,
// postMessage), its script loaded as CommonJS (the package says "type": "module"), and each run's
// answer (the last solution, the final status, an error) written to the shared buffer.
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const Module = require('node:module');
const flag = new Int32Array(workerData.flag);
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
  Atomics.notify(flag, 0);
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
 * Chuffed as a CpSolver: each question runs in a fresh thread, because a run leaves state behind
 * that corrupts the next one in the same module (a satisfiable question answered unsatisfiable
 * after two others, seen with 4.5.1). The next thread starts while a question runs, so its start
 * (about half a second) is mostly hidden.
 */
export class Chuffed implements CpSolver {
  private spare: SolverThread | null = null;

  /**
   * `onError` hears why the solver failed (the caller logs it with its own context); the engine
   * gets a `failed` answer and keeps the layout it has.
   */
  constructor(private readonly onError: (message: string) => void) {}

  satisfy(model: string, data: Record<string, unknown>, timeLimitMs: number): CpAnswer {
    const thread = this.spare ?? new SolverThread();
    this.spare = new SolverThread();
    try {
      return thread.satisfy(model, data, timeLimitMs);
    } catch (error) {
      const message = `Chuffed failed: ${error instanceof Error ? error.message : String(error)}`;
      this.onError(message);
      return { status: 'failed', error: message };
    } finally {
      thread.close();
    }
  }

  close(): void {
    this.spare?.close();
    this.spare = null;
  }
}

/** One module instance in its own thread, for one question. */
class SolverThread {
  private readonly worker: Worker;
  private readonly flag = new Int32Array(new SharedArrayBuffer(8));
  private readonly answer = new Uint8Array(new SharedArrayBuffer(ANSWER_BYTES));

  constructor() {
    this.worker = new Worker(THREAD, {
      eval: true,
      workerData: { script: require.resolve('minizinc/minizinc-worker.js'), flag: this.flag.buffer, answer: this.answer.buffer },
    });
    // The thread never keeps the process alive: a command line ends when its work is done.
    this.worker.unref();
    this.worker.postMessage({ wasmURL: require.resolve('minizinc/minizinc.wasm'), dataURL: require.resolve('minizinc/minizinc.data') });
  }

  satisfy(model: string, data: Record<string, unknown>, timeLimitMs: number): CpAnswer {
    // Waiting for the thread to start counts against the question's time.
    const asked = Date.now();
    if (this.await(Math.min(READY_TIMEOUT_MS, timeLimitMs)) === null) return { status: 'unknown' };
    const limit = Math.round(timeLimitMs - (Date.now() - asked));
    if (limit < 1) return { status: 'unknown' };
    Atomics.store(this.flag, 0, 0);
    this.worker.postMessage({
      jsonStream: true,
      files: { 'model.mzn': model, 'data.json': JSON.stringify(data) },
      // Free search (activity-based, with restarts) finds and refutes layouts far faster here
      // than a fixed order.
      args: ['--solver', 'chuffed', '--time-limit', String(limit), '-f', '--output-mode', 'json', 'model.mzn', 'data.json'],
    });
    // A solver still silent past its limit and the grace is stuck: its question stays open.
    const reply = this.await(limit + GRACE_MS) as { status?: string; solution?: Record<string, unknown>; error?: string } | null;
    if (reply === null) return { status: 'unknown' };
    if (reply.error) throw new Error(reply.error);
    if (reply.solution) return { status: 'satisfied', values: reply.solution };
    return reply.status === 'UNSATISFIABLE' ? { status: 'unsatisfiable' } : { status: 'unknown' };
  }

  close(): void {
    void this.worker.terminate();
  }

  /** Blocks until the thread replies (its JSON), or null after `ms`. */
  private await(ms: number): unknown {
    if (Atomics.wait(this.flag, 0, 0, ms) === 'timed-out') return null;
    const length = Atomics.load(this.flag, 1);
    if (length < 0) throw new Error('Chuffed answered more than the answer buffer holds');
    return JSON.parse(new TextDecoder().decode(this.answer.slice(0, length)));
  }
}
