import { PlusOutlined } from '@ant-design/icons';
import { IMAGE_ACCEPT, type TFilePurpose } from '@linkstore/contract';
import { App, Modal, Upload, type UploadFile, type UploadProps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../http/http-error';
import { checkImageFile, fileUrl, uploadImage } from './upload-api';

export interface ImageUploadProps {
  /** What the image is for (its folder and largest edge on the server). */
  purpose: TFilePurpose;
  /** The image's address, as the upload answered it; empty: none yet. Form.Item passes it. */
  value?: string | null;
  onChange?: (url: string | null) => void;
  disabled?: boolean;
  /** Form.Item's id, so its label points here. */
  id?: string;
}

const CURRENT_UID = 'current';

/**
 * One image for a form field: checks size and type before sending (the server checks again,
 * by content), shows the progress, a preview and a remove button. The field's value is the
 * stored image's URL. Removing clears the field only; the stored file may still be in use by
 * what was saved before.
 */
export function ImageUpload({ purpose, value, onChange, disabled = false, id }: ImageUploadProps) {
  const { t } = useTranslation('common');
  const { message } = App.useApp();
  const [pending, setPending] = useState<UploadFile | null>(null);
  const [isPreviewOpen, setPreviewOpen] = useState(false);
  const inFlight = useRef<AbortController | null>(null);

  // A form closed mid-upload stops sending.
  useEffect(() => () => inFlight.current?.abort(), []);

  const current: UploadFile | null = value
    ? { uid: CURRENT_UID, name: value.slice(value.lastIndexOf('/') + 1), status: 'done', url: fileUrl(value) }
    : null;
  const fileList = pending ? [pending] : current ? [current] : [];

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const problem = checkImageFile(file);
    if (!problem) return true;
    void message.error(t(`upload.${problem}`));
    return Upload.LIST_IGNORE;
  };

  const customRequest: UploadProps['customRequest'] = ({ file }) => {
    const raw = file as File & { uid: string };
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    const update = (patch: Partial<UploadFile>) =>
      setPending((item) => (item && item.uid === raw.uid ? { ...item, ...patch } : item));
    setPending({ uid: raw.uid, name: raw.name, status: 'uploading', percent: 0 });
    uploadImage(raw, purpose, {
      signal: controller.signal,
      onProgress: (percent) => update({ percent }),
    }).then(
      (uploaded) => {
        if (controller.signal.aborted) return;
        inFlight.current = null;
        setPending(null);
        onChange?.(uploaded.url);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        inFlight.current = null;
        // The http client has told the user why; the card keeps the failure until removed.
        const reason = error instanceof HttpError && error.message ? error.message : t('upload.failed');
        update({ status: 'error', percent: undefined, response: reason });
      },
    );
  };

  const onRemove = (file: UploadFile) => {
    if (file.uid === CURRENT_UID) {
      onChange?.(null);
    } else {
      inFlight.current?.abort();
      inFlight.current = null;
      setPending(null);
    }
    return false;
  };

  return (
    <>
      <Upload
        id={id}
        accept={IMAGE_ACCEPT}
        listType="picture-card"
        maxCount={1}
        fileList={fileList}
        disabled={disabled}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        onRemove={onRemove}
        onPreview={() => setPreviewOpen(true)}
        showUploadList={{ showPreviewIcon: true, showRemoveIcon: !disabled }}
        locale={{
          uploading: t('upload.uploading'),
          previewFile: t('upload.preview'),
          removeFile: t('upload.remove'),
          uploadError: t('upload.failed'),
        }}
      >
        {fileList.length === 0 && (
          <button
            type="button"
            disabled={disabled}
            // The whole card is the tap target (a phone needs 44 px; the label alone is 54 × 40).
            style={{ border: 0, background: 'none', cursor: 'inherit', width: '100%', height: '100%' }}
          >
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>{t('upload.choose')}</div>
          </button>
        )}
      </Upload>
      <Modal
        open={isPreviewOpen && current !== null}
        title={t('upload.preview')}
        footer={null}
        onCancel={() => setPreviewOpen(false)}
      >
        {current?.url && <img alt={t('upload.preview')} src={current.url} style={{ width: '100%' }} />}
      </Modal>
    </>
  );
}
