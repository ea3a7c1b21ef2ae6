// The CSRF double submit: unsafe requests repeat the `csrftoken` cookie in a header. When the
// cookie is missing, GET auth/csrf/ sets it (and answers its value, for when it cannot be read).
const COOKIE = 'csrftoken';

function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  const found = document.cookie.split('; ').find((pair) => pair.startsWith(prefix));
  return found === undefined ? null : decodeURIComponent(found.slice(prefix.length));
}

export async function ensureCsrfToken(): Promise<string> {
  const existing = readCookie(COOKIE);
  if (existing) return existing;
  const response = await globalThis.fetch(`${window.location.origin}/api/auth/csrf/`, {
    credentials: 'same-origin',
  });
  if (!response.ok) throw new Error(`GET /api/auth/csrf/ answered ${response.status}`);
  const { csrftoken } = (await response.json()) as { csrftoken: string };
  return readCookie(COOKIE) ?? csrftoken;
}
