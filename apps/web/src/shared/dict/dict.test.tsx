import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TDictList } from '@linkstore/contract';
import { Button, Form } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppPreferences } from '../preferences/app-preferences-store';
import { clearSession } from '../session/clear-session';
import { sessionEvents, type TUserInfo } from '../session/session-events';
import { useSession } from '../session/session-store';
import { createFakeApi, DICTIONARIES, ok, type TFakeAnswer } from '../test/fake-api';
import { Dict } from './dict';
import { clearDictCache, dictCache, useDictStore } from './dict-cache';
import { DictLabel } from './dict-label';
import { loadDictionaries, startDictionarySync } from './dict-loader';

const SPANISH: TDictList = [
  {
    name: 'Gender',
    dictCode: 'gender',
    dictDataList: [
      { value: '1', label: 'Masculino', tagType: 'primary' },
      { value: '2', label: 'Femenino', tagType: 'danger' },
    ],
  },
];

const signIn = () =>
  useSession.getState().setTokens({ tokenType: 'Bearer', accessToken: 'acc', refreshToken: 'ref' });

/** A fake API whose `/dict/list` answers per `lang` header, each answer released by the test. */
function installDictApi() {
  const pending: { lang: string; release: () => void }[] = [];
  const api = createFakeApi({
    'GET /api/v1/dict/list': ({ headers }) =>
      new Promise<TFakeAnswer>((resolve) => {
        const lang = headers.lang ?? '';
        pending.push({ lang, release: () => resolve(ok(lang === 'es' ? SPANISH : DICTIONARIES)) });
      }),
  });
  vi.stubGlobal('fetch', api.fetch);
  const releaseAll = async () => {
    await waitFor(() => expect(pending.length).toBeGreaterThan(0));
    for (const call of pending.splice(0)) call.release();
  };
  return { api, pending, releaseAll };
}

let stopSync: () => void;
beforeEach(() => {
  useAppPreferences.getState().setLanguage('en');
  clearDictCache();
  stopSync = startDictionarySync();
});
afterEach(() => {
  stopSync();
  useSession.getState().clearTokens();
});

describe('dictionary cache', () => {
  it('loads after sign-in into the cache and localStorage `dictionary` (dictCode → items)', async () => {
    const { api, releaseAll } = installDictApi();
    signIn();
    sessionEvents.emit('user', {} as TUserInfo);
    await releaseAll();
    await waitFor(() => expect(dictCache.get('gender')).toHaveLength(3));
    expect(api.callsTo('GET /api/v1/dict/list')[0]?.headers.lang).toBe('en');
    expect(JSON.parse(localStorage.getItem('dictionary') ?? '{}')).toEqual({
      gender: DICTIONARIES[0]?.dictDataList,
      notice_level: DICTIONARIES[1]?.dictDataList,
    });
  });

  it('reloads in the new language; an answer overtaken by a newer load is dropped', async () => {
    const { api, pending } = installDictApi();
    signIn();
    const first = loadDictionaries();
    useAppPreferences.getState().setLanguage('es');
    await waitFor(() => expect(pending.map((p) => p.lang)).toEqual(['en', 'es']));
    // The Spanish answer first, then the stale English one.
    pending[1]?.release();
    pending[0]?.release();
    await first;
    await waitFor(() => expect(dictCache.get('gender')?.[0]?.label).toBe('Masculino'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(dictCache.get('gender')?.[0]?.label).toBe('Masculino');
    expect(dictCache.get('notice_level')).toBeUndefined();
    expect(api.callsTo('GET /api/v1/dict/list')).toHaveLength(2);
  });

  it('does not reload on a language change while signed out', async () => {
    const { api } = installDictApi();
    useAppPreferences.getState().setLanguage('fr');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.callsTo('GET /api/v1/dict/list')).toHaveLength(0);
  });

  it('is cleared with localStorage on sign-out, and an answer arriving after is dropped', async () => {
    const { pending } = installDictApi();
    signIn();
    dictCache.set('gender', [{ value: '1', label: 'Male' }]);
    expect(localStorage.getItem('dictionary')).not.toBeNull();
    const load = loadDictionaries();
    await waitFor(() => expect(pending).toHaveLength(1));
    clearSession();
    expect(dictCache.size).toBe(0);
    expect(localStorage.getItem('dictionary')).toBeNull();
    pending[0]?.release();
    await load;
    expect(dictCache.size).toBe(0);
    expect(localStorage.getItem('dictionary')).toBeNull();
  });

  it('starts from what localStorage holds, ignoring anything unreadable', async () => {
    localStorage.setItem(
      'dictionary',
      JSON.stringify({ gender: [{ value: '1', label: 'Homme', tagType: 'primary' }] }),
    );
    vi.resetModules();
    const fresh = await import('./dict-cache');
    expect(fresh.dictCache.get('gender')).toEqual([{ value: '1', label: 'Homme', tagType: 'primary' }]);

    localStorage.setItem('dictionary', JSON.stringify({ gender: [{ value: 1 }] }));
    vi.resetModules();
    expect((await import('./dict-cache')).dictCache.size).toBe(0);
    localStorage.setItem('dictionary', '{not json');
    vi.resetModules();
    expect((await import('./dict-cache')).dictCache.size).toBe(0);
  });
});

describe('Dict and DictLabel', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', createFakeApi().fetch);
    signIn();
  });

  function GenderForm({
    type,
    onSubmit,
  }: {
    type: 'select' | 'radio' | 'checkbox';
    onSubmit: (v: unknown) => void;
  }) {
    return (
      <Form
        initialValues={{ gender: type === 'checkbox' ? [1] : 1 }}
        onFinish={(values: { gender: unknown }) => onSubmit(values.gender)}
      >
        <Form.Item name="gender" label="Gender">
          <Dict code="gender" type={type} />
        </Form.Item>
        <Button htmlType="submit">Submit</Button>
      </Form>
    );
  }

  it('a select in an antd form: loads the dictionary when needed and keeps numbers numbers', async () => {
    const user = userEvent.setup();
    const submitted = vi.fn();
    render(<GenderForm type="select" onSubmit={submitted} />);
    const select = screen.getByLabelText('Gender');
    await waitFor(() => expect(screen.getByTitle('Male')).toBeInTheDocument());
    await user.click(select);
    const female = await waitFor(() => {
      const option = document.querySelector<HTMLElement>('.ant-select-item-option[title="Female"]');
      if (!option) throw new Error('no Female option');
      return option;
    });
    await user.click(female);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(submitted).toHaveBeenCalledWith(2));
  });

  it('radio and checkbox groups', async () => {
    const user = userEvent.setup();
    const radio = vi.fn();
    const { unmount } = render(<GenderForm type="radio" onSubmit={radio} />);
    expect(await screen.findByRole('radio', { name: 'Male' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Prefer not to say' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(radio).toHaveBeenCalledWith(0));
    unmount();

    const checkbox = vi.fn();
    render(<GenderForm type="checkbox" onSubmit={checkbox} />);
    expect(await screen.findByRole('checkbox', { name: 'Male' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Female' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(checkbox).toHaveBeenCalledWith([1, 2]));
  });

  it('string values stay strings', async () => {
    const user = userEvent.setup();
    const changed = vi.fn();
    render(<Dict code="notice_level" type="radio" value="L" onChange={changed} />);
    await user.click(await screen.findByRole('radio', { name: 'High' }));
    expect(changed).toHaveBeenCalledWith('H');
  });

  it('DictLabel shows the label in a tag coloured by its tag type', async () => {
    render(
      <>
        <DictLabel code="gender" value={2} />
        <DictLabel code="gender" value="1" size="small" />
        <DictLabel code="notice_level" value="M" />
        <DictLabel code="gender" value="7" />
        <DictLabel code="gender" value={null} />
      </>,
    );
    const female = await screen.findByText('Female');
    expect(female.closest('.ant-tag')).toHaveClass('ant-tag-error');
    expect(screen.getByText('Male').closest('.ant-tag')).toHaveClass('ant-tag-processing');
    expect(screen.getByText('Medium').closest('.ant-tag')).toHaveClass('ant-tag-warning');
    expect(screen.getByText('7').closest('.ant-tag')).toBeNull();
  });

  it('follows the cache: another language, then nothing after sign-out', async () => {
    render(<DictLabel code="gender" value="1" />);
    expect(await screen.findByText('Male')).toBeInTheDocument();
    dictCache.setAll(SPANISH);
    expect(await screen.findByText('Masculino')).toBeInTheDocument();
    useSession.getState().clearTokens();
    await waitFor(() => expect(screen.queryByText('Masculino')).not.toBeInTheDocument());
    expect(screen.getByText('1')).toBeInTheDocument();
    expect(useDictStore.getState().dicts).toEqual({});
  });
});
