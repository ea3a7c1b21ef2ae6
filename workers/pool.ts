// One pool for every place the engines run on several cores: the browser's Web Workers (a
// simulation run, a quick sizing) and the server's worker threads (a run, the sizing parts).
// Workers start on first need, up to `size`, and are made ready once (`prepare`: load a document,
// a problem); each task goes to the next free worker and tasks beyond the workers wait their turn
// in order. The pool knows nothing of how a worker is made or talked to, so it stays pure: the
// callers bring the Worker or worker_threads adapter.

export interface PoolOptions<W> {
  /** The most workers at once. */
  size: number;
  spawn(): W;
  /** Made ready once, before the first task; a worker that fails it is stopped. */
  prepare?(worker: W): Promise<void>;
  stop(worker: W): void;
  /** Asked after each task: a worker that has died is stopped and replaced when work waits. */
  broken?(worker: W): boolean;
  /** The error a task gets when the pool was terminated before it ran. */
  cancelled(): Error;
}

export interface Pool<W> {
  readonly size: number;
  /** Runs the task on the next free worker, starting one if fewer than `size` run. */
  run<T>(task: (worker: W) => Promise<T>): Promise<T>;
  /** Whether no task runs or waits. */
  idle(): boolean;
  /** Stops every worker; waiting and later tasks get `cancelled()`. */
  terminate(): void;
}

type Waiter<W> = { resolve(worker: W): void; reject(error: unknown): void };

export function createPool<W>(options: PoolOptions<W>): Pool<W> {
  const { size, spawn, prepare, stop, broken = () => false, cancelled } = options;
  const live = new Set<W>();
  const free: W[] = [];
  const waiting: Waiter<W>[] = [];
  let busy = 0;
  let stopped = false;

  const discard = (worker: W) => {
    live.delete(worker);
    stop(worker);
  };

  const start = (waiter: Waiter<W>) => {
    // In `live` from its spawn, so that terminate stops it even while it is being made ready.
    const worker = spawn();
    live.add(worker);
    (prepare?.(worker) ?? Promise.resolve()).then(
      () => (stopped ? waiter.reject(cancelled()) : waiter.resolve(worker)),
      (error: unknown) => {
        if (live.has(worker)) discard(worker);
        waiter.reject(error);
        handOut();
      },
    );
  };

  const handOut = () => {
    while (waiting.length > 0) {
      const worker = free.pop();
      if (worker !== undefined) waiting.shift()!.resolve(worker);
      else if (live.size < size) start(waiting.shift()!);
      else return;
    }
  };

  const release = (worker: W) => {
    if (!live.has(worker)) return; // terminated meanwhile
    if (broken(worker)) discard(worker);
    else free.push(worker);
    handOut();
  };

  return {
    size,
    async run(task) {
      if (stopped) throw cancelled();
      busy++;
      try {
        const worker = await new Promise<W>((resolve, reject) => {
          waiting.push({ resolve, reject });
          handOut();
        });
        try {
          return await task(worker);
        } finally {
          release(worker);
        }
      } finally {
        busy--;
      }
    },
    idle: () => busy === 0,
    terminate() {
      stopped = true;
      for (const worker of [...live]) discard(worker);
      free.length = 0;
      for (const waiter of waiting.splice(0)) waiter.reject(cancelled());
    },
  };
}
