import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TopBar } from '../layout/top-bar';

/** The hidden 401 and 404 screens: a translated explanation and a way back home. */
function StatusPage({ status, section }: { status: '401' | '404'; section: 'unauthorized' | 'notFound' }) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  // antd's Result has no 401 artwork; 403 is the closest.
  return (
    <>
      <TopBar />
      <main>
        <Result
          status={status === '401' ? '403' : '404'}
          title={<h1>{t(`error.${section}.heading`)}</h1>}
          subTitle={t(`error.${section}.text`)}
          extra={
            <Button type="primary" onClick={() => void navigate('/')}>
              {t('error.page.backHome')}
            </Button>
          }
        />
      </main>
    </>
  );
}

export function NotFoundPage() {
  return <StatusPage status="404" section="notFound" />;
}

export function UnauthorizedPage() {
  return <StatusPage status="401" section="unauthorized" />;
}
