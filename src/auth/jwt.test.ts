import { describe, expect, it } from 'vitest';
import { JwtError, readJwtExpiry } from './jwt';
import { makeJwt } from './testing';

describe('readJwtExpiry', () => {
  it('reads exp as seconds since the epoch', () => {
    expect(readJwtExpiry(makeJwt({ exp: 1_700_000_000 })).toISOString()).toBe(new Date(1_700_000_000_000).toISOString());
  });

  it('decodes base64url payloads with non-ASCII text', () => {
    const token = makeJwt({ exp: 1_800_000_000 }).split('.');
    const payload = new TextEncoder().encode(JSON.stringify({ name: 'Zoë ✈', exp: 1_800_000_000 }));
    token[1] = btoa(String.fromCharCode(...payload))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect(readJwtExpiry(token.join('.')).getTime()).toBe(1_800_000_000_000);
  });

  it.each([
    ['not a token', 'hello'],
    ['two parts', 'a.b'],
    ['a payload that is not base64', 'a.!!!.c'],
    ['a payload that is not JSON', `a.${btoa('not json')}.c`],
    ['a payload that is not an object', `a.${btoa('42')}.c`],
  ])('calls %s unparseable', (_, token) => {
    expect(() => readJwtExpiry(token)).toThrowError(JwtError);
    expect(() => readJwtExpiry(token)).toThrowError(expect.objectContaining({ code: 'unparseable' }));
  });

  it.each([
    ['no exp', {}],
    ['a string exp', { exp: '1700000000' }],
  ])('rejects %s with "JWT has no exp param"', (_, claims) => {
    expect(() => readJwtExpiry(makeJwt(claims))).toThrowError('JWT has no exp param');
  });
});
