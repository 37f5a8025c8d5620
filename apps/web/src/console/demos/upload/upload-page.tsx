import { useTranslation } from 'react-i18next';
import { IMAGE_MAX_BYTES } from '@linkstore/contract';
import { Form, Typography } from 'antd';
import { useState } from 'react';
import { FileUpload, type TStoredFile } from '../../../shared/upload/file-upload';
import { ImageUpload } from '../../../shared/upload/image-upload';
import { DemoCard, DemoFrame } from '../demo-frame';

const MAX_IMAGES = 4;
const MAX_FILES = 3;

/**
 * The upload demo: one image, several images and a file list, each through the files API
 * (`POST /api/v1/files`, any signed-in user for these purposes). The API stores images only, so
 * the file list takes the same types; each shows what a form would send.
 */
export default function UploadPage() {
  const { t } = useTranslation('demo-pages');
  const [image, setImage] = useState<string | null>(null);
  const [images, setImages] = useState<TStoredFile[]>([]);
  const [files, setFiles] = useState<TStoredFile[]>([]);
  const limits = t('upload.limits', { size: IMAGE_MAX_BYTES / 1024 / 1024 });

  return (
    <DemoFrame title={t('upload.title')} intro={t('upload.intro')}>
      <DemoCard title={t('upload.single')}>
        <Form layout="vertical">
          <Form.Item label={t('upload.singleLabel')} htmlFor="demo-single-image" extra={limits}>
            <ImageUpload id="demo-single-image" purpose="avatar" value={image} onChange={setImage} />
          </Form.Item>
        </Form>
        <Value label={t('upload.value')} value={image ?? t('upload.none')} />
      </DemoCard>
      <DemoCard title={t('upload.multiple')}>
        <Form layout="vertical">
          <Form.Item
            label={t('upload.multipleLabel', { max: MAX_IMAGES })}
            htmlFor="demo-images"
            extra={limits}
          >
            <FileUpload
              id="demo-images"
              purpose="banner"
              listType="picture-card"
              maxCount={MAX_IMAGES}
              value={images}
              onChange={setImages}
              tooManyText={t('upload.tooMany', { max: MAX_IMAGES })}
            />
          </Form.Item>
        </Form>
        <Value
          label={t('upload.value')}
          value={images.length === 0 ? t('upload.none') : images.map((file) => file.url).join(', ')}
        />
      </DemoCard>
      <DemoCard title={t('upload.file')}>
        <Form layout="vertical">
          <Form.Item label={t('upload.fileLabel', { max: MAX_FILES })} htmlFor="demo-files" extra={limits}>
            <FileUpload
              id="demo-files"
              purpose="shop"
              maxCount={MAX_FILES}
              value={files}
              onChange={setFiles}
              buttonText={t('upload.chooseFiles')}
              tooManyText={t('upload.tooMany', { max: MAX_FILES })}
            />
          </Form.Item>
        </Form>
        <Value
          label={t('upload.value')}
          value={files.length === 0 ? t('upload.none') : files.map((file) => file.name).join(', ')}
        />
      </DemoCard>
    </DemoFrame>
  );
}

function Value({ label, value }: { label: string; value: string }) {
  return (
    <Typography.Paragraph style={{ margin: 0, overflowWrap: 'anywhere' }}>
      {label} <Typography.Text code>{value}</Typography.Text>
    </Typography.Paragraph>
  );
}
