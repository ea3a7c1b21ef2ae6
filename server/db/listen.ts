// LISTEN on a PostgreSQL channel over a connection of its own (a pooled one goes back to the pool
// and stops hearing). PostgreSQL delivers a notice to every connection listening when the write
// that sent it commits, whichever process made it, so API processes and job workers on one
// database hear each other. A lost connection (the server restarting, a network cut) is opened
// again; notices sent meanwhile are gone, so the listener is told of the gap and can make its
// readers reload.
import pg from 'pg';

export type Listener = {
  notice(payload: string): void;
  /** Notices may have been missed (the connection was lost and is back). */
  gap?(): void;
  /** The connection failed (it is retried). */
  error?(error: Error): void;
};

const RETRY_MS = [250, 1000, 5000];

export async function listenOnServer(databaseUrl: string, channel: string, listener: Listener): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) listener.notice(message.payload);
    });
    next.on('error', (error) => {
      listener.error?.(error);
      reconnect(next);
    });
    next.on('end', () => reconnect(next));
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = next;
  };

  const reconnect = (lost: pg.Client) => {
    if (stopped || client !== lost) return;
    client = null;
    lost.removeAllListeners('end');
    void lost.end().catch(() => undefined);
    const attempt = () => {
      retry = undefined;
      if (stopped) return;
      connect().then(
        () => {
          failures = 0;
          listener.gap?.();
        },
        (error: unknown) => {
          listener.error?.(error instanceof Error ? error : new Error(String(error)));
          retry = setTimeout(attempt, RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)]);
        },
      );
    };
    retry = setTimeout(attempt, RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)]);
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const last = client;
    client = null;
    await last?.end();
  };
}
