// A planner's signed-in session for the load benchmark: JSON calls over the real socket, each
// timed under a kind ('browse', 'edit flight', ...) and any answer that is not 2xx recorded as an
// error. An expired access token is exchanged once for a new pair, as the app does.
import { performance } from 'node:perf_hooks';

/** Latencies by kind of request, and every error met. */
export class Recorder {
  readonly samples = new Map<string, number[]>();
  readonly errors: string[] = [];

  record(kind: string, ms: number): void {
    const list = this.samples.get(kind) ?? [];
    list.push(ms);
    this.samples.set(kind, list);
  }

  error(message: string): void {
    this.errors.push(message);
  }

  all(): number[] {
    return [...this.samples.values()].flat();
  }
}

type Tokens = { access: string; refresh: string };

export type CallOptions = {
  /** Statuses besides 2xx that are not errors (the answer is then null). */
  allow?: number[];
  /** Exchange an expired access token and try once more (not for the token calls themselves). */
  refresh?: boolean;
};

export class Session {
  private constructor(
    private readonly baseUrl: string,
    private readonly recorder: Recorder,
    private tokens: Tokens,
  ) {}

  static async signIn(baseUrl: string, recorder: Recorder, email: string, password: string): Promise<Session | null> {
    const session = new Session(baseUrl, recorder, { access: '', refresh: '' });
    const tokens = await session.call<Tokens>('sign in', 'POST', 'auth/login/', { email, password }, { refresh: false });
    if (!tokens) return null;
    session.tokens = tokens;
    return session;
  }

  /** The access token now, for a call this session does not make (an event stream). */
  get accessToken(): string {
    return this.tokens.access;
  }

  /** Answers the JSON body, or null after recording the failure. */
  async call<T>(kind: string, method: string, path: string, body?: unknown, options: CallOptions = {}): Promise<T | null> {
    const start = performance.now();
    let status = 0;
    let text = '';
    try {
      const res = await fetch(`${this.baseUrl}/api/${path}`, {
        method,
        headers: {
          ...(this.tokens.access && { authorization: `Bearer ${this.tokens.access}` }),
          ...(body !== undefined && { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      status = res.status;
      text = await res.text();
    } catch (error) {
      text = String(error);
    }
    this.recorder.record(kind, performance.now() - start);
    if (status === 401 && options.refresh !== false && (await this.refresh())) return this.call(kind, method, path, body, { ...options, refresh: false });
    if (status >= 200 && status < 300) return (text ? JSON.parse(text) : null) as T;
    if (options.allow?.includes(status)) return null;
    this.recorder.error(`${method} ${path}: ${status || 'no answer'} ${text.slice(0, 200)}`);
    return null;
  }

  private async refresh(): Promise<boolean> {
    const tokens = await this.call<Tokens>('refresh token', 'POST', 'auth/token/refresh/', { refresh: this.tokens.refresh }, { refresh: false });
    if (tokens) this.tokens = tokens;
    return tokens !== null;
  }
}
