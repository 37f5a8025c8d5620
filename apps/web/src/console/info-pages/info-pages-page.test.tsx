import { EMPTY_DOC, plainTextToDoc, type TInfoPageForm } from '@linkstore/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ok } from '../../shared/test/fake-api';
import { installFakeApi, renderConsolePage, signInOperator, signOutOperator } from '../shared/test-support';
import InfoPagesPage from './info-pages-page';

const form = (page: string, lang: string, text: string | null): TInfoPageForm =>
  ({
    page,
    lang,
    doc: text === null ? EMPTY_DOC : plainTextToDoc(text),
    updateTime: text === null ? null : '2026-11-20 10:00:00',
  }) as TInfoPageForm;

function fakeApi(answers: Record<string, string | null> = {}) {
  return installFakeApi({
    'GET /api/v1/system/info-pages/shipping/en': () => ok(form('shipping', 'en', 'Free shipping.')),
    'GET /api/v1/system/info-pages/returns/en': () => ok(form('returns', 'en', 'Thirty days.')),
    'GET /api/v1/system/info-pages/returns/es': () =>
      ok(form('returns', 'es', 'returns/es' in answers ? (answers['returns/es'] ?? null) : 'Treinta días.')),
    'GET /api/v1/system/info-pages/terms/en': () => ok(form('terms', 'en', null)),
  });
}

afterEach(signOutOperator);

async function pick(user: ReturnType<typeof userEvent.setup>, field: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: field }));
  await user.click(await screen.findByTitle(option));
}

describe('InfoPagesPage', () => {
  it('edits a page in a language and saves it', async () => {
    const user = userEvent.setup();
    signInOperator(['sys:info-page:query', 'sys:info-page:edit']);
    const api = fakeApi({ 'returns/es': null });
    api.on('PUT /api/v1/system/info-pages/returns/es', ({ body }) =>
      ok({ ...form('returns', 'es', 'x'), ...(body as object) }),
    );
    await renderConsolePage(InfoPagesPage);
    expect(await screen.findByRole('heading', { name: 'Shop information' })).toBeInTheDocument();
    expect(
      await screen.findByRole('textbox', { name: 'Shipping in English' }, { timeout: 3000 }),
    ).toHaveTextContent('Free shipping.');
    expect(screen.getByText('Last saved 2026-11-20 10:00:00 (UTC)')).toBeInTheDocument();

    await pick(user, 'Page', 'Returns');
    await pick(user, 'Language', 'Spanish');
    // Not written in Spanish yet: buyers read the English text, and the editor starts empty.
    expect(await screen.findByText(/buyers reading in it see the English text/)).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Returns in Spanish' })).toHaveTextContent('');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved. Buyers see the new text at once.')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/v1/system/info-pages/returns/es')[0]?.body).toEqual({ doc: EMPTY_DOC });
  });

  it('refuses to save an empty English text without asking the server', async () => {
    const user = userEvent.setup();
    signInOperator(['sys:info-page:query', 'sys:info-page:edit']);
    const api = fakeApi();
    await renderConsolePage(InfoPagesPage);
    await screen.findByRole('textbox', { name: 'Shipping in English' }, { timeout: 3000 });
    await pick(user, 'Page', 'Terms of sale');
    await screen.findByRole('textbox', { name: 'Terms of sale in English' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^The English text cannot be empty/);
    expect(api.callsTo('PUT /api/v1/system/info-pages/terms/en')).toHaveLength(0);
  });

  it('shows the text without an editor or Save to an operator who may only read', async () => {
    signInOperator(['sys:info-page:query']);
    fakeApi();
    await renderConsolePage(InfoPagesPage);
    expect(await screen.findByText('Free shipping.')).toBeInTheDocument();
    expect(screen.getByText('You can read these pages but not change them.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('textbox')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
