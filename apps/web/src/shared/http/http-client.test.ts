import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient, filenameOf, type TDownload, type THttpClientDeps } from './http-client';
import { ClientErrorCode, HttpError } from './http-error';

interface TRecordedCall {
  url: string;
  init: RequestInit;
}

/** A fake fetch: records each call and answers with the queued body (or behaviour). */
function createFakeFetch() {
  const calls: TRecordedCall[] = [];
  let answer: (init: RequestInit) => Promise<Response> = () =>
    Promise.resolve(Response.json({ code: 1, msg: '', data: null }));
  const fetchFn = (input: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({
      url: input instanceof URL ? input.href : typeof input === 'string' ? input : input.url,
      init,
    });
    return answer(init);
  };
  return {
    calls,
    fetch: fetchFn,
    respondWith(body: unknown, status = 200) {
      answer = () => Promise.resolve(Response.json(body, { status }));
    },
    respondWithFile(content: string, disposition: string) {
      answer = () =>
        Promise.resolve(
          // A string body: jsdom's Blob is not one the Response of Node's fetch can read.
          new Response(content, {
            headers: { 'content-type': 'application/octet-stream', 'content-disposition': disposition },
          }),
        );
    },
    respondWithText(text: string, status = 200) {
      answer = () => Promise.resolve(new Response(text, { status }));
    },
    fail(error: Error) {
      answer = () => Promise.reject(error);
    },
    /** Never answers, but rejects like fetch does once the request's signal aborts. */
    hang() {
      answer = (init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        });
    },
  };
}

function setup(overrides: Partial<THttpClientDeps> = {}) {
  const fake = createFakeFetch();
  const deps = {
    fetch: fake.fetch,
    timeoutMs: 50_000,
    getBaseUrl: () => 'https://api.example',
    getLanguage: () => 'zh-cn',
    getCurrencyHeader: () => 'USD1',
    getAuthorization: () => 'Bearer abc',
    translate: (key: string) => `t:${key}`,
    notifyWarning: vi.fn<(title: string, text: string) => void>(),
    notifyError: vi.fn<(title: string, text: string) => void>(),
    renewAccess: vi.fn<(authorization: string) => Promise<boolean>>(() => Promise.resolve(false)),
    onSessionExpired: vi.fn<(message: string, sentWith: string) => void>(),
    ...overrides,
  };
  return { fake, deps, client: createHttpClient(deps) };
}

function headersOf(call: TRecordedCall | undefined): Record<string, string> {
  return (call?.init.headers ?? {}) as Record<string, string>;
}

describe('http client requests', () => {
  it('sends lang, currencyjc and Authorization headers to base + path with a leading slash', async () => {
    const { fake, client } = setup();
    await client.get('api/v1/countries');
    expect(fake.calls[0]?.url).toBe('https://api.example/api/v1/countries');
    expect(headersOf(fake.calls[0])).toMatchObject({
      lang: 'zh-cn',
      currencyjc: 'USD1',
      Authorization: 'Bearer abc',
    });
  });

  it('leaves Authorization out for calls marked not authenticated and when signed out', async () => {
    const { fake, client } = setup();
    await client.post('/api/v1/auth/refresh-token', { refreshToken: 'r' }, { isAuthenticated: false });
    expect(headersOf(fake.calls[0])).not.toHaveProperty('Authorization');

    const signedOut = setup({ getAuthorization: () => '' });
    await signedOut.client.get('/api/x');
    expect(headersOf(signedOut.fake.calls[0])).not.toHaveProperty('Authorization');
  });

  it('sends the Idempotency-Key of the action when given, and none otherwise', async () => {
    const { fake, client } = setup();
    await client.post('/api/v1/payouts', { amountMinor: 1 }, { idempotencyKey: 'k-123' });
    await client.post('/api/v1/payouts', { amountMinor: 1 });
    expect(headersOf(fake.calls[0])['Idempotency-Key']).toBe('k-123');
    expect(headersOf(fake.calls[1])).not.toHaveProperty('Idempotency-Key');
  });

  it('sends GET and DELETE params as a bracket-style query string', async () => {
    const { fake, client } = setup();
    await client.get('/api/v1/menus', { ids: [1, 2], keywords: 'a b' });
    await client.delete('/api/v1/dict', { ids: [3] });
    expect(fake.calls[0]?.url).toBe('https://api.example/api/v1/menus?ids[]=1&ids[]=2&keywords=a%20b');
    expect(fake.calls[0]?.init.body).toBeUndefined();
    expect(fake.calls[1]?.init.method).toBe('DELETE');
    expect(fake.calls[1]?.url).toBe('https://api.example/api/v1/dict?ids[]=3');
  });

  it('sends POST and PUT params as JSON', async () => {
    const { fake, client } = setup();
    await client.put('/api/v1/dict/7', { name: 'x' });
    expect(fake.calls[0]?.init.method).toBe('PUT');
    expect(headersOf(fake.calls[0])['Content-Type']).toBe('application/json;charset=UTF-8');
    expect(fake.calls[0]?.init.body).toBe('{"name":"x"}');
  });

  it('turns GET into a multipart POST in form-data mode', async () => {
    const { fake, client } = setup();
    await client.get('/api/upload', { meta: { kind: 'avatar' } }, { isFormData: true });
    const call = fake.calls[0];
    expect(call?.init.method).toBe('POST');
    expect(call?.init.body).toBeInstanceOf(FormData);
    expect((call?.init.body as FormData).get('meta.kind')).toBe('avatar');
    // fetch sets the multipart boundary itself.
    expect(headersOf(call)).not.toHaveProperty('Content-Type');
  });
});

describe('http client envelope handling', () => {
  it('resolves data on code 1', async () => {
    const { fake, client, deps } = setup();
    fake.respondWith({ code: 1, msg: 'ok', data: { id: 5 } });
    await expect(client.get('/api/x')).resolves.toEqual({ id: 5 });
    expect(deps.notifyWarning).not.toHaveBeenCalled();
    expect(deps.notifyError).not.toHaveBeenCalled();
  });

  it('warns and still resolves data on code 0', async () => {
    const { fake, client, deps } = setup();
    fake.respondWith({ code: 0, msg: 'Stock is low', data: [1] });
    await expect(client.get('/api/x')).resolves.toEqual([1]);
    expect(deps.notifyWarning).toHaveBeenCalledWith('t:http.notice.warningTitle', 'Stock is low');

    fake.respondWith({ code: 0, msg: '', data: null });
    await client.get('/api/x');
    expect(deps.notifyWarning).toHaveBeenLastCalledWith(
      't:http.notice.warningTitle',
      't:http.notice.warningDefault',
    );
  });

  it('on 1002 without a renewal ends the session (which tells the user) and rejects', async () => {
    const { fake, client, deps } = setup();
    fake.respondWith({ code: '1002', msg: '', data: null }, 401);
    const error = await client.get('/api/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).code).toBe('1002');
    expect(deps.renewAccess).toHaveBeenCalledWith('Bearer abc');
    expect(deps.onSessionExpired).toHaveBeenCalledWith('t:http.notice.errorDefault', 'Bearer abc');
    expect(deps.notifyError).not.toHaveBeenCalled();
  });

  // A quiet call too: its page tells its own errors, yet a token that just expired is no refusal
  // (a save was answered "session expired" while the session was fine).
  it.each([false, true])('on 1002 replays the call once after a renewal (quiet: %s)', async (isQuiet) => {
    let authorization = 'Bearer old';
    const { fake, client, deps } = setup({
      getAuthorization: () => authorization,
      renewAccess: vi.fn(() => {
        authorization = 'Bearer new';
        return Promise.resolve(true);
      }),
    });
    fake.respondWith({ code: '1002', msg: 'expired', data: null }, 401);
    const first = client.get('/api/x', undefined, { isQuiet });
    await vi.waitFor(() => expect(fake.calls).toHaveLength(1));
    fake.respondWith({ code: 1, msg: '', data: 'ok' });
    await expect(first).resolves.toBe('ok');
    expect(headersOf(fake.calls[1]).Authorization).toBe('Bearer new');
    expect(deps.onSessionExpired).not.toHaveBeenCalled();
    expect(deps.notifyError).not.toHaveBeenCalled();
  });

  it.each([false, true])(
    'on 1002 whose renewal got no answer keeps the session and rejects with the renewal’s error (quiet: %s)',
    async (isQuiet) => {
      const cut = new HttpError({ code: ClientErrorCode.network, msg: 't:http.error.network' });
      const { fake, client, deps } = setup({ renewAccess: vi.fn(() => Promise.reject(cut)) });
      fake.respondWith({ code: '1002', msg: 'expired', data: null }, 401);
      await expect(client.get('/api/x', undefined, { isQuiet })).rejects.toBe(cut);
      expect(fake.calls).toHaveLength(1);
      expect(deps.onSessionExpired).not.toHaveBeenCalled();
      expect(deps.notifyError).toHaveBeenCalledTimes(isQuiet ? 0 : 1);
      if (!isQuiet)
        expect(deps.notifyError).toHaveBeenCalledWith('t:http.notice.errorTitle', 't:http.error.network');
    },
  );

  it('on 1002 after the replay ends the session instead of renewing again', async () => {
    const { fake, client, deps } = setup({ renewAccess: vi.fn(() => Promise.resolve(true)) });
    fake.respondWith({ code: '1002', msg: 'expired', data: null }, 401);
    await expect(client.get('/api/x')).rejects.toMatchObject({ code: '1002' });
    expect(fake.calls).toHaveLength(2);
    expect(deps.renewAccess).toHaveBeenCalledTimes(1);
    expect(deps.onSessionExpired).toHaveBeenCalledWith('expired', 'Bearer abc');
  });

  it('quiet calls neither notify nor end the session: a refused renewal only rejects', async () => {
    const { fake, client, deps } = setup();
    fake.respondWith({ code: '1002', msg: 'expired', data: null }, 401);
    await expect(client.delete('/api/v1/auth/logout', undefined, { isQuiet: true })).rejects.toMatchObject({
      code: '1002',
    });
    expect(deps.renewAccess).toHaveBeenCalledWith('Bearer abc');
    fake.respondWith({ code: 'A0210', msg: 'bad', data: null }, 400);
    await expect(client.post('/api/v1/auth/login', {}, { isQuiet: true })).rejects.toMatchObject({
      code: 'A0210',
    });
    expect(deps.renewAccess).toHaveBeenCalledTimes(1);
    expect(deps.onSessionExpired).not.toHaveBeenCalled();
    expect(deps.notifyError).not.toHaveBeenCalled();
  });

  it('on A0231 rejects with msg or "Error" and shows nothing', async () => {
    const { fake, client, deps } = setup();
    fake.respondWith({ code: 'A0231', msg: 'Refresh token expired', data: null }, 401);
    await expect(client.post('/api/v1/auth/refresh-token')).rejects.toMatchObject({
      code: 'A0231',
      msg: 'Refresh token expired',
    });
    fake.respondWith({ code: 'A0231', msg: '', data: null }, 401);
    await expect(client.post('/api/v1/auth/refresh-token')).rejects.toMatchObject({
      msg: 't:http.error.generic',
    });
    expect(deps.notifyError).not.toHaveBeenCalled();
    expect(deps.onSessionExpired).not.toHaveBeenCalled();
  });

  it('on any other code shows the error toast and rejects with code, msg and field errors', async () => {
    const { fake, client, deps } = setup();
    const fields = { fields: [{ field: 'email', message: 'Please enter a valid email' }] };
    fake.respondWith({ code: 'A0400', msg: 'Validation failed', data: fields }, 400);
    const error = (await client
      .post('/api/x', { email: 'x' })
      .catch((caught: unknown) => caught)) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ code: 'A0400', msg: 'Validation failed', status: 400, data: fields });
    expect(error.message).toBe('Validation failed');
    expect(deps.notifyError).toHaveBeenCalledWith('t:http.notice.errorTitle', 'Validation failed');
    expect(deps.onSessionExpired).not.toHaveBeenCalled();
  });

  it('rejects an answer that is not an envelope', async () => {
    const { fake, client } = setup();
    fake.respondWithText('<html>Bad gateway</html>', 502);
    await expect(client.get('/api/x')).rejects.toMatchObject({
      code: ClientErrorCode.badResponse,
      status: 502,
    });
  });
});

describe('http client file downloads', () => {
  it('resolves a file answer as a blob with the name from Content-Disposition', async () => {
    const { fake, client } = setup();
    fake.respondWithFile('xlsx-bytes', 'attachment; filename="users-template.xlsx"');
    const file = (await client.request('/api/v1/users/template', { responseType: 'blob' })) as TDownload;
    expect(file.filename).toBe('users-template.xlsx');
    expect(await file.blob.text()).toBe('xlsx-bytes');
    expect(fake.calls[0]?.init.headers).toMatchObject({ Accept: '*/*', Authorization: 'Bearer abc' });
  });

  it('handles an error envelope of a download like any other call', async () => {
    const { fake, deps, client } = setup();
    fake.respondWith({ code: 'A0301', msg: 'No permission', data: null }, 403);
    await expect(client.request('/api/v1/users/export', { responseType: 'blob' })).rejects.toMatchObject({
      code: 'A0301',
    });
    expect(deps.notifyError).toHaveBeenCalledWith('t:http.notice.errorTitle', 'No permission');
  });

  it('reads plain and RFC 5987 file names', () => {
    expect(filenameOf('attachment; filename="a b.xlsx"')).toBe('a b.xlsx');
    expect(filenameOf("attachment; filename*=UTF-8''%E7%94%A8%E6%88%B7.xlsx")).toBe('用户.xlsx');
    expect(filenameOf(null, 'x.bin')).toBe('x.bin');
  });
});

describe('http client transport failures', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('times out after the configured time with a translated message', async () => {
    const { fake, client, deps } = setup({ timeoutMs: 50_000 });
    fake.hang();
    const pending = client.get('/api/slow').catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(49_999);
    expect(deps.notifyError).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toMatchObject({
      code: ClientErrorCode.timeout,
      msg: 't:http.error.timeout',
    });
    expect(deps.notifyError).toHaveBeenCalledWith('t:http.notice.errorTitle', 't:http.error.timeout');
  });

  it('reports a caller abort as aborted, without a toast', async () => {
    const { fake, client, deps } = setup();
    fake.hang();
    const controller = new AbortController();
    const pending = client
      .get('/api/slow', undefined, { signal: controller.signal })
      .catch((caught: unknown) => caught);
    controller.abort();
    await expect(pending).resolves.toMatchObject({
      code: ClientErrorCode.aborted,
      msg: 't:http.error.aborted',
    });
    expect(deps.notifyError).not.toHaveBeenCalled();
  });

  it('reports a network failure', async () => {
    const { fake, client, deps } = setup();
    fake.fail(new TypeError('Failed to fetch'));
    await expect(client.get('/api/x')).rejects.toMatchObject({
      code: ClientErrorCode.network,
      msg: 't:http.error.network',
    });
    expect(deps.notifyError).toHaveBeenCalledWith('t:http.notice.errorTitle', 't:http.error.network');
  });
});
