import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IMAGE_MAX_BYTES } from '@linkstore/contract';
import { Form, type FormInstance } from 'antd';
import { useEffect } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app-providers';
import { createQueryClient } from '../http/query-client';
import { createFakeApi, ok } from '../test/fake-api';
import { initI18n } from '../i18n/i18n';
import { useAppPreferences } from '../preferences/app-preferences-store';
import { useSession } from '../session/session-store';
import { ImageUpload } from './image-upload';
import { checkImageFile } from './upload-api';
import { FakeXhr } from '../test/fake-xhr';

const ID = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const STORED_URL = `/files/product/2026/01/${ID}.png`;

const png = (name = 'photo.png', size = 2048, type = 'image/png') =>
  new File([new Uint8Array(size)], name, { type });

let form: FormInstance<{ image?: string | null }>;

function Harness({ initial }: { initial: string | undefined }) {
  const [instance] = Form.useForm<{ image?: string | null }>();
  useEffect(() => {
    form = instance;
  }, [instance]);
  return (
    <Form form={instance} initialValues={{ image: initial }}>
      <Form.Item name="image" label="Image">
        <ImageUpload purpose="product" />
      </Form.Item>
    </Form>
  );
}

async function renderField(initial?: string) {
  useAppPreferences.getState().setLanguage('en');
  await initI18n('en');
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <Harness initial={initial} />
    </AppProviders>,
  );
}

const fileInput = () => {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
};

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

describe('ImageUpload', () => {
  it('uploads the chosen image with the session, shows progress, then holds its URL', async () => {
    await renderField();
    expect(fileInput()).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,image/gif');
    await userEvent.upload(fileInput(), png('cat.png'));

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const xhr = FakeXhr.sent[0] as FakeXhr;
    expect(xhr.method).toBe('POST');
    expect(new URL(xhr.url).pathname + new URL(xhr.url).search).toBe('/api/v1/files?purpose=product');
    expect(xhr.headers.authorization).toBe('Bearer token-1');
    expect(xhr.headers.lang).toBe('en');
    expect((xhr.body as FormData).get('file')).toBeInstanceOf(Blob);

    act(() => xhr.progress(40, 100));
    expect(await screen.findByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    expect(form.getFieldValue('image')).toBeUndefined();

    act(() => xhr.answer({ code: 1, msg: 'Success', data: { id: ID, name: `${ID}.png`, url: STORED_URL } }));
    await waitFor(() => expect(form.getFieldValue('image')).toBe(STORED_URL));
    const thumbnail = await screen.findByRole('img', { name: `${ID}.png` });
    expect(thumbnail).toHaveAttribute('src', `${window.location.origin}${STORED_URL}`);
  });

  it('refuses an image over 2M before sending, with the size message', async () => {
    await renderField();
    await userEvent.upload(fileInput(), png('huge.png', IMAGE_MAX_BYTES + 1));
    expect(await screen.findByText('The size of the uploaded image cannot exceed 2M')).toBeInTheDocument();
    expect(FakeXhr.sent).toHaveLength(0);
    expect(form.getFieldValue('image')).toBeUndefined();
  });

  it('refuses a file that is not a JPEG, PNG, WebP or GIF before sending', async () => {
    await renderField();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(fileInput(), png('drawing.svg', 100, 'image/svg+xml'));
    expect(
      await screen.findByText('Only JPEG, PNG, WebP or GIF images can be uploaded.'),
    ).toBeInTheDocument();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('keeps the field unchanged when the server refuses, and shows the failure', async () => {
    await renderField();
    await userEvent.upload(fileInput(), png('fake.png'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() =>
      (FakeXhr.sent[0] as FakeXhr).answer(
        { code: 'A0415', msg: 'Only JPEG, PNG, WebP or GIF images can be uploaded.', data: null },
        415,
      ),
    );
    await waitFor(() => expect(document.querySelector('.ant-upload-list-item-error')).not.toBeNull());
    expect(form.getFieldValue('image')).toBeUndefined();
    // The failed card can be removed, and a new image chosen.
    await userEvent.click(screen.getByRole('button', { name: /remove/i }));
    expect(await screen.findByText('Upload')).toBeInTheDocument();
  });

  it('shows the current image, previews it, and removing it empties the field', async () => {
    await renderField(STORED_URL);
    await userEvent.click(screen.getByRole('link', { name: 'Preview' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('img', { name: 'Preview' })).toHaveAttribute(
      'src',
      `${window.location.origin}${STORED_URL}`,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: /close/i }));

    await userEvent.click(screen.getByRole('button', { name: /remove/i }));
    expect(form.getFieldValue('image')).toBeNull();
    expect(await screen.findByText('Upload')).toBeInTheDocument();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('renews an expired session like every other call, and sends the upload again', async () => {
    const api = createFakeApi({
      'POST /api/v1/auth/refresh-token': () =>
        ok({ tokenType: 'Bearer', accessToken: 'token-2', refreshToken: 'refresh-2', expiresIn: 900 }),
    });
    vi.stubGlobal('fetch', api.fetch);
    await renderField();
    await userEvent.upload(fileInput(), png());
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() => (FakeXhr.sent[0] as FakeXhr).answer({ code: '1002', msg: 'expired', data: null }, 401));

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    expect(api.callsTo('POST /api/v1/auth/refresh-token')).toHaveLength(1);
    const replay = FakeXhr.sent[1] as FakeXhr;
    expect(replay.headers.authorization).toBe('Bearer token-2');
    act(() =>
      replay.answer({ code: 1, msg: 'Success', data: { id: ID, name: `${ID}.png`, url: STORED_URL } }),
    );
    await waitFor(() => expect(form.getFieldValue('image')).toBe(STORED_URL));
  });

  it('stops sending when the form goes away mid-upload', async () => {
    const { unmount } = await renderField();
    await userEvent.upload(fileInput(), png());
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    unmount();
    expect((FakeXhr.sent[0] as FakeXhr).isAborted).toBe(true);
  });
});

describe('checkImageFile', () => {
  it('goes by the declared type and the size', () => {
    expect(checkImageFile({ type: 'image/webp', size: IMAGE_MAX_BYTES })).toBeNull();
    expect(checkImageFile({ type: 'image/png', size: IMAGE_MAX_BYTES + 1 })).toBe('tooLarge');
    expect(checkImageFile({ type: 'text/html', size: 10 })).toBe('notAnImage');
    expect(checkImageFile({ type: '', size: 10 })).toBe('notAnImage');
  });
});
