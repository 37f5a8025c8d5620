import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DemoFrame } from '../demo-frame';
import { INTERNAL_DOC } from './internal-doc';

/** An internal document page: a help text rendered from a structured document, in the operator's language. */
export default function InternalDocPage() {
  const { t } = useTranslation('demos');
  return (
    <DemoFrame title={t('internalDoc.title')} intro={t('internalDoc.intro')}>
      <Card size="small">
        <article>
          {INTERNAL_DOC.map((section) => (
            <section key={section.id} aria-labelledby={`internal-doc-${section.id}`}>
              <Typography.Title level={2} id={`internal-doc-${section.id}`} style={{ fontSize: 17 }}>
                {t(`internalDoc.${section.id}.title`)}
              </Typography.Title>
              {section.paragraphs.map((paragraph) => (
                <Typography.Paragraph key={paragraph}>
                  {t(`internalDoc.${section.id}.${paragraph}`)}
                </Typography.Paragraph>
              ))}
            </section>
          ))}
        </article>
      </Card>
    </DemoFrame>
  );
}
