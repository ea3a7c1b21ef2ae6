// The upload fetch on a stand-in XMLHttpRequest: it sends the Request as built (method, URL,
// headers, body), reports the bytes sent, and answers a Response the API client can read.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchReportingUpload } from './uploadProgress';

type Sent = { method: string; url: string; headers: Record<string, string>; body: Blob | null };

function fakeXhr(answer: { status: number; headers: string; body: string }, sent: Sent[]) {
  return class {
    responseType = '';
    status = 0;
    statusText = '';
    response: Blob | null = null;
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private request: Sent = { method: '', url: '', headers: {}, body: null };
    open(method: string, url: string) {
      this.request = { ...this.request, method, url };
    }
    setRequestHeader(name: string, value: string) {
      // Header names are case-insensitive; compare them in lower case.
      this.request.headers[name.toLowerCase()] = value;
    }
    getAllResponseHeaders() {
      return answer.headers;
    }
    abort() {
      this.onabort?.();
    }
    send(body: Blob | null) {
      sent.push({ ...this.request, body });
      const total = body?.size ?? 0;
      this.upload.onprogress?.({ lengthComputable: true, loaded: total / 2, total });
      this.upload.onprogress?.({ lengthComputable: true, loaded: total, total });
      this.status = answer.status;
      this.response = answer.status === 204 ? null : new Blob([answer.body]);
      this.onload?.();
    }
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('fetchReportingUpload', () => {
  it('sends the request as built and reports the bytes going up', async () => {
    const sent: Sent[] = [];
    vi.stubGlobal('XMLHttpRequest', fakeXhr({ status: 201, headers: 'Content-Type: application/json\r\nX-Total-Count: 3\r\n', body: '{"imported":3}' }, sent));
    const progress: number[] = [];
    const fetch = fetchReportingUpload((done, total) => progress.push(done / total));
    const request = new Request('http://localhost/api/flight-schedule-file/', {
      method: 'POST',
      headers: { Authorization: 'Bearer t', 'X-CSRFToken': 'c' },
      body: 'x'.repeat(1000),
    });
    const response = await fetch(request);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'POST', url: 'http://localhost/api/flight-schedule-file/' });
    expect(sent[0].headers).toMatchObject({ authorization: 'Bearer t', 'x-csrftoken': 'c' });
    expect(sent[0].body?.size).toBe(1000);
    expect(progress).toEqual([0.5, 1]);
    expect(response.status).toBe(201);
    expect(response.headers.get('x-total-count')).toBe('3');
    expect(await response.json()).toEqual({ imported: 3 });
  });

  it('answers a bodiless response for 204', async () => {
    vi.stubGlobal('XMLHttpRequest', fakeXhr({ status: 204, headers: '', body: '' }, []));
    const response = await fetchReportingUpload(() => {})(new Request('http://localhost/api/x/', { method: 'DELETE' }));
    expect(response.status).toBe(204);
    expect(response.body).toBeNull();
  });
});
