// MiniZinc with the Chuffed solver, compiled to WebAssembly by the `minizinc` package, as a
// synchronous CpSolver for Node (the server's allocation thread, the command line, the benchmark).
// The package's WebAssembly build is made for a browser's Web Worker (its Node entry wants a native
// MiniZinc, which cannot be installed here): it runs in worker threads that stand in for one, and
// the caller blocks on a shared bell until one of them has answered, so the engines stay
// synchronous, as with HiGHS.
import { readFileSync } from 'node:fs';
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
// answer (the last solution, the final status, an error) written to the shared buffer. The script
// instantiates the WebAssembly module the process compiled once (compiledWasm) instead of
// fetching and compiling its own: each thread is new, but its code is not.
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const Module = require('node:module');
const compiled = workerData.wasm;
const instantiate = WebAssembly.instantiate.bind(WebAssembly);
const ownInstance = async (imports) => ({ module: compiled, instance: await instantiate(compiled, imports) });
WebAssembly.instantiateStreaming = (response, imports) => {
  // The script's fetch of the file is not needed, and its failure is nobody's to hear.
  Promise.resolve(response).catch(() => {});
  return ownInstance(imports);
};
WebAssembly.instantiate = (source, imports) => (source instanceof WebAssembly.Module ? instantiate(source, imports) : ownInstance(imports));
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
 * after two others, seen with 4.5.1). Threads are started ahead, so their start (about half a
 * second) is mostly hidden. A question's first model is asked at once; each further one, on a
 * thread of its own while the machine has a core for it, joins when the question has lasted
 * RACE_AFTER_MS more, and the first to decide answers for all. Most questions are decided within
 * a second or two by the first; only the long ones pay for a second thread.
 */
export class Chuffed implements CpSolver {
  /** Started threads, one per model a question may run side by side; those a question used are replaced. */
  private readonly started: SolverThread[] = [];
  private readonly width = availableParallelism();

  /**
   * `onError` hears why the solver failed (the caller logs it with its own context); the engine
   * gets a `failed` answer and keeps the layout it has.
   */
  constructor(private readonly onError: (message: string) => void) {}

  satisfy(models: readonly string[], data: Record<string, unknown>, timeLimitMs: number): CpAnswer {
    const n = Math.min(models.length, Math.max(1, this.width));
    let answer: CpAnswer;
    const threads: SolverThread[] = [];
    try {
      while (this.started.length < n) this.started.push(new SolverThread());
      threads.push(...this.started.slice(0, n));
      answer = race(threads, models, data, timeLimitMs);
    } catch (error) {
      answer = { status: 'failed', error: `Chuffed failed: ${error instanceof Error ? error.message : String(error)}` };
    } finally {
      threads.forEach((thread, k) => {
        if (!thread.asked) return;
        thread.close();
        this.started[k] = new SolverThread();
      });
    }
    if (answer.status === 'failed') this.onError(answer.error);
    return answer;
  }

  close(): void {
    for (const thread of this.started) thread.close();
    this.started.length = 0;
  }
}

type Reply = { status?: string; solution?: Record<string, unknown>; error?: string };

/** How long a question runs on its first search before the next joins it. */
const RACE_AFTER_MS = 2_000;

/**
 * Asks thread k model k, from k * RACE_AFTER_MS on, once it is ready; returns the first decisive
 * answer. When none decides: `failed` if every asked thread failed, else `unknown`.
 */
function race(threads: SolverThread[], models: readonly string[], data: Record<string, unknown>, timeLimitMs: number): CpAnswer {
  const began = Date.now();
  const deadline = began + timeLimitMs;
  const json = JSON.stringify(data);
  const errors: string[] = [];
  let undecided = 0;
  for (;;) {
    const rung = Atomics.load(bell, 0);
    const now = Date.now();
    let nextStart = Infinity;
    for (let k = 0; k < threads.length; k++) {
      const thread = threads[k];
      const reply = thread.poll();
      if (reply !== undefined) {
        if (reply.error) errors.push(`Chuffed failed: ${reply.error}`);
        else if (reply.solution) return { status: 'satisfied', values: reply.solution };
        else if (reply.status === 'UNSATISFIABLE') return { status: 'unsatisfiable' };
        else undecided++;
      } else if (!thread.asked) {
        const due = began + k * RACE_AFTER_MS;
        if (due <= now && thread.isReady) thread.ask(models[k], json, deadline - now);
        else if (due > now) nextStart = Math.min(nextStart, due);
      }
    }
    const asked = threads.filter((t) => t.asked).length;
    // A solver still silent past its limit and the grace is stuck: its question stays open.
    const left = deadline + GRACE_MS - now;
    if (left <= 0 || (asked > 0 && errors.length + undecided === asked && nextStart === Infinity)) {
      return asked > 0 && errors.length === asked ? { status: 'failed', error: errors[0] } : { status: 'unknown' };
    }
    Atomics.wait(bell, 0, rung, Math.min(left, nextStart - now));
  }
}

/** Node's WebAssembly, as far as used here: the server's types (no DOM) do not declare it. */
declare const WebAssembly: { Module: new (bytes: Uint8Array) => object };

let wasm: object | undefined;

/**
 * MiniZinc's WebAssembly (18 MB), compiled once per process (about 0.1 s) and shared by the
 * threads: ten questions of two variables in a row took 1.5 s and 2.8 s of CPU each when every
 * thread compiled its own, 0.7 s and 1.2 s so.
 */
function compiledWasm(): object {
  wasm ??= new WebAssembly.Module(readFileSync(require.resolve('minizinc/minizinc.wasm')));
  return wasm;
}

/** Rung by every thread when it has replied: the caller waits on it for whichever comes first. */
const bell = new Int32Array(new SharedArrayBuffer(4));

/** One module instance in its own thread, for one question. */
class SolverThread {
  /** Whether its module has loaded, and whether it has been asked its one question. */
  isReady = false;
  asked = false;
  private readonly worker: Worker;
  private readonly flag = new Int32Array(new SharedArrayBuffer(8));
  private readonly answer = new Uint8Array(new SharedArrayBuffer(ANSWER_BYTES));

  constructor() {
    this.worker = new Worker(THREAD, {
      eval: true,
      workerData: {
        script: require.resolve('minizinc/minizinc-worker.js'),
        wasm: compiledWasm(),
        flag: this.flag.buffer,
        bell: bell.buffer,
        answer: this.answer.buffer,
      },
    });
    // The thread never keeps the process alive: a command line ends when its work is done.
    this.worker.unref();
    this.worker.postMessage({ wasmURL: require.resolve('minizinc/minizinc.wasm'), dataURL: require.resolve('minizinc/minizinc.data') });
  }

  /**
   * Asks the model on the data (JSON) within `limitMs`; nothing when there is no time left (the
   * thread's start counted against the question's time).
   */
  ask(model: string, data: string, limitMs: number): void {
    const limit = Math.round(limitMs);
    if (limit < 1) return;
    this.asked = true;
    this.worker.postMessage({
      jsonStream: true,
      files: { 'model.mzn': model, 'data.json': data },
      // Free search (activity-based, with restarts) finds and refutes layouts far faster here
      // than a fixed order.
      args: ['--solver', 'chuffed', '--time-limit', String(limit), '-f', '--output-mode', 'json', 'model.mzn', 'data.json'],
    });
  }

  /** The answer to the question asked, once it has come; before that, notes the thread's readiness. */
  poll(): Reply | undefined {
    if (Atomics.load(this.flag, 0) === 0) return undefined;
    Atomics.store(this.flag, 0, 0);
    const length = Atomics.load(this.flag, 1);
    const reply: Reply =
      length < 0 ? { error: 'the answer is larger than the answer buffer' } : JSON.parse(new TextDecoder().decode(this.answer.slice(0, length)));
    if (this.isReady) return reply;
    this.isReady = true;
    return undefined;
  }

  close(): void {
    void this.worker.terminate();
  }
}
