import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { registerErrorHandling, toEnvelope } from './error-handler';

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
});
