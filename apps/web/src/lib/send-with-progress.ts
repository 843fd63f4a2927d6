// The API client's way to send a large body and tell how much of it has gone (lib/api-client.ts
// `onUploadProgress`), loaded when a call first asks for it.

/** Statuses whose answer has no body (a Response refuses one). */
const bodilessStatuses = new Set([101, 204, 205, 304]);

/** A call as lib/api-client.ts has made it: method, address, headers, the body as JSON. */
export interface ProgressRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  signal: AbortSignal | undefined;
}

/**
 * Sends a call with XMLHttpRequest, whose upload tells how much of the body has gone (fetch's
 * does not, over HTTP/1.1), and answers its response as fetch would.
 */
export function sendWithProgress(
  { method, path, headers, body, signal }: ProgressRequest,
  onUploadProgress: (sent: number, total: number) => void,
  networkError: () => Error,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    // The signal's own reason (an AbortError, as fetch rejects with): only the signal aborts.
    const aborted = () => signal?.reason as unknown;
    if (signal?.aborted) {
      reject(aborted());
      return;
    }
    request.open(method, path);
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onUploadProgress(event.loaded, event.total);
    });
    request.addEventListener('load', () => {
      const status = request.status;
      const contentType = request.getResponseHeader('content-type');
      resolve(
        new Response(bodilessStatuses.has(status) ? null : request.responseText, {
          status,
          headers: contentType ? { 'content-type': contentType } : {},
        }),
      );
    });
    request.addEventListener('error', () => reject(networkError()));
    request.addEventListener('abort', () => reject(aborted()));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(body);
  });
}
