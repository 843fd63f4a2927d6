import type { RouteSpec } from '@glossa/contract';
import { callRoute, failureOf, type AnyRoute, type RequestOptions } from './api-client';

/** The file name of a content-disposition header, if it names one. */
function attachmentName(header: string | null): string | null {
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
 * Downloads a call's file answer (not the JSON envelope) as the api client sends any call, and
 * saves it under the server's file name (or `fallbackName`). Throws an ApiError on failure.
 */
export async function downloadFile<R extends RouteSpec>(
  route: AnyRoute<R>,
  options: RequestOptions<R>,
  fallbackName: string,
): Promise<string> {
  const response = await callRoute(route, options);
  if (!response.ok) throw await failureOf(response);
  const filename = attachmentName(response.headers.get('content-disposition')) ?? fallbackName;
  saveBlob(await response.blob(), filename);
  return filename;
}
