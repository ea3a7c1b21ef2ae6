// Collects the flights grid's cell edits and saves those made within a short moment as one
// PATCH flights/bulk/ (pure, tested with a hand-driven clock). Edits to the same flight merge.
// The API saves all or none: on failure every edit of the batch is handed back to be reverted,
// with the API's "index.field" messages turned into the flights and fields they name.
import type { Schedule } from '../jobs/jobPolling';

const BATCH_DELAY_MS = 400;

export type FlightChanges = Record<string, unknown>;
export type PatchItem = { id: number } & FlightChanges;
/** What a field held before the batch changed it, to revert to. */
export type Previous = Map<number, FlightChanges>;

export type SaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'error';

type BatcherOptions = {
  send: (items: PatchItem[]) => Promise<void>;
  schedule: Schedule;
  onState: (state: SaveState) => void;
  onSaved?: (items: PatchItem[]) => void;
  onFailed: (items: PatchItem[], previous: Previous, error: unknown) => void;
  delayMs?: number;
};

export function createPatchBatcher({ send, schedule, onState, onSaved, onFailed, delayMs = BATCH_DELAY_MS }: BatcherOptions) {
  let pending = new Map<number, FlightChanges>();
  let previous: Previous = new Map();
  let cancel: (() => void) | null = null;
  let inFlight: Promise<void> | null = null;

  async function flush(): Promise<void> {
    cancel = null;
    // One request at a time: edits made while a batch saves go in the next one.
    while (inFlight) await inFlight;
    if (pending.size === 0) return;
    const items = [...pending].map(([id, changes]) => ({ id, ...changes }));
    const before = previous;
    pending = new Map();
    previous = new Map();
    onState('saving');
    inFlight = send(items)
      .then(
        () => {
          onSaved?.(items);
          onState(pending.size > 0 ? 'pending' : 'saved');
        },
        (error: unknown) => {
          onFailed(items, before, error);
          onState('error');
        },
      )
      .finally(() => {
        inFlight = null;
      });
    await inFlight;
  }

  return {
    /** Records one cell's change (and what it held before) and schedules the batch. */
    add(id: number, field: string, value: unknown, old: unknown) {
      pending.set(id, { ...pending.get(id), [field]: value });
      const before = previous.get(id) ?? {};
      if (!(field in before)) previous.set(id, { ...before, [field]: old });
      cancel?.();
      cancel = schedule(() => void flush(), delayMs);
      onState('pending');
    },
    /** Saves what is waiting now (leaving the screen). */
    flush,
    cancel() {
      cancel?.();
      cancel = null;
    },
  };
}

/** The API's bulk field errors ("3.load_factor") as messages about the flights they name. */
export function describeBulkErrors(items: readonly PatchItem[], fields: Record<string, string[]>, flightName: (id: number) => string): string[] {
  return Object.entries(fields).map(([key, messages]) => {
    const match = /^(\d+)\.(.+)$/.exec(key);
    const item = match ? items[Number(match[1])] : undefined;
    const where = item ? `${flightName(item.id)}, ${match![2].replace(/_/g, ' ')}` : key;
    return `${where}: ${messages.join(' ')}`;
  });
}
