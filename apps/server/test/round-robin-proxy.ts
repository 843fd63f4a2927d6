import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A small load balancer for tests: each request (an upgrade too) goes to the next backend in
 * turn, as a round-robin proxy in front of several instances would send it. `served` lists the
 * backend index of each request, in order.
 */
export async function startRoundRobinProxy(backends: string[]) {
  const served: number[] = [];
  let next = 0;
  const pick = () => {
    const index = next % backends.length;
    next += 1;
    served.push(index);
    return new URL(backends[index] ?? '');
  };
  const server = http.createServer((request, response) => {
    const target = pick();
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  server.on('upgrade', (request: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    const target = pick();
    const upstream = net.connect(Number(target.port), target.hostname, () => {
      const headers = Object.entries(request.headers)
        .flatMap(([name, value]) => [value ?? []].flat().map((one) => `${name}: ${one}`))
        .join('\r\n');
      upstream.write(`${request.method} ${request.url} HTTP/1.1\r\n${headers}\r\n\r\n`);
      upstream.write(head);
      socket.pipe(upstream).pipe(socket);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
