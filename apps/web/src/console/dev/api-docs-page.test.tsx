import { API_DOCS_TOKEN_ANSWER, API_DOCS_TOKEN_REQUEST } from '@linkstore/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../shared/session/session-store';
import { ok } from '../../shared/test/fake-api';
import { installFakeApi, renderConsolePage, signInOperator, signOutOperator } from '../shared/test-support';
import ApiDocsPage, { currentAuthorization } from './api-docs-page';

afterEach(signOutOperator);

async function openDocs() {
  await renderConsolePage(ApiDocsPage);
  const frame = await screen.findByTitle('LinkStore API documentation (Swagger UI)');
  const docs = (frame as HTMLIFrameElement).contentWindow;
  if (!docs) throw new Error('the frame has no window');
  const answers = vi.spyOn(docs, 'postMessage').mockImplementation(() => undefined);
  return { frame, docs, answers };
}

const ask = (source: MessageEventSource | null, id = 'r1', origin = window.location.origin) =>
  window.dispatchEvent(
    new MessageEvent('message', { data: { type: API_DOCS_TOKEN_REQUEST, id }, origin, source }),
  );

describe('ApiDocsPage', () => {
  it('frames the server’s Swagger UI under its heading', async () => {
    signInOperator(['dev:api-doc:query']);
    const { frame } = await openDocs();
    expect(screen.getByRole('heading', { level: 1, name: 'API documentation' })).toBeInTheDocument();
    expect(frame).toHaveAttribute('src', '/api/docs/');
    expect(frame.getAttribute('src')).not.toContain('acc');
  });

  it('lends the docs frame the current Authorization when it asks, and nobody else', async () => {
    signInOperator(['dev:api-doc:query']);
    const { docs, answers } = await openDocs();
    ask(docs);
    await waitFor(() =>
      expect(answers).toHaveBeenCalledWith(
        { type: API_DOCS_TOKEN_ANSWER, id: 'r1', authorization: 'Bearer acc' },
        window.location.origin,
      ),
    );
    // Renewed since: the next request gets the new token.
    useSession.getState().setTokens({ tokenType: 'Bearer', accessToken: 'acc2', refreshToken: 'ref2' });
    ask(docs, 'r2');
    await waitFor(() =>
      expect(answers).toHaveBeenLastCalledWith(
        { type: API_DOCS_TOKEN_ANSWER, id: 'r2', authorization: 'Bearer acc2' },
        window.location.origin,
      ),
    );
    answers.mockClear();
    // Another window, another origin, or another message: no answer.
    ask(window, 'r3');
    ask(docs, 'r4', 'http://evil.example');
    window.dispatchEvent(new MessageEvent('message', { data: { type: 'other', id: 'r5' }, source: docs }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answers).not.toHaveBeenCalled();
  });

  it('shows no docs, and lends nothing, without the permission', async () => {
    signInOperator(['sys:log:query']);
    await renderConsolePage(ApiDocsPage);
    expect(await screen.findByText('You may not read the API documentation.')).toBeInTheDocument();
    expect(screen.queryByTitle('LinkStore API documentation (Swagger UI)')).toBeNull();
  });

  it('renews a token about to expire before lending it', async () => {
    signInOperator(['dev:api-doc:query']);
    const api = installFakeApi({
      'POST /api/v1/auth/refresh-token': () =>
        ok({ tokenType: 'Bearer', accessToken: 'fresh', refreshToken: 'ref3', expiresIn: 3600 }),
    });
    useSession.setState({ expiresAt: Date.now() + 5_000 });
    expect(await currentAuthorization()).toBe('Bearer fresh');
    expect(api.callsTo('POST /api/v1/auth/refresh-token')).toHaveLength(1);
    // Far from expiry: lent as it is.
    expect(await currentAuthorization()).toBe('Bearer fresh');
    expect(api.callsTo('POST /api/v1/auth/refresh-token')).toHaveLength(1);
  });
});
