/** Statuses whose answer has no body (a Response refuses one). */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

function parseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/**
 * A `fetch` on XMLHttpRequest, for the one thing fetch cannot do: report how much of the body
 * has been sent. `onProgress` gets whole percents. Enough of fetch for our http client: method,
 * headers, body, signal; the answer is read as text.
 */
export function createProgressFetch(onProgress: (percent: number) => void): typeof fetch {
  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const signal = init.signal;
      const aborted = () => new DOMException('The upload was cancelled', 'AbortError');
      if (signal?.aborted) {
        reject(aborted());
        return;
      }
      const xhr = new XMLHttpRequest();
      const url = input instanceof Request ? input.url : input.toString();
      xhr.open(init.method ?? 'GET', url);
      new Headers(init.headers).forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) {
          onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
        }
      };
      xhr.onload = () => {
        const body = NULL_BODY_STATUSES.has(xhr.status) ? null : xhr.responseText;
        resolve(
          new Response(body, { status: xhr.status, headers: parseHeaders(xhr.getAllResponseHeaders()) }),
        );
      };
      xhr.onerror = () => reject(new TypeError('Network request failed'));
      xhr.onabort = () => reject(aborted());
      signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
    });
}
