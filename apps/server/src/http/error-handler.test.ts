import type { Socket } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { answerClientError, registerErrorHandling, toEnvelope } from './error-handler';

describe('the error handler', () => {
  it('answers 500 internal_error without the details of the failure', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/boom', async () => {
      throw new Error('SELECT * FROM users WHERE password = secret at db.ts:42');
    });
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      code: 'internal_error',
      payload: { message: 'Something went wrong on our side' },
    });
    expect(res.body).not.toContain('SELECT');
    await app.close();
  });

  it.each([
    ['SQLITE_CONSTRAINT_PRIMARYKEY', 409, 'conflict'],
    ['SQLITE_CONSTRAINT_UNIQUE', 409, 'conflict'],
    ['23505', 409, 'conflict'],
    ['SQLITE_CONSTRAINT_FOREIGNKEY', 404, 'not_found'],
    ['23503', 404, 'not_found'],
    ['SQLITE_CONSTRAINT_NOTNULL', 500, 'internal_error'],
  ])(
    'answers a constraint violation no service mapped (%s) with %i %s, and logs it as an error',
    async (dbCode, status, code) => {
      const lines: string[] = [];
      const app = Fastify({
        logger: { level: 'error', stream: { write: (line: string) => void lines.push(line) } },
      });
      registerErrorHandling(app);
      app.post('/insert', async () => {
        throw Object.assign(new Error(`constraint failed: cards.id (${dbCode})`), { code: dbCode });
      });
      const res = await app.inject({ method: 'POST', url: '/insert' });
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ code });
      expect(res.body).not.toContain('cards.id');
      expect(lines).toHaveLength(1);
      await app.close();
    },
  );

  it('keeps the code, status and issues of an AppError', () => {
    const { status, body } = toEnvelope(
      new AppError('conflict', 'Taken', [{ path: 'username', message: 'Taken' }]),
    );
    expect(status).toBe(409);
    expect(body).toEqual({
      code: 'conflict',
      payload: { message: 'Taken', issues: [{ path: 'username', message: 'Taken' }] },
    });
  });

  it('answers invalid_input for a body that is not JSON', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.post('/echo', async () => ({ code: 'ok', payload: null }));
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_input' });
    await app.close();
  });

  it('answers a request too slow to arrive with 400 and the envelope, then closes', () => {
    const written: string[] = [];
    let destroyed = false;
    const socket = {
      destroyed: false,
      writable: true,
      write: (text: string) => written.push(text),
      destroy: () => {
        destroyed = true;
      },
    } as unknown as Socket;
    answerClientError(
      Object.assign(new Error('timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' }),
      socket,
    );
    const [head = '', body = ''] = (written[0] ?? '').split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(head).toMatch(/Connection: close/);
    expect(JSON.parse(body)).toEqual({
      code: 'invalid_input',
      payload: { message: 'The request took too long to arrive' },
    });
    expect(destroyed).toBe(true);
  });
});
