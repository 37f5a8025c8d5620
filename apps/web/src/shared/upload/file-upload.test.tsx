import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IMAGE_MAX_BYTES } from '@linkstore/contract';
import { Form, type FormInstance } from 'antd';
import { useEffect } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app-providers';
import { createQueryClient } from '../http/query-client';
import { initI18n } from '../i18n/i18n';
import { useAppPreferences } from '../preferences/app-preferences-store';
import { useSession } from '../session/session-store';
import { FileUpload, type TStoredFile } from './file-upload';
import { FakeXhr } from '../test/fake-xhr';

const ID = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const stored = (n: number) => `/files/shop/2026/01/${ID.slice(0, -1)}${n}.png`;

const png = (name = 'photo.png', size = 2048, type = 'image/png') =>
  new File([new Uint8Array(size)], name, { type });

let form: FormInstance<{ files?: TStoredFile[] }>;

function Harness() {
  const [instance] = Form.useForm<{ files?: TStoredFile[] }>();
  useEffect(() => {
    form = instance;
  }, [instance]);
  return (
    <Form form={instance} initialValues={{ files: [] }}>
      <Form.Item name="files" label="Files">
        <FileUpload purpose="shop" maxCount={2} tooManyText="At most 2 files" />
      </Form.Item>
    </Form>
  );
}

async function renderField() {
  useAppPreferences.getState().setLanguage('en');
  await initI18n('en');
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <Harness />
    </AppProviders>,
  );
}

const fileInput = () => {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
};

const answer = (xhr: FakeXhr, n: number) =>
  act(() => xhr.answer({ code: 1, msg: 'Success', data: { id: ID, name: `${n}.png`, url: stored(n) } }));

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  useSession.getState().setTokens({
    tokenType: 'Bearer',
    accessToken: 'token-1',
    refreshToken: 'refresh-1',
    expiresIn: 900,
  });
});

describe('FileUpload', () => {
  it('sends several files at once, each with its own progress, and holds them in order', async () => {
    await renderField();
    await userEvent.upload(fileInput(), [png('a.png'), png('b.png')]);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    const [first, second] = FakeXhr.sent as [FakeXhr, FakeXhr];
    expect(new URL(first.url).search).toBe('?purpose=shop');
    act(() => first.progress(30, 100));
    act(() => second.progress(70, 100));
    await waitFor(() =>
      expect(screen.getAllByRole('progressbar').map((bar) => bar.getAttribute('aria-valuenow'))).toEqual([
        '30',
        '70',
      ]),
    );
    answer(second, 2);
    answer(first, 1);
    await waitFor(() =>
      expect(form.getFieldValue('files')).toEqual([
        { url: stored(2), name: 'b.png' },
        { url: stored(1), name: 'a.png' },
      ]),
    );
    // Full: the picker is gone.
    expect(screen.queryByRole('button', { name: 'Upload' })).not.toBeInTheDocument();
  });

  it('refuses a file that is not an image or too large before sending, and more than fit', async () => {
    await renderField();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(fileInput(), png('notes.txt', 10, 'text/plain'));
    expect(
      await screen.findByText('notes.txt: Only JPEG, PNG, WebP or GIF images can be uploaded.'),
    ).toBeInTheDocument();
    await user.upload(fileInput(), png('huge.png', IMAGE_MAX_BYTES + 1));
    expect(
      await screen.findByText('huge.png: The size of the uploaded image cannot exceed 2M'),
    ).toBeInTheDocument();
    expect(FakeXhr.sent).toHaveLength(0);
    await user.upload(fileInput(), [png('1.png'), png('2.png'), png('3.png')]);
    expect(await screen.findByText('At most 2 files')).toBeInTheDocument();
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
  });

  it('keeps a refused upload in the list with its reason, and removing it leaves the value alone', async () => {
    await renderField();
    await userEvent.upload(fileInput(), png('a.png'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() => (FakeXhr.sent[0] as FakeXhr).answer({ code: 'A0400', msg: 'Not an image', data: null }, 400));
    const errorItem = () => screen.getByText('a.png').closest('.ant-upload-list-item') as HTMLElement;
    await waitFor(() => expect(errorItem()).toHaveClass('ant-upload-list-item-error'));
    const item = errorItem();
    await userEvent.click(within(item).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('a.png')).not.toBeInTheDocument());
    expect(form.getFieldValue('files')).toEqual([]);
  });
});
