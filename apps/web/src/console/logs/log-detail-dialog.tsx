import type { TLogItem } from '@linkstore/contract';
import { Descriptions, Modal, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LazyCodeEditor } from '../../shared/code-editor/lazy-code-editor';

/**
 * One operation log in full: who, when, the request and its result, and the log's text in the
 * code editor's log mode (download markers as links, levelled blocks), read-only.
 */
export function LogDetailDialog({ log, onClose }: { log: TLogItem | undefined; onClose: () => void }) {
  const { t } = useTranslation('system');
  return (
    <Modal
      open={log !== undefined}
      title={t('logs.detail.title')}
      onCancel={onClose}
      footer={null}
      width={720}
      destroyOnHidden
    >
      {log && (
        <>
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'time', label: t('logs.field.createTime'), children: log.createTime },
              { key: 'operator', label: t('logs.field.operator'), children: log.operator || '—' },
              { key: 'module', label: t('logs.field.module'), children: log.module },
              {
                key: 'request',
                label: t('logs.field.request'),
                children: (
                  <Typography.Text code style={{ overflowWrap: 'anywhere' }}>
                    {log.method} {log.requestUri}
                  </Typography.Text>
                ),
              },
              {
                key: 'result',
                label: t('logs.field.result'),
                children: (
                  <Tag color={log.success ? 'success' : 'error'}>
                    {log.success ? t('logs.status.success') : t('logs.status.failure')}{' '}
                    {log.resultCode || log.status}
                  </Tag>
                ),
              },
            ]}
          />
          <Typography.Title level={2} style={{ fontSize: 14, marginTop: 16 }}>
            {t('logs.field.content')}
          </Typography.Title>
          <LazyCodeEditor
            mode="log"
            readOnly
            value={log.content}
            height="240px"
            aria-label={t('logs.detail.text')}
          />
        </>
      )}
    </Modal>
  );
}
