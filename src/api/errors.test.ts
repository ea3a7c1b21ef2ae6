import { describe, expect, it } from 'vitest';
import { ApiError, CHANGED_MEANWHILE, ifMatch, unlessChanged, unwrap } from './errors';

describe('ApiError', () => {
  it('carries the detail as its message', () => {
    const error = new ApiError(400, { detail: 'Invalid 2FA code' });
    expect(error.message).toBe('Invalid 2FA code');
    expect(error.detail).toBe('Invalid 2FA code');
    expect(error.fields).toEqual({});
  });

  it('carries field errors and joins them for the message', () => {
    const error = new ApiError(400, {
      new_password1: ['Use at least 8 characters.'],
      new_password2: ["The two password fields didn't match."],
    });
    expect(error.detail).toBeNull();
    expect(error.fieldMessage('new_password2')).toBe("The two password fields didn't match.");
    expect(error.fieldMessage('old_password')).toBeUndefined();
    expect(error.message).toBe("Use at least 8 characters. The two password fields didn't match.");
  });

  it('leaves to the form only what no field shows', () => {
    const error = new ApiError(400, { password: ['Wrong password.'], non_field_errors: ['Give a code.'] });
    expect(error.messageBesides(['password'])).toBe('Give a code.');
    expect(error.messageBesides(['password', 'non_field_errors'])).toBeUndefined();
    expect(new ApiError(400, { detail: 'Invalid 2FA code' }).messageBesides(['token'])).toBe('Invalid 2FA code');
    expect(new ApiError(500, null).messageBesides([])).toBe('The server answered 500');
  });

  it('says in words that a refused write (412) met a change by someone else, and carries the row as it is now', () => {
    const current = { id: 7, load_factor: 0.9, version: 3 };
    const error = new ApiError(412, current);
    expect(error.message).toBe(CHANGED_MEANWHILE);
    expect(error.fields).toEqual({});
    expect(error.current).toEqual(current);
    expect(new ApiError(400, { detail: 'x' }).current).toBeNull();
  });

  it('says the status when the body says nothing', () => {
    expect(new ApiError(502, 'Bad gateway').message).toBe('The server answered 502');
  });
});

describe('unwrap', () => {
  it('answers the data of a 2xx answer', async () => {
    const response = new Response('{}', { status: 200 });
    await expect(unwrap(Promise.resolve({ data: { ok: 1 }, response }))).resolves.toEqual({ ok: 1 });
  });

  it('raises an ApiError for anything else', async () => {
    const response = new Response('{}', { status: 429 });
    await expect(unwrap(Promise.resolve({ error: { detail: 'Too many attempts' }, response }))).rejects.toMatchObject({
      status: 429,
      message: 'Too many attempts',
    });
  });
});

describe('ifMatch', () => {
  it("names the version the write was made against, as the row's ETag", () => {
    expect(ifMatch({ version: 4 })).toEqual({ 'if-match': '"4"' });
  });
});

describe('unlessChanged', () => {
  it("hands the item as it is now to the screen when the write met someone else's change, and throws the refusal on", async () => {
    const shown: unknown[] = [];
    const refused = Promise.reject(new ApiError(412, { id: 3, name: 'Theirs', version: 5 }));
    await expect(unlessChanged(refused, (item) => shown.push(item))).rejects.toThrow(CHANGED_MEANWHILE);
    expect(shown).toEqual([{ id: 3, name: 'Theirs', version: 5 }]);
  });

  it('answers what the write answers, and leaves other refusals to the screen alone', async () => {
    const shown: unknown[] = [];
    await expect(unlessChanged(Promise.resolve('saved'), (item) => shown.push(item))).resolves.toBe('saved');
    await expect(unlessChanged(Promise.reject(new ApiError(400, { name: ['Required.'] })), (item) => shown.push(item))).rejects.toThrow('Required.');
    expect(shown).toEqual([]);
  });
});
