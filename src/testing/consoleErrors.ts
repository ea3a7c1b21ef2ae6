// Screen tests fail on any console.error they did not announce: an error the app logs is a
// message a person would see in the console, so a test either expects it, by its words, or the
// app has a bug. `expectConsoleError` announces one; each announced error must also happen.
import { afterEach, beforeEach, expect, vi } from 'vitest';

let expected: RegExp[] = [];
let logged: string[] = [];

/** Announces that the current test makes the app log an error matching `pattern`. */
export function expectConsoleError(pattern: RegExp): void {
  expected.push(pattern);
}

function text(args: unknown[]): string {
  return args.map((a) => (a instanceof Error ? `${a.name}: ${a.message}` : typeof a === 'string' ? a : JSON.stringify(a))).join(' ');
}

export function failOnUnexpectedConsoleErrors(): void {
  beforeEach(() => {
    expected = [];
    logged = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void logged.push(text(args)));
  });
  afterEach(() => {
    const unexpected = logged.filter((line) => !expected.some((p) => p.test(line)));
    const missing = expected.filter((p) => !logged.some((line) => p.test(line)));
    expect({ unexpected, missing }, 'console.error calls this test did not announce, or announced and did not see').toEqual({ unexpected: [], missing: [] });
  });
}
