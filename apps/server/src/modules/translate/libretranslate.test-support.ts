import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeLibreTranslate {
  url: string;
  /** ok: answers at once; slow: answers after 5 s; error: answers 500. */
  mode: 'ok' | 'slow' | 'error';
  requests: unknown[];
  close(): Promise<void>;
}

/** A LibreTranslate-compatible server with its documented /translate, /detect, /languages. */
export async function startFakeLibreTranslate(
  dictionary: Record<string, string>,
): Promise<FakeLibreTranslate> {
  const fake: FakeLibreTranslate = { url: '', mode: 'ok', requests: [], close: async () => {} };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const body: unknown = raw ? JSON.parse(raw) : {};
      const q =
        body && typeof body === 'object' && 'q' in body && typeof body.q === 'string' ? body.q : '';
      if (req.url === '/languages') {
        send(200, [{ code: 'en', name: 'English', targets: ['es', 'fr'] }]);
      } else if (req.url === '/detect') {
        send(200, [{ confidence: 90, language: 'es' }]);
      } else if (req.url === '/translate' && req.method === 'POST') {
        fake.requests.push(body);
        if (fake.mode === 'error') send(500, { error: 'boom' });
        else if (fake.mode === 'slow')
          setTimeout(() => send(200, { translatedText: 'too late' }), 5000);
        else send(200, { translatedText: dictionary[q.toLowerCase()] ?? q });
      } else {
        send(404, { error: 'not found' });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

/** A URL nothing listens on (a server started, then closed). */
export async function deadUrl(): Promise<string> {
  const fake = await startFakeLibreTranslate({});
  await fake.close();
  return fake.url;
}
