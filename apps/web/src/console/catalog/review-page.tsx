import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { reviewsRoutes, type TReviewPageItem, type TReviewStatus } from '@linkstore/contract';
import { App, Form, Select, Space, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { alreadyShown } from '../../shared/http/use-route-mutation';
import { useConfirmDelete } from '../shared/confirm-delete';
import { CrudPage } from '../shared/crud-page';
import { PagedTable } from '../shared/paged-table';
import { useActionsColumn } from '../shared/row-actions';
import { SearchBar, KeywordsFilter } from '../shared/search-bar';
import { BatchDelete, RouteButton } from '../shared/toolbar';
import { usePagedList } from '../shared/use-paged-list';
import { useRowSelection } from '../shared/use-row-selection';
import { useDeleteReviews, useModerateReviews } from './review-api';

const STATUS_KEYS = { 0: 'pending', 1: 'published', 2: 'rejected' } as const;
const STATUS_COLORS = { 0: 'processing', 1: 'success', 2: 'error' } as const;
const RATINGS = [5, 4, 3, 2, 1] as const;

interface TReviewFilters {
  keywords?: string | undefined;
  status?: '0' | '1' | '2' | undefined;
  rating?: '1' | '2' | '3' | '4' | '5' | undefined;
}
/** Moderators open the page on the reviews that wait for them. */
const INITIAL_FILTERS: TReviewFilters = { keywords: '', status: '0', rating: undefined };

/** `★★★☆☆` for 3: the rating as filled and empty stars. */
export function starsOf(rating: number): string {
  const filled = Math.min(5, Math.max(0, Math.trunc(rating)));
  return '★'.repeat(filled) + '☆'.repeat(5 - filled);
}

function ReviewStatusTag({ value }: { value: TReviewStatus }) {
  const { t } = useTranslation('catalog');
  return <Tag color={STATUS_COLORS[value]}>{t(`review.status.${STATUS_KEYS[value]}`)}</Tag>;
}

/**
 * Review moderation (issue 5): buyers write reviews, operators publish or reject them in
 * batches and delete them; nothing here writes a review.
 */
export default function ReviewPage() {
  const { t } = useTranslation(['catalog', 'system']);
  const { message, modal } = App.useApp();
  const list = usePagedList(reviewsRoutes.page, INITIAL_FILTERS);
  const selection = useRowSelection<TReviewPageItem>(reviewsRoutes.moderate, reviewsRoutes.delete);
  const confirmDelete = useConfirmDelete();
  const deleteReviews = useDeleteReviews();
  const moderateReviews = useModerateReviews();

  const remove = (ids: string[]) =>
    confirmDelete({
      count: ids.length,
      onConfirm: async () => {
        await deleteReviews.mutateAsync(ids);
        selection.clear();
      },
    });

  const moderate = (status: 1 | 2) => {
    const ids = selection.selectedKeys;
    const action = status === 1 ? 'publish' : 'reject';
    modal.confirm({
      title: t(`review.confirm.${action}Title`),
      content: t(`review.confirm.${action}Content`, { count: ids.length }),
      okText: t(`review.confirm.${action}Ok`),
      okButtonProps: status === 2 ? { danger: true } : {},
      cancelText: t('system:crud.cancel'),
      onOk: () =>
        moderateReviews.mutateAsync({ ids, status }).then(() => {
          void message.success(t(status === 1 ? 'review.done.published' : 'review.done.rejected'));
          selection.clear();
        }, alreadyShown),
    });
  };

  const columns: TableColumnsType<TReviewPageItem> = [
    { title: t('review.field.product'), dataIndex: 'productLabel' },
    {
      title: t('review.field.rating'),
      dataIndex: 'rating',
      render: (rating: number) => (
        <span role="img" aria-label={t('review.stars', { rating })} style={{ color: '#fadb14' }}>
          {starsOf(rating)}
        </span>
      ),
    },
    {
      title: t('review.field.body'),
      dataIndex: 'body',
      width: 360,
      render: (body: string, review) => (
        <Space orientation="vertical" size={4}>
          <span style={{ whiteSpace: 'pre-wrap' }}>{body}</span>
          {review.verified ? <Tag color="green">{t('review.verified')}</Tag> : null}
        </Space>
      ),
    },
    { title: t('review.field.author'), dataIndex: 'authorName' },
    {
      title: t('system:crud.status.label'),
      dataIndex: 'status',
      render: (status: TReviewStatus) => <ReviewStatusTag value={status} />,
    },
    { title: t('system:crud.field.createTime'), dataIndex: 'createTime' },
  ];
  const actionsColumn = useActionsColumn<TReviewPageItem>([
    {
      kind: 'delete',
      route: reviewsRoutes.delete,
      ariaLabel: (review) => t('review.action.delete', { name: review.authorName }),
      onClick: (review) => remove([review.id]),
    },
  ]);
  const isNothingSelected = selection.selectedKeys.length === 0;

  return (
    <CrudPage
      title={t('review.title')}
      search={
        <SearchBar<TReviewFilters> initialValues={INITIAL_FILTERS} onSearch={list.search}>
          <KeywordsFilter placeholder={t('review.search.keywordsPlaceholder')} />
          <Form.Item name="status" label={t('system:crud.status.label')}>
            <Select
              allowClear
              style={{ width: 140 }}
              placeholder={t('system:crud.status.label')}
              options={([0, 1, 2] as const).map((value) => ({
                value: String(value),
                label: t(`review.status.${STATUS_KEYS[value]}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="rating" label={t('review.field.rating')}>
            <Select
              allowClear
              style={{ width: 140 }}
              placeholder={t('review.field.rating')}
              options={RATINGS.map((rating) => ({
                value: String(rating),
                title: t('review.stars', { rating }),
                label: starsOf(rating),
              }))}
            />
          </Form.Item>
        </SearchBar>
      }
      toolbar={
        <>
          <RouteButton
            route={reviewsRoutes.moderate}
            type="primary"
            icon={<CheckOutlined aria-hidden />}
            disabled={isNothingSelected}
            onClick={() => moderate(1)}
          >
            {t('review.action.publish')}
          </RouteButton>
          <RouteButton
            route={reviewsRoutes.moderate}
            icon={<CloseOutlined aria-hidden />}
            disabled={isNothingSelected}
            onClick={() => moderate(2)}
          >
            {t('review.action.reject')}
          </RouteButton>
          <BatchDelete route={reviewsRoutes.delete} selectedKeys={selection.selectedKeys} onDelete={remove} />
        </>
      }
    >
      <PagedTable<TReviewPageItem>
        list={list}
        rowKey="id"
        columns={[...columns, ...actionsColumn]}
        rowSelection={selection.rowSelection}
      />
    </CrudPage>
  );
}
