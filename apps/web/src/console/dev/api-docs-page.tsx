import {
  API_DOCS_PATH,
  API_DOCS_PERMISSION,
  API_DOCS_TOKEN_ANSWER,
  API_DOCS_TOKEN_REQUEST,
} from '@linkstore/contract';
import { Alert, Flex, Typography } from 'antd';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { renewSession } from '../../shared/http/api-client';
import { hasPerm } from '../../shared/permission/access';
import { useSession } from '../../shared/session/session-store';
import { useUser } from '../../shared/session/user-store';

/** Renew first when the access token has less than this left (when its expiry is known). */
const RENEW_BELOW_MS = 15_000;

/** The Authorization value to lend the docs right now: renewed first if about to expire. */
export async function currentAuthorization(now = Date.now()): Promise<string> {
  const { authorization, expiresAt } = useSession.getState();
  if (authorization && expiresAt !== undefined && expiresAt - now < RENEW_BELOW_MS) {
    await renewSession(authorization);
  }
  return useSession.getState().authorization;
}

interface TTokenRequest {
  type: typeof API_DOCS_TOKEN_REQUEST;
  id: string;
}

function isTokenRequest(data: unknown): data is TTokenRequest {
  if (typeof data !== 'object' || data === null) return false;
  const { type, id } = data as Partial<TTokenRequest>;
  return type === API_DOCS_TOKEN_REQUEST && typeof id === 'string' && id.length <= 100;
}

/**
 * API documentation (issue 20): the server's Swagger UI (`/api/docs`, its assets served locally),
 * framed full width. Try it out runs as the operator: the framed page asks this one for the
 * current Authorization at each request (`postMessage`, answered only to that frame, same
 * origin), so the console's renewed token is used and the token never appears in an address.
 */
export default function ApiDocsPage() {
  const { t } = useTranslation('system');
  const headingId = useId();
  const user = useUser((state) => state.info?.user ?? null);
  const isAllowed = hasPerm(user, API_DOCS_PERMISSION);
  const frame = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    if (!isAllowed) return undefined;
    const origin = window.location.origin;
    const onMessage = (event: MessageEvent) => {
      const docs = frame.current?.contentWindow;
      if (!docs || event.source !== docs || event.origin !== origin || !isTokenRequest(event.data)) return;
      const { id } = event.data;
      void currentAuthorization().then(
        (authorization) => docs.postMessage({ type: API_DOCS_TOKEN_ANSWER, id, authorization }, origin),
        () => docs.postMessage({ type: API_DOCS_TOKEN_ANSWER, id, authorization: '' }, origin),
      );
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [isAllowed]);

  return (
    <Flex vertical gap={12} component="section" aria-labelledby={headingId}>
      <Typography.Title level={1} id={headingId} style={{ fontSize: 20, margin: 0 }}>
        {t('apiDocs.title')}
      </Typography.Title>
      {isAllowed ? (
        <>
          <Typography.Paragraph style={{ margin: 0 }}>{t('apiDocs.intro')}</Typography.Paragraph>
          <iframe
            ref={frame}
            src={`${API_DOCS_PATH}/`}
            title={t('apiDocs.frameTitle')}
            style={{
              display: 'block',
              width: '100%',
              height: 'max(480px, calc(100vh - 220px))',
              border: 0,
              borderRadius: 8,
              background: '#ffffff',
            }}
          />
        </>
      ) : (
        <Alert type="warning" showIcon title={t('apiDocs.noPermission')} />
      )}
    </Flex>
  );
}
