import type { TShopProductDetail } from '@linkstore/contract';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Empty, Image, Rate, Space, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMoney } from '../../shared/money/use-money';
import { RichTextView } from '../../shared/rich-text/rich-text-view';
import { fileUrl } from '../../shared/upload/upload-api';
import { productDetailQuery } from './api';
import { formatBasisPoints, formatRating } from './format';
import styles from './product-page.module.css';

interface ProductDrawerProps {
  /** The product shown; undefined closes the drawer. */
  productId: string | undefined;
  onClose: () => void;
}

/** One product as the shop sells it: images, description, price breakdown and latest reviews. */
export function ProductDrawer({ productId, onClose }: ProductDrawerProps) {
  const { t } = useTranslation('studio');
  const detail = useQuery({ ...productDetailQuery(productId ?? '0'), enabled: productId !== undefined });
  return (
    <Drawer
      open={productId !== undefined}
      onClose={onClose}
      size="large"
      title={detail.data?.title ?? t('product.detail.title')}
      destroyOnHidden
    >
      {detail.isLoading && <Spin />}
      {detail.data && <ProductDetail product={detail.data} />}
    </Drawer>
  );
}

function ProductDetail({ product }: { product: TShopProductDetail }) {
  const { t } = useTranslation('studio');
  const money = useMoney();
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      {product.images.length > 0 && (
        <Image.PreviewGroup>
          <Space wrap>
            {product.images.map((url, index) => (
              <Image
                key={url}
                width={96}
                src={fileUrl(url)}
                alt={t('product.detail.imageOf', { name: product.title, number: index + 1 })}
              />
            ))}
          </Space>
        </Image.PreviewGroup>
      )}
      <RichTextView doc={product.description} />
      <Descriptions
        column={1}
        bordered
        size="small"
        title={t('product.detail.prices')}
        extra={<Link to="/pricing">{t('product.adjustPrices')}</Link>}
        items={[
          { key: 'cost', label: t('product.field.cost'), children: money.format(product.costMinor) },
          { key: 'selling', label: t('product.field.selling'), children: money.format(product.sellingMinor) },
          { key: 'profit', label: t('product.field.profit'), children: money.format(product.profitMinor) },
          {
            key: 'source',
            label: t('product.detail.source'),
            children: t(`product.source.${product.source}`, { percentage: product.percentage }),
          },
          { key: 'category', label: t('product.field.category'), children: product.categoryName },
          { key: 'clicks', label: t('product.field.clicks'), children: product.clicks },
          {
            key: 'ctr',
            label: t('product.field.ctr'),
            children: formatBasisPoints(product.clickThroughBasisPoints),
          },
        ]}
      />
      <Reviews product={product} />
    </Space>
  );
}

function Reviews({ product }: { product: TShopProductDetail }) {
  const { t, i18n } = useTranslation('studio');
  const rating = formatRating(product.ratingTenths);
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <section aria-label={t('product.detail.reviews')}>
      <Typography.Title level={5}>
        {t('product.detail.reviews')}
        {rating && ` · ${t('product.rating', { rating, count: product.reviewCount })}`}
      </Typography.Title>
      {product.reviews.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('product.detail.noReviews')} />
      ) : (
        <ul className={styles.reviews}>
          {product.reviews.map((review) => (
            <li key={review.id}>
              <Space wrap>
                <strong>{review.authorName}</strong>
                <Rate disabled value={review.rating} style={{ fontSize: 14 }} />
                {review.verified && <Tag color="green">{t('product.detail.verified')}</Tag>}
                <Typography.Text type="secondary">
                  {dateFormat.format(new Date(review.createdAt))}
                </Typography.Text>
              </Space>
              <Typography.Paragraph style={{ whiteSpace: 'pre-line' }}>{review.body}</Typography.Paragraph>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
