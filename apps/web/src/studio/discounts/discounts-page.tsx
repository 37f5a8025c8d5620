import {
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import type { TDiscountCode } from '@linkstore/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  App,
  Button,
  Empty,
  Input,
  Pagination,
  Spin,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatMoney } from '../../shared/format/use-format';
import { alreadyShown } from '../../shared/http/use-route-mutation';
import { useIsPhone } from '../../shared/layout/use-is-phone';
import { PageHeading } from '../layout/page-heading';
import { myShopQuery } from '../shop/api';
import { linkOf } from '../shop/use-shop-link';
import { discountsQuery, useDeleteDiscount, usePauseDiscount } from './api';
import { codeLink, STATE_COLOURS, usesText, utcDayFormatter } from './discount-format';
import { DiscountDrawer } from './discount-form';
import styles from './discounts-page.module.css';

const PAGE_SIZE = 10;

/** The code being edited: a new one (null) or one of the list; closed when undefined. */
type TEditing = { code: TDiscountCode | null } | undefined;

/**
 * `#/discounts`: the shop's discount codes with how each sold, a page at a time; add, edit,
 * pause, delete, and copy the link that fills a code in for the buyer.
 */
export function DiscountsPage() {
  const { t } = useTranslation('discounts');
  const { message } = App.useApp();
  const [page, setPage] = useState({ pageNum: 1, pageSize: PAGE_SIZE });
  const [keywords, setKeywords] = useState('');
  const [editing, setEditing] = useState<TEditing>();
  const codes = useQuery({
    ...discountsQuery(page.pageNum, page.pageSize, keywords),
    placeholderData: keepPreviousData,
  });
  const actions = useCodeActions((code) => setEditing({ code }));
  const isEmpty = codes.data?.total === 0 && !keywords.trim();
  const create = () => setEditing({ code: null });

  return (
    <>
      <PageHeading>{t('title')}</PageHeading>
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      {isEmpty ? (
        <Empty
          className={styles.empty}
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <>
              <Typography.Title level={2} className={styles.emptyTitle}>
                {t('empty.title')}
              </Typography.Title>
              <Typography.Paragraph>{t('empty.text')}</Typography.Paragraph>
            </>
          }
        >
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={create}>
            {t('new')}
          </Button>
        </Empty>
      ) : (
        <>
          <div className={styles.toolbar}>
            <Input.Search
              allowClear
              aria-label={t('search')}
              placeholder={t('search')}
              className={styles.search}
              onSearch={(value) => {
                setKeywords(value);
                setPage((current) => ({ ...current, pageNum: 1 }));
              }}
            />
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={create}>
              {t('new')}
            </Button>
          </div>
          <CodeList
            codes={codes.data?.list ?? []}
            total={codes.data?.total ?? 0}
            isLoading={codes.isPending || codes.isPlaceholderData}
            page={page}
            onPage={(pageNum, pageSize) => setPage({ pageNum, pageSize })}
            actions={actions}
          />
        </>
      )}
      {editing && (
        <DiscountDrawer
          code={editing.code}
          onClose={() => setEditing(undefined)}
          onSaved={(saved) => {
            void message.success(t(editing.code ? 'message.saved' : 'message.created', { code: saved.code }));
            setEditing(undefined);
          }}
        />
      )}
    </>
  );
}

interface TCodeActions {
  edit: (code: TDiscountCode) => void;
  togglePause: (code: TDiscountCode) => void;
  remove: (code: TDiscountCode) => void;
  copyLink: (code: TDiscountCode) => void;
}

/** What a code's buttons do; failures are told by the http client. */
function useCodeActions(edit: (code: TDiscountCode) => void): TCodeActions {
  const { t } = useTranslation('discounts');
  const { message, modal } = App.useApp();
  const shop = useQuery(myShopQuery).data;
  const pause = usePauseDiscount();
  const remove = useDeleteDiscount();

  return {
    edit,
    togglePause: (code) =>
      pause.mutate(
        { id: code.id, paused: !code.paused },
        {
          onSuccess: () =>
            void message.success(t(code.paused ? 'message.resumed' : 'message.paused', { code: code.code })),
        },
      ),
    remove: (code) => {
      modal.confirm({
        title: t('deleteConfirm.title', { code: code.code }),
        content: t('deleteConfirm.content'),
        okText: t('deleteConfirm.ok'),
        okButtonProps: { danger: true },
        cancelText: t('deleteConfirm.cancel'),
        onOk: () =>
          remove
            .mutateAsync(code.id)
            .then(() => void message.success(t('message.deleted', { code: code.code })), alreadyShown),
      });
    },
    copyLink: (code) => {
      if (!shop) {
        void message.warning(t('message.noShop'));
        return;
      }
      navigator.clipboard.writeText(codeLink(linkOf(shop.slug), code.code)).then(
        () => void message.success(t('message.copied')),
        () => void message.error(t('message.copyFailed')),
      );
    },
  };
}

interface TCodeListProps {
  codes: TDiscountCode[];
  total: number;
  isLoading: boolean;
  page: { pageNum: number; pageSize: number };
  onPage: (pageNum: number, pageSize: number) => void;
  actions: TCodeActions;
}

/** A table on wide screens, a card per code below 768 px (nothing scrolls sideways). */
function CodeList(props: TCodeListProps) {
  return useIsPhone() ? <CodeCards {...props} /> : <CodeTable {...props} />;
}

function CodeTable({ codes, total, isLoading, page, onPage, actions }: TCodeListProps) {
  const { t, i18n } = useTranslation('discounts');
  const money = useFormatMoney();
  const columns: TableColumnsType<TDiscountCode> = [
    {
      title: t('column.code'),
      key: 'code',
      render: (_, code) => (
        <>
          <Typography.Text strong className={styles.code}>
            {code.code}
          </Typography.Text>
          <CodeDetails code={code} />
        </>
      ),
    },
    { title: t('column.discount'), key: 'discount', render: (_, code) => <DiscountText code={code} /> },
    { title: t('column.state'), key: 'state', render: (_, code) => <StateTag code={code} /> },
    {
      title: t('column.uses'),
      key: 'uses',
      align: 'right',
      render: (_, code) => usesText(code, i18n.language),
    },
    { title: t('column.paidOrders'), dataIndex: 'paidOrders', align: 'right' },
    {
      title: t('column.sales'),
      key: 'sales',
      align: 'right',
      render: (_, code) => money(code.salesMinor, code.currencyCode),
    },
    {
      title: t('column.discountGiven'),
      key: 'discountGiven',
      align: 'right',
      render: (_, code) => money(code.discountMinor, code.currencyCode),
    },
    {
      title: t('column.actions'),
      key: 'actions',
      render: (_, code) => <CodeButtons code={code} actions={actions} />,
    },
  ];
  return (
    <Table<TDiscountCode>
      rowKey="id"
      size="middle"
      scroll={{ x: 'max-content' }}
      columns={columns}
      dataSource={codes}
      loading={isLoading}
      locale={{ emptyText: t('noMatch') }}
      pagination={{
        current: page.pageNum,
        pageSize: page.pageSize,
        total,
        showTotal: (count) => t('total', { count }),
        onChange: onPage,
      }}
    />
  );
}

/** One card per code: its figures two by two, its buttons underneath; pages below. */
function CodeCards({ codes, total, isLoading, page, onPage, actions }: TCodeListProps) {
  const { t, i18n } = useTranslation('discounts');
  const money = useFormatMoney();
  if (codes.length === 0)
    return isLoading ? <Spin /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noMatch')} />;
  const figures = (code: TDiscountCode) => [
    { key: 'discount', value: <DiscountText code={code} /> },
    { key: 'uses', value: usesText(code, i18n.language) },
    { key: 'paidOrders', value: code.paidOrders },
    { key: 'sales', value: money(code.salesMinor, code.currencyCode) },
    { key: 'discountGiven', value: money(code.discountMinor, code.currencyCode) },
  ];
  return (
    <Spin spinning={isLoading}>
      <ul className={styles.cards} aria-label={t('title')}>
        {codes.map((code) => (
          <li key={code.id} className={styles.card}>
            <div className={styles.cardHead}>
              <div>
                <Typography.Text strong className={styles.code}>
                  {code.code}
                </Typography.Text>
                <CodeDetails code={code} />
              </div>
              <StateTag code={code} />
            </div>
            <dl className={styles.cardFigures}>
              {figures(code).map((figure) => (
                <div key={figure.key}>
                  <dt>{t(`column.${figure.key}`)}</dt>
                  <dd>{figure.value}</dd>
                </div>
              ))}
            </dl>
            <CodeButtons code={code} actions={actions} />
          </li>
        ))}
      </ul>
      <Pagination
        className={styles.pagination}
        simple
        current={page.pageNum}
        pageSize={page.pageSize}
        total={total}
        showTotal={(count) => t('total', { count })}
        onChange={onPage}
      />
    </Spin>
  );
}

function StateTag({ code }: { code: TDiscountCode }) {
  const { t } = useTranslation('discounts');
  return <Tag color={STATE_COLOURS[code.state]}>{t(`state.${code.state}`)}</Tag>;
}

/** "20% off" or "$5.00 off", and the order minimum under it. */
function DiscountText({ code }: { code: TDiscountCode }) {
  const { t } = useTranslation('discounts');
  const money = useFormatMoney();
  return (
    <>
      {code.kind === 'percent'
        ? t('discount.percentOff', { percent: code.percent ?? 0 })
        : t('discount.amountOff', { amount: money(code.amountMinor ?? 0, code.currencyCode) })}
      {code.minOrderMinor !== null && (
        <Typography.Text type="secondary" className={styles.detail}>
          {t('discount.minimum', { amount: money(code.minOrderMinor, code.currencyCode) })}
        </Typography.Text>
      )}
    </>
  );
}

/** What a code applies to and the days it runs, under its name. */
function CodeDetails({ code }: { code: TDiscountCode }) {
  const { t, i18n } = useTranslation('discounts');
  const day = utcDayFormatter(i18n.language);
  const scope = code.products ? t('scope.products', { count: code.products.length }) : t('scope.wholeShop');
  const period =
    code.startsOn && code.endsOn
      ? t('period.between', { from: day(code.startsOn), to: day(code.endsOn) })
      : code.startsOn
        ? t('period.from', { day: day(code.startsOn) })
        : code.endsOn
          ? t('period.until', { day: day(code.endsOn) })
          : null;
  return (
    <Typography.Text type="secondary" className={styles.detail}>
      {period ? `${scope} · ${period}` : scope}
    </Typography.Text>
  );
}

/** Copy link, edit, pause or resume, delete: each named with the code, 44 px on a phone. */
function CodeButtons({ code, actions }: { code: TDiscountCode; actions: TCodeActions }) {
  const { t } = useTranslation('discounts');
  const named = { code: code.code };
  return (
    <div className={styles.buttons}>
      <Button
        size="small"
        icon={<CopyOutlined aria-hidden />}
        aria-label={t('action.copyLinkOf', named)}
        onClick={() => actions.copyLink(code)}
      >
        {t('action.copyLink')}
      </Button>
      <Button
        size="small"
        icon={<EditOutlined aria-hidden />}
        aria-label={t('action.editOf', named)}
        onClick={() => actions.edit(code)}
      >
        {t('action.edit')}
      </Button>
      <Button
        size="small"
        icon={code.paused ? <PlayCircleOutlined aria-hidden /> : <PauseCircleOutlined aria-hidden />}
        aria-label={t(code.paused ? 'action.resumeOf' : 'action.pauseOf', named)}
        onClick={() => actions.togglePause(code)}
      >
        {t(code.paused ? 'action.resume' : 'action.pause')}
      </Button>
      <Button
        size="small"
        danger
        icon={<DeleteOutlined aria-hidden />}
        aria-label={t('action.deleteOf', named)}
        onClick={() => actions.remove(code)}
      >
        {t('action.delete')}
      </Button>
    </div>
  );
}
