import {
  DEFAULT_LANGUAGE,
  INFO_PAGE_KEYS,
  LANGUAGES,
  infoPagesRoutes,
  isEmptyDoc,
  type TInfoPageForm,
  type TInfoPageKey,
  type TLanguage,
  type TRichDoc,
} from '@linkstore/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Flex, Form, Select, Skeleton, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { routeQueryOptions } from '../../shared/http/call-route';
import { useCanCall } from '../../shared/permission/access';
import { RichTextField } from '../../shared/rich-text/rich-text-field';
import { RichTextView } from '../../shared/rich-text/rich-text-view';
import { useSaveInfoPage } from './api';

/**
 * The platform's information pages (shipping, returns, contact, terms, privacy) that every
 * storefront links: pick a page and a language, edit its text, save. Operators without the edit
 * permission read the text instead.
 */
export default function InfoPagesPage() {
  const { t } = useTranslation('system');
  const headingId = useId();
  const [page, setPage] = useState<TInfoPageKey>(INFO_PAGE_KEYS[0]);
  const [lang, setLang] = useState<TLanguage>(DEFAULT_LANGUAGE);
  const form = useQuery(routeQueryOptions(infoPagesRoutes.form, { params: { page, lang } }));

  return (
    <Flex vertical gap={16} component="section" aria-labelledby={headingId}>
      <Typography.Title level={1} id={headingId} style={{ fontSize: 20, margin: 0 }}>
        {t('infoPages.title')}
      </Typography.Title>
      <Typography.Paragraph style={{ margin: 0 }}>{t('infoPages.intro')}</Typography.Paragraph>
      <Card size="small">
        <Form layout="vertical" component="div">
          <Flex gap={16} wrap>
            <Form.Item label={t('infoPages.field.page')} htmlFor="info-pages-page" style={{ minWidth: 200 }}>
              <Select
                id="info-pages-page"
                value={page}
                onChange={setPage}
                options={INFO_PAGE_KEYS.map((key) => ({ value: key, label: t(`infoPages.page.${key}`) }))}
              />
            </Form.Item>
            <Form.Item
              label={t('infoPages.field.language')}
              htmlFor="info-pages-language"
              style={{ minWidth: 200 }}
            >
              <Select
                id="info-pages-language"
                value={lang}
                onChange={setLang}
                options={LANGUAGES.map((code) => ({ value: code, label: t(`infoPages.language.${code}`) }))}
              />
            </Form.Item>
          </Flex>
        </Form>
        {form.data ? (
          // A new editor per page, language and saved version: it starts from what is stored.
          <InfoPageEditor key={`${page}/${lang}/${form.dataUpdatedAt}`} form={form.data} />
        ) : (
          <Skeleton active />
        )}
      </Card>
    </Flex>
  );
}

function InfoPageEditor({ form }: { form: TInfoPageForm }) {
  const { t } = useTranslation('system');
  const { message } = App.useApp();
  const canCall = useCanCall();
  const save = useSaveInfoPage();
  const [doc, setDoc] = useState<TRichDoc>(form.doc);
  const [problem, setProblem] = useState<string | null>(null);
  const label = t('infoPages.field.text', {
    page: t(`infoPages.page.${form.page}`),
    language: t(`infoPages.language.${form.lang}`),
  });

  const submit = () => {
    if (form.lang === DEFAULT_LANGUAGE && isEmptyDoc(doc)) {
      setProblem(t('infoPages.englishRequired'));
      return;
    }
    setProblem(null);
    save.mutate(
      { page: form.page, lang: form.lang, doc },
      { onSuccess: () => void message.success(t('infoPages.saved')) },
    );
  };

  const status =
    form.updateTime === null ? (
      <Typography.Text strong>{t('infoPages.notWritten')}</Typography.Text>
    ) : (
      <Typography.Text type="secondary">{t('infoPages.savedAt', { time: form.updateTime })}</Typography.Text>
    );

  if (!canCall(infoPagesRoutes.update)) {
    return (
      <Flex vertical gap={12}>
        {status}
        <Typography.Text type="secondary">{t('infoPages.readOnly')}</Typography.Text>
        <RichTextView doc={form.doc} />
      </Flex>
    );
  }
  return (
    <Flex vertical gap={12}>
      {status}
      <RichTextField label={label} value={doc} onChange={setDoc} />
      {problem && (
        <Typography.Text type="danger" role="alert">
          {problem}
        </Typography.Text>
      )}
      <Flex>
        <Button type="primary" loading={save.isPending} onClick={submit}>
          {t('infoPages.save')}
        </Button>
      </Flex>
    </Flex>
  );
}
