import { useTranslation } from 'react-i18next';
import { ClearOutlined, CloudUploadOutlined } from '@ant-design/icons';
import { Button, Flex, Image, Typography } from 'antd';
import { useRef, useState } from 'react';
import { fileUrl, uploadImage } from '../../../shared/upload/upload-api';
import { DemoCard, DemoFrame } from '../demo-frame';
import { SignaturePad, type TSignatureCanvas } from './signature-pad';

/** The canvas as a PNG file. */
function canvasToPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('empty canvas'))), 'image/png'),
  );
}

/**
 * The signature demo: draw with a mouse, pen or finger, clear, and save: the drawing (trimmed to
 * its strokes) goes to the files API as a PNG and the stored image is shown.
 */
export default function SignaturePage() {
  const { t } = useTranslation('demo-pages');
  const pad = useRef<TSignatureCanvas>(null);
  const [isDrawn, setDrawn] = useState(false);
  const [isSaving, setSaving] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);

  const clear = () => {
    pad.current?.clear();
    setDrawn(false);
  };

  const save = () => {
    const current = pad.current;
    if (!current || current.isEmpty()) return;
    setSaving(true);
    setProgress(0);
    canvasToPng(current.getTrimmedCanvas())
      .then((png) => uploadImage(png, 'shop', { onProgress: setProgress }))
      .then(
        (uploaded) => {
          setSaving(false);
          setSaved(uploaded.url);
        },
        // The http client has told the user why.
        () => setSaving(false),
      );
  };

  return (
    <DemoFrame title={t('signature.title')} intro={t('signature.intro')}>
      <DemoCard title={t('signature.pad')}>
        <Flex vertical gap={12}>
          <SignaturePad
            ref={pad}
            label={t('signature.canvas')}
            onEnd={() => setDrawn(true)}
            onCleared={() => setDrawn(false)}
          />
          <Typography.Text type="secondary" aria-live="polite">
            {isSaving
              ? t('signature.saving', { percent: progress })
              : isDrawn
                ? t('signature.drawn')
                : t('signature.empty')}
          </Typography.Text>
          <Flex gap={8} wrap>
            <Button icon={<ClearOutlined aria-hidden />} onClick={clear} disabled={!isDrawn || isSaving}>
              {t('signature.clear')}
            </Button>
            <Button
              type="primary"
              icon={<CloudUploadOutlined aria-hidden />}
              onClick={save}
              disabled={!isDrawn}
              loading={isSaving}
            >
              {t('signature.save')}
            </Button>
          </Flex>
        </Flex>
      </DemoCard>
      <DemoCard title={t('signature.saved')}>
        {saved === null ? (
          <Typography.Text type="secondary">{t('signature.nothingSaved')}</Typography.Text>
        ) : (
          <Flex vertical gap={8}>
            <Image
              src={fileUrl(saved)}
              alt={t('signature.savedImage')}
              preview={false}
              style={{
                maxWidth: '100%',
                background: '#fff',
                border: '1px solid var(--ant-color-border, #d9d9d9)',
              }}
            />
            <Typography.Text code style={{ overflowWrap: 'anywhere' }} data-testid="signature-url">
              {saved}
            </Typography.Text>
          </Flex>
        )}
      </DemoCard>
    </DemoFrame>
  );
}
