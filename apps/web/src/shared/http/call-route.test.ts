import { countriesRoutes, healthRoutes, rolesRoutes } from '@linkstore/contract';
import { describe, expect, it, vi } from 'vitest';
import { callRoute, callRouteQuietly, fillPath } from './call-route';
import { createHttpClient } from './http-client';
import { ClientErrorCode } from './http-error';

const country = {
  id: 'US',
  code: 'US',
  name: 'United States',
  currency: 'United States dollar',
  currency_jc: 'USD',
  currency_symbol: '$',
  currency_minor_digits: 2,
  rate_per_usd_micros: 1_000_000,
};

function clientAnswering(data: unknown) {
  const fetchFn = vi.fn<typeof fetch>(() => Promise.resolve(Response.json({ code: 1, msg: '', data })));
  const client = createHttpClient({
    fetch: fetchFn,
    timeoutMs: 1000,
    getBaseUrl: () => '',
    getLanguage: () => 'en',
    getCurrencyHeader: () => 'USD1',
    getAuthorization: () => '',
    translate: (key) => key,
    notifyWarning: () => undefined,
    notifyError: () => undefined,
    renewAccess: () => Promise.resolve(false),
    onSessionExpired: () => undefined,
  });
  return { client, fetchFn };
}

describe('callRoute', () => {
  it('calls the contract path with the query and returns parsed data', async () => {
    const { client, fetchFn } = clientAnswering([country]);
    const countries = await callRoute(countriesRoutes.list, { query: { keywords: 'uni' } }, { client });
    expect(countries[0]?.currency_jc).toBe('USD');
    expect(fetchFn.mock.calls[0]?.[0]).toBe('/api/v1/countries?keywords=uni');
    expect(fetchFn.mock.calls[0]?.[1]?.method).toBe('GET');
  });

  it('puts the query of a body method in the URL', async () => {
    const { client, fetchFn } = clientAnswering(null);
    await callRoute(rolesRoutes.status, { params: { id: '3' }, query: { status: '0' } }, { client });
    expect(fetchFn.mock.calls[0]?.[0]).toBe('/api/v1/roles/3/status?status=0');
    expect(fetchFn.mock.calls[0]?.[1]?.method).toBe('PUT');
  });

  it('rejects data that does not match the response schema', async () => {
    const { client } = clientAnswering({ status: 'ok' });
    await expect(callRoute(healthRoutes.check, {}, { client })).rejects.toMatchObject({
      code: ClientErrorCode.badResponse,
    });
  });
});

describe('fillPath', () => {
  it('fills :name and {name} placeholders, encoded', () => {
    expect(fillPath('/api/v1/dict/:id/form', { id: 7 })).toBe('/api/v1/dict/7/form');
    expect(fillPath('/api/v1/dict/{ids}', { ids: '1,2' })).toBe('/api/v1/dict/1%2C2');
  });

  it('throws when a parameter is missing', () => {
    expect(() => fillPath('/api/v1/menus/:id', {})).toThrow('Missing path parameter "id"');
  });
});

describe('callRouteQuietly', () => {
  function clientWithExpiredToken(renews: boolean) {
    let token = 'Bearer old';
    const notifyError = vi.fn();
    const onSessionExpired = vi.fn();
    const fetchFn = vi.fn<typeof fetch>((_url, init) => {
      const sent = (init?.headers as Record<string, string>).Authorization;
      return Promise.resolve(
        sent === 'Bearer old'
          ? Response.json({ code: '1002', msg: 'expired', data: null }, { status: 401 })
          : Response.json({ code: 1, msg: '', data: [country] }),
      );
    });
    const client = createHttpClient({
      fetch: fetchFn,
      timeoutMs: 1000,
      getBaseUrl: () => '',
      getLanguage: () => 'en',
      getCurrencyHeader: () => 'USD1',
      getAuthorization: () => token,
      translate: (key) => key,
      notifyWarning: () => undefined,
      notifyError,
      renewAccess: () => {
        if (renews) token = 'Bearer new';
        return Promise.resolve(renews);
      },
      onSessionExpired,
    });
    return { client, fetchFn, notifyError, onSessionExpired };
  }

  it('renews an expired access token and answers, a quiet call too, without a notification', async () => {
    const quiet = clientWithExpiredToken(true);
    const answered = await callRoute(countriesRoutes.list, {}, { client: quiet.client, isQuiet: true });
    expect(answered[0]?.id).toBe('US');
    expect(quiet.notifyError).not.toHaveBeenCalled();
    const renewing = clientWithExpiredToken(true);
    const countries = await callRouteQuietly(countriesRoutes.list, {}, { client: renewing.client });
    expect(countries[0]?.id).toBe('US');
    expect(renewing.notifyError).not.toHaveBeenCalled();
  });

  it('ends the session when it cannot be renewed, and stays quiet about other refusals', async () => {
    const expired = clientWithExpiredToken(false);
    await expect(
      callRouteQuietly(countriesRoutes.list, {}, { client: expired.client }),
    ).rejects.toMatchObject({
      code: '1002',
    });
    expect(expired.onSessionExpired).toHaveBeenCalledTimes(1);

    const notifyError = vi.fn();
    const client = createHttpClient({
      fetch: () =>
        Promise.resolve(Response.json({ code: 'A0404', msg: 'gone', data: null }, { status: 404 })),
      timeoutMs: 1000,
      getBaseUrl: () => '',
      getLanguage: () => 'en',
      getCurrencyHeader: () => 'USD1',
      getAuthorization: () => 'Bearer ok',
      translate: (key) => key,
      notifyWarning: () => undefined,
      notifyError,
      renewAccess: () => Promise.resolve(false),
      onSessionExpired: () => undefined,
    });
    await expect(callRouteQuietly(countriesRoutes.list, {}, { client })).rejects.toMatchObject({
      code: 'A0404',
    });
    expect(notifyError).not.toHaveBeenCalled();
  });
});
