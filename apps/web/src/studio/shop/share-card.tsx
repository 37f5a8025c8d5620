import { CopyOutlined, DownloadOutlined, ShareAltOutlined } from '@ant-design/icons';
import type { TShop } from '@linkstore/contract';
import { Button, Card, Flex, QRCode, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useShopLink } from './use-shop-link';

/** Saves the QR code's canvas as `<slug>-qr.png`. */
function downloadCanvas(canvas: HTMLCanvasElement, fileName: string): void {
  const anchor = document.createElement('a');
  anchor.href = canvas.toDataURL('image/png');
  anchor.download = fileName;
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
}

/** The public link with copy and share, and its QR code to print or post. */
export function ShareCard({ shop }: { shop: TShop }) {
  const { t } = useTranslation('studio');
  const { link, copy, share, noteShared } = useShopLink(shop);
  const qrBox = useRef<HTMLDivElement>(null);

  const downloadQr = () => {
    const canvas = qrBox.current?.querySelector('canvas');
    if (!canvas) return;
    downloadCanvas(canvas, `${shop.slug}-qr.png`);
    noteShared();
  };

  return (
    <Card id="shop-share" title={t('shop.link.heading')}>
      <Flex gap="large" wrap align="flex-start">
        <Flex vertical gap="middle" flex="1 1 280px">
          <Typography.Text type="secondary">{t('shop.link.text')}</Typography.Text>
          <Typography.Link href={link} target="_blank" rel="noopener noreferrer">
            {link}
          </Typography.Link>
          <Flex gap="small" wrap>
            <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copy()}>
              {t('shop.link.copy')}
            </Button>
            <Button type="primary" icon={<ShareAltOutlined aria-hidden />} onClick={() => void share()}>
              {t('shop.link.share')}
            </Button>
          </Flex>
        </Flex>
        <Flex vertical gap="small" align="center" ref={qrBox}>
          <QRCode value={link} type="canvas" size={160} bgColor="#fff" aria-label={t('shop.link.qr')} />
          <Button icon={<DownloadOutlined aria-hidden />} onClick={downloadQr}>
            {t('shop.link.downloadQr')}
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
