import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { IMAGE_ACCEPT, type TFilePurpose } from '@linkstore/contract';
import { App, Button, Upload, type UploadFile, type UploadProps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../http/http-error';
import { checkImageFile, fileUrl, uploadImage } from './upload-api';

/** A stored upload as a list field keeps it: its address and the name shown. */
export interface TStoredFile {
  url: string;
  name: string;
}

export interface FileUploadProps {
  /** What the files are for (their folder and largest edge on the server). */
  purpose: TFilePurpose;
  /** `text`: a list of names with progress bars; `picture-card`: thumbnails (several images). */
  listType?: 'text' | 'picture-card';
  /** Most files the field holds; the picker hides once reached. */
  maxCount?: number;
  /** The stored files, in order. Form.Item passes it. */
  value?: TStoredFile[];
  onChange?: (files: TStoredFile[]) => void;
  disabled?: boolean;
  /** Form.Item's id, so its label points here. */
  id?: string;
  /** The button's text in `text` lists (default: the common "Upload"). */
  buttonText?: string;
  /** Said when more files are chosen than the field has room for (they are left out). */
  tooManyText?: string;
}

/**
 * Several files for one field (issue 20: multiple images, file upload): each checked for type and
 * size before sending (translated refusals; the server checks again by content), sent with its
 * own progress bar, kept in the list when it fails (with why) until removed. The files API stores
 * images only (JPEG, PNG, WebP, GIF up to 2 MiB): the list accepts what it stores.
 */
export function FileUpload({
  purpose,
  listType = 'text',
  maxCount = 5,
  value = [],
  onChange,
  disabled = false,
  id,
  buttonText,
  tooManyText,
}: FileUploadProps) {
  const { t } = useTranslation('common');
  const { message } = App.useApp();
  const [pending, setPending] = useState<UploadFile[]>([]);
  const inFlight = useRef(new Map<string, AbortController>());
  // The latest value, for uploads finishing after other changes.
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);

  // A form closed mid-upload stops sending.
  useEffect(() => {
    const controllers = inFlight.current;
    return () => controllers.forEach((controller) => controller.abort());
  }, []);

  const stored: UploadFile[] = value.map((file) => ({
    uid: `stored:${file.url}`,
    name: file.name,
    status: 'done',
    url: fileUrl(file.url),
    thumbUrl: fileUrl(file.url),
  }));
  const fileList = [...stored, ...pending];
  const isFull = fileList.length >= maxCount;

  const beforeUpload: UploadProps['beforeUpload'] = (file, batch) => {
    // Several chosen at once: those past the room left are left out (said once).
    const index = batch.indexOf(file);
    if (fileList.length + index >= maxCount) {
      if (fileList.length + index === maxCount && tooManyText) void message.warning(tooManyText);
      return Upload.LIST_IGNORE;
    }
    const problem = checkImageFile(file);
    if (!problem) return true;
    void message.error(`${file.name}: ${t(`upload.${problem}`)}`);
    return Upload.LIST_IGNORE;
  };

  const customRequest: UploadProps['customRequest'] = ({ file }) => {
    const raw = file as File & { uid: string };
    const controller = new AbortController();
    inFlight.current.set(raw.uid, controller);
    const update = (patch: Partial<UploadFile>) =>
      setPending((items) => items.map((item) => (item.uid === raw.uid ? { ...item, ...patch } : item)));
    setPending((items) => [...items, { uid: raw.uid, name: raw.name, status: 'uploading', percent: 0 }]);
    uploadImage(raw, purpose, {
      signal: controller.signal,
      onProgress: (percent) => update({ percent }),
    }).then(
      (uploaded) => {
        if (controller.signal.aborted) return;
        inFlight.current.delete(raw.uid);
        setPending((items) => items.filter((item) => item.uid !== raw.uid));
        const next = [...latest.current, { url: uploaded.url, name: raw.name }];
        latest.current = next;
        onChange?.(next);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        inFlight.current.delete(raw.uid);
        const reason = error instanceof HttpError && error.message ? error.message : t('upload.failed');
        update({ status: 'error', percent: undefined, response: reason });
      },
    );
  };

  const onRemove = (file: UploadFile) => {
    if (file.uid.startsWith('stored:')) {
      const next = latest.current.filter((item) => `stored:${item.url}` !== file.uid);
      latest.current = next;
      onChange?.(next);
    } else {
      inFlight.current.get(file.uid)?.abort();
      inFlight.current.delete(file.uid);
      setPending((items) => items.filter((item) => item.uid !== file.uid));
    }
    return false;
  };

  return (
    <Upload
      id={id}
      accept={IMAGE_ACCEPT}
      multiple
      listType={listType}
      fileList={fileList}
      disabled={disabled}
      beforeUpload={beforeUpload}
      customRequest={customRequest}
      onRemove={onRemove}
      showUploadList={{ showPreviewIcon: false, showRemoveIcon: !disabled }}
      locale={{
        uploading: t('upload.uploading'),
        previewFile: t('upload.preview'),
        removeFile: t('upload.remove'),
        uploadError: t('upload.failed'),
      }}
    >
      {isFull ? null : listType === 'picture-card' ? (
        <button
          type="button"
          disabled={disabled}
          style={{ border: 0, background: 'none', cursor: 'inherit' }}
        >
          <PlusOutlined aria-hidden />
          <div style={{ marginTop: 8 }}>{buttonText ?? t('upload.choose')}</div>
        </button>
      ) : (
        <Button icon={<UploadOutlined aria-hidden />} disabled={disabled}>
          {buttonText ?? t('upload.choose')}
        </Button>
      )}
    </Upload>
  );
}
