import { useTranslation } from 'react-i18next';
import { SaveOutlined } from '@ant-design/icons';
import { EMPTY_DOC, IMAGE_ACCEPT, ZRichDoc, type TRichDoc } from '@linkstore/contract';
import { Alert, Button, Flex, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { RichTextField } from '../../../shared/rich-text/rich-text-field';
import { RichTextView } from '../../../shared/rich-text/rich-text-view';
import type { TRichImageUpload } from '../../../shared/rich-text/rich-text-editor';
import { checkImageFile, fileUrl, uploadImage } from '../../../shared/upload/upload-api';
import { DemoCard, DemoFrame } from '../demo-frame';

/** Where the demo keeps its document (this browser only): what a form would store, as JSON. */
export const RICH_TEXT_DEMO_KEY = 'linkstore.demo.richText';

function readStored(): TRichDoc | null {
  try {
    const parsed = ZRichDoc.safeParse(JSON.parse(localStorage.getItem(RICH_TEXT_DEMO_KEY) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The file's name without its extension: the image's first alternative text. */
const altOf = (name: string) => name.replace(/\.[^.]*$/, '').slice(0, 200);

/**
 * The rich text demo: the console's editor with image upload (the image goes to the files API
 * and its stored address into the document), then Save keeps the document — JSON checked by the
 * contract's schema, never HTML — and shows it and what it renders.
 */
export default function RichTextPage() {
  const { t } = useTranslation('demo-pages');
  const [doc, setDoc] = useState<TRichDoc>(() => readStored() ?? EMPTY_DOC);
  const [saved, setSaved] = useState<TRichDoc | null>(readStored);
  const [problem, setProblem] = useState<string | null>(null);

  const imageUpload = useMemo<TRichImageUpload>(
    () => ({
      label: t('richText.insertImage'),
      accept: IMAGE_ACCEPT,
      resolveSrc: fileUrl,
      upload: async (file) => {
        const refused = checkImageFile(file);
        if (refused) throw new Error(t(`common:upload.${refused}`));
        // The http client tells the user why a refused upload failed.
        const uploaded = await uploadImage(file, 'banner').catch(() => {
          throw new Error('');
        });
        return { src: uploaded.url, alt: altOf(file.name) };
      },
    }),
    [t],
  );

  const save = () => {
    const parsed = ZRichDoc.safeParse(doc);
    if (!parsed.success) {
      setProblem(t('richText.invalid'));
      return;
    }
    setProblem(null);
    localStorage.setItem(RICH_TEXT_DEMO_KEY, JSON.stringify(parsed.data));
    setSaved(parsed.data);
  };

  return (
    <DemoFrame title={t('richText.title')} intro={t('richText.intro')}>
      <DemoCard title={t('richText.editor')}>
        <Flex vertical gap={12}>
          <RichTextField
            label={t('richText.fieldLabel')}
            value={doc}
            onChange={setDoc}
            imageUpload={imageUpload}
          />
          {problem && <Alert type="error" showIcon title={problem} />}
          <div>
            <Button type="primary" icon={<SaveOutlined aria-hidden />} onClick={save}>
              {t('richText.save')}
            </Button>
          </div>
        </Flex>
      </DemoCard>
      <DemoCard title={t('richText.stored')}>
        {saved === null ? (
          <Typography.Text type="secondary">{t('richText.nothingSaved')}</Typography.Text>
        ) : (
          <Flex vertical gap={12}>
            <Typography.Title level={3} style={{ fontSize: 14, margin: 0 }}>
              {t('richText.rendered')}
            </Typography.Title>
            <RichTextView doc={saved} imageSrc={fileUrl} />
            <Typography.Title level={3} style={{ fontSize: 14, margin: 0 }}>
              {t('richText.json')}
            </Typography.Title>
            <pre
              tabIndex={0}
              aria-label={t('richText.json')}
              data-testid="stored-doc"
              style={{
                maxHeight: 240,
                overflow: 'auto',
                margin: 0,
                fontSize: 12,
                whiteSpace: 'pre-wrap',
                overflowWrap: 'anywhere',
              }}
            >
              {JSON.stringify(saved, null, 2)}
            </pre>
          </Flex>
        )}
      </DemoCard>
    </DemoFrame>
  );
}
