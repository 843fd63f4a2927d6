import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { errorEnvelopeSchema } from '@glossa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from './server-process';

/** Writes raw bytes to the server and reads its whole answer, until it closes the connection. */
function exchange(
  url: string,
  request: string,
): Promise<{ status: number; headers: string; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // The server may close before reading all that was sent: what it answered is still there.
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body });
    });
  });
}

/**
 * What Node's HTTP parser refuses before Fastify sees a request (only a real socket produces it)
 * answers the envelope too, from the built server as `npm start` runs it.
 */
describe('errors raised before Fastify', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glossa-client-errors-'));
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServer({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(dataDir, 'no-web-build'),
    });
  });
  afterAll(async () => {
    await server.stop('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 413 with the envelope for headers larger than the server takes', async () => {
    const res = await exchange(
      server.url,
      `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(32 * 1024)}\r\n\r\n`,
    );
    expect(res.status).toBe(413);
    expect(res.headers).toMatch(/content-type: application\/json/i);
    expect(errorEnvelopeSchema.parse(JSON.parse(res.body))).toEqual({
      code: 'payload_too_large',
      payload: { message: expect.any(String) },
    });
  });

  it('answers 413 with the envelope for a URL larger than the server takes', async () => {
    const res = await exchange(
      server.url,
      `GET /api/cards?q=${'a'.repeat(32 * 1024)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    expect(res.status).toBe(413);
    expect(errorEnvelopeSchema.parse(JSON.parse(res.body)).code).toBe('payload_too_large');
  });

  it('answers 400 invalid_input naming upgrade for a websocket upgrade of a route that takes none', async () => {
    for (const url of ['/api/health', '/api/user/info']) {
      const res = await exchange(
        server.url,
        `GET ${url} HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
          `Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`,
      );
      expect(res.status, url).toBe(400);
      expect(errorEnvelopeSchema.parse(JSON.parse(res.body))).toEqual({
        code: 'invalid_input',
        payload: {
          message: expect.any(String),
          issues: [{ path: 'upgrade', message: expect.any(String) }],
        },
      });
    }
  });

  it('answers 400 invalid_input with the envelope for a request that is not HTTP', async () => {
    for (const request of [
      'NOT HTTP AT ALL\r\n\r\n',
      'GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header Name: 1\r\n\r\n',
      'GET /api/health HTTP/1.1\r\nHost: x\r\nX-Nul: a\u0000b\r\n\r\n',
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n{}',
    ]) {
      const res = await exchange(server.url, request);
      expect(res.status, JSON.stringify(request)).toBe(400);
      expect(errorEnvelopeSchema.parse(JSON.parse(res.body)).code).toBe('invalid_input');
    }
  });

  it('answers 400 invalid_input naming host for an HTTP/1.1 request without Host', async () => {
    const res = await exchange(server.url, 'GET /api/health HTTP/1.1\r\nConnection: close\r\n\r\n');
    expect(res.status).toBe(400);
    expect(errorEnvelopeSchema.parse(JSON.parse(res.body)).payload.issues).toEqual([
      { path: 'host', message: expect.any(String) },
    ]);
    const old = await exchange(server.url, 'GET /api/health HTTP/1.0\r\n\r\n');
    expect(old.status).toBe(200);
  });

  it('still answers a well-formed request after those', async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(res.status).toBe(200);
  });
});
