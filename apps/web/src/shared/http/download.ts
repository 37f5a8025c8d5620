import type { TRouteDef } from '@linkstore/contract';
import { apiClient } from './api-client';
import { fillPath } from './call-route';
import type { TDownload } from './http-client';
import type { TParams } from './query-string';

/**
 * A route that answers a file (an export): the bytes and the name the server gave them. A refusal
 * comes as the JSON envelope and is shown by the http client like any call's.
 */
export async function downloadRoute(route: TRouteDef, query?: TParams): Promise<TDownload> {
  return (await apiClient.request(fillPath(route.path, undefined), {
    method: route.method,
    params: query,
    responseType: 'blob',
  })) as TDownload;
}

/** Hands a downloaded file to the browser ("save as"). */
export function saveFile({ blob, filename }: TDownload): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Let the browser start reading it before it goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
