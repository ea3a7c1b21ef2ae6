import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from './errors';

describe('the error handler', () => {
  it('logs a fault with its stack under a reference and answers only that reference', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const app = Fastify({ logger: { level: 'error', stream } });
    registerErrorHandler(app);
    app.get('/boom', async () => {
      throw new Error('relation "secret_table" does not exist');
    });
    const res = await app.inject({ method: 'GET', url: '/boom' });
    await app.close();

    expect(res.statusCode).toBe(500);
    const { detail } = res.json();
    expect(detail).toMatch(/^The request failed unexpectedly \(reference [0-9a-f]{8}\)\. The error has been logged\.$/);
    expect(res.body).not.toContain('secret_table');
    const reference = /reference ([0-9a-f]{8})/.exec(detail)![1];
    const logged = lines.find((l) => l.reference === reference);
    expect(logged).toMatchObject({ url: '/boom', method: 'GET', msg: 'The request failed unexpectedly' });
    expect((logged!.err as { stack: string }).stack).toContain('secret_table');
  });
});
