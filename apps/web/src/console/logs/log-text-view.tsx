import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { parseLogText, type TLogLevel } from '../../shared/log-text/log-text';

const TAG_COLOR: Record<TLogLevel, string> = {
  error: 'error',
  info: 'processing',
  warning: 'warning',
  success: 'success',
};

/** Log text with its markers rendered: download links and levelled blocks, all as text. */
export function LogTextView({ text }: { text: string }) {
  const { t } = useTranslation('system');
  return (
    <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxWidth: 420 }}>
      {parseLogText(text).map((segment, i) => {
        if (segment.kind === 'text') return <span key={i}>{segment.text.replace(/\n+$/, '')}</span>;
        if (segment.kind === 'download') {
          return (
            <Typography.Link
              key={i}
              href={segment.href}
              {...(segment.download === undefined ? {} : { download: segment.download })}
              rel="noopener noreferrer"
            >
              {t('logs.logDownload')}
            </Typography.Link>
          );
        }
        return (
          <div key={i} className={`log-block log-block-${segment.level}`} style={{ marginTop: 4 }}>
            <Tag color={TAG_COLOR[segment.level]}>{t(`logs.level.${segment.level}`)}</Tag>
            <span>{segment.text}</span>
          </div>
        );
      })}
    </div>
  );
}
