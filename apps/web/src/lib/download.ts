import { errorEnvelopeSchema } from '@glossa/contract';
import { ApiError, bearerValue, refreshSession } from './api-client';
import { readSession } from './session';

/** Refresh first when the access token has this few seconds left (as the api client does). */
const expiryMarginSeconds = 5;

async function accessToken(): Promise<string | null> {
  const session = readSession();
  if (!session) return null;
  if (session.decodedAccessToken.exp - Date.now() / 1000 <= expiryMarginSeconds) {
    return (await refreshSession(session.encodedAccessToken))?.encodedAccessToken ?? null;
  }
  return session.encodedAccessToken;
}

async function get(path: string, token: string | null): Promise<Response> {
  try {
    return await fetch(path, {
      method: 'GET',
      headers: token ? { Authorization: bearerValue(token) } : {},
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(-1, 'network_error', 'Cannot reach the server. Check your connection.');
  }
}

async function failureOf(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = (await response.json()) as unknown;
  } catch {
    // Not JSON: fall through to the generic message.
  }
  const parsed = errorEnvelopeSchema.safeParse(body);
  return parsed.success
    ? new ApiError(
        response.status,
        parsed.data.code,
        parsed.data.payload.message,
        parsed.data.payload.issues ?? [],
      )
    : new ApiError(response.status, 'invalid_response', `The server answered ${response.status}.`);
}

/** The file name of a content-disposition header, if it names one. */
export function attachmentName(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // Badly encoded: try the plain name.
    }
  }
  return /filename="?([^";]+)"?/i.exec(header)?.[1] ?? null;
}

/** Saves a blob as a file through a temporary link. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Downloads a file answer (not the JSON envelope) with the bearer credential, refreshing the
 * tokens once on `token_expired`, and saves it under the server's file name (or `fallbackName`).
 * Throws an ApiError on failure.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<string> {
  let token = await accessToken();
  let response = await get(path, token);
  if (response.status === 401 && token) {
    const failure = await failureOf(response.clone());
    if (failure.code === 'token_expired') {
      token = (await refreshSession(token))?.encodedAccessToken ?? null;
      if (!token) throw failure;
      response = await get(path, token);
    }
  }
  if (!response.ok) throw await failureOf(response);
  const filename = attachmentName(response.headers.get('content-disposition')) ?? fallbackName;
  saveBlob(await response.blob(), filename);
  return filename;
}
