// A fetch for openapi-fetch's per-request `fetch` option that sends through XMLHttpRequest, the
// one browser API that reports how much of a request body has gone up. The client's middleware
// (token, CSRF, the 401 rule) has already run on the Request, so nothing of it is repeated here.

/** Statuses whose Response may not have a body. */
const NO_BODY = new Set([101, 204, 205, 304]);

function parseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
}

export function fetchReportingUpload(onProgress: (sent: number, total: number) => void): (request: Request) => Promise<Response> {
  return async (request) => {
    const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.blob();
    return new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(request.method, request.url);
      xhr.responseType = 'blob';
      request.headers.forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(event.loaded, event.total);
      };
      xhr.onload = () => {
        const init = { status: xhr.status, statusText: xhr.statusText, headers: parseHeaders(xhr.getAllResponseHeaders()) };
        resolve(new Response(NO_BODY.has(xhr.status) ? null : (xhr.response as Blob), init));
      };
      xhr.onerror = () => reject(new TypeError(`${request.method} ${request.url} failed: network error`));
      xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
      request.signal.addEventListener('abort', () => xhr.abort());
      xhr.send(body);
    });
  };
}
