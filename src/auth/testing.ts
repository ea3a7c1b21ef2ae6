// Test helper: unsigned JWTs with chosen claims, so session tests control `exp` exactly.

function base64Url(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A JWT-shaped token whose payload holds `claims`; the signature part is a placeholder. */
export function makeJwt(claims: Record<string, unknown>): string {
  return [base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' })), base64Url(JSON.stringify(claims)), 'signature'].join('.');
}

/** A token that expires `minutes` after `now` (negative for one already expired). */
export function jwtExpiringIn(minutes: number, now: Date = new Date()): string {
  return makeJwt({ sub: '1', exp: Math.floor(now.getTime() / 1000 + minutes * 60) });
}
