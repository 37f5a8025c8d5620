import {
  EyeOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
  StopOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import {
  creatorsRoutes,
  payoutsRoutes,
  ZCreatorState,
  type TCreator,
  type TCreatorLedgerEntry,
  type TCreatorRecentOrder,
  type TCreatorState,
  type TOrderStatus,
  type TPayoutAccountStatus,
  type TShopAction,
} from '@linkstore/contract';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Descriptions,
  Drawer,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Spin,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerFieldErrors } from '../../shared/forms/field-errors';
import { useDay, useFormatMoney, useMoment } from '../../shared/format/use-format';
import { CrudPage } from '../shared/crud-page';
import { PagedTable } from '../shared/paged-table';
import { useActionsColumn } from '../shared/row-actions';
import { KeywordsFilter, SearchBar } from '../shared/search-bar';
import { usePagedList } from '../shared/use-paged-list';
import { creatorDetailQuery, useCreatorAction, type TCreatorAction } from './api';

interface TFilters {
  keywords: string;
  state: TCreatorState;
  /** UTC days, `yyyy-MM-dd`, both included. */
  from: string;
  to: string;
}
const INITIAL_FILTERS: TFilters = { keywords: '', state: 'all', from: '', to: '' };
const LEDGER_PAGE_SIZE = 10;
/** The drawer's sections are the page's second level (after its h1), shown small. */
const SECTION_TITLE = { fontSize: 16, margin: 0 } as const;

const ACCOUNT_COLOURS: Record<TPayoutAccountStatus, string> = {
  none: 'default',
  unverified: 'warning',
  verified: 'success',
};
const ORDER_COLOURS: Record<TOrderStatus, string> = { 0: 'warning', 1: 'processing', 2: 'success' };

/** The creator's shop and whether an operator suspended it or holds the payouts. */
function StateTags({ creator }: { creator: TCreator }) {
  const { t } = useTranslation('creators');
  return (
    <>
      {creator.suspendedReason !== null && (
        <Tag color="error" title={t('state.suspendedTitle', { reason: creator.suspendedReason })}>
          {t('state.suspended')}
        </Tag>
      )}
      {creator.payoutsHeldReason !== null && (
        <Tag color="warning" title={t('state.payoutsHeldTitle', { reason: creator.payoutsHeldReason })}>
          {t('state.payoutsHeld')}
        </Tag>
      )}
    </>
  );
}

/**
 * Commerce › Creators: every user who owns a shop, with sales and balances from the ledger;
 * suspend or lift the shop (sys:creator:suspend), hold or release the payouts (sys:payout:hold),
 * and the detail drawer with recent orders, the ledger and the history of those actions.
 */
export default function CreatorPage() {
  const { t } = useTranslation('creators');
  const money = useFormatMoney();
  const day = useDay();
  const list = usePagedList(creatorsRoutes.page, INITIAL_FILTERS);
  const [opened, setOpened] = useState<string | undefined>();
  const [acting, setActing] = useState<{ creator: TCreator; action: TCreatorAction } | undefined>();
  const act = (action: TCreatorAction) => (creator: TCreator) => setActing({ creator, action });

  const columns: TableColumnsType<TCreator> = [
    {
      title: t('list.shop'),
      dataIndex: 'shopName',
      render: (name: string, creator) => (
        <>
          {name} <Typography.Text type="secondary">/s/{creator.slug}</Typography.Text>{' '}
          <StateTags creator={creator} />
        </>
      ),
    },
    { title: t('list.email'), dataIndex: 'email', render: (email: string | null) => email ?? '—' },
    { title: t('list.signedUp'), dataIndex: 'signedUpAt', render: day },
    {
      title: t('list.sales'),
      dataIndex: 'salesMinor',
      align: 'right',
      render: (cents: number, creator) =>
        t('list.salesValue', { count: creator.salesCount, amount: money(cents, creator.currencyCode) }),
    },
    {
      title: t('list.balance'),
      dataIndex: 'balanceMinor',
      align: 'right',
      render: (cents: number, creator) => money(cents, creator.currencyCode),
    },
    {
      title: t('list.pending'),
      dataIndex: 'pendingMinor',
      align: 'right',
      render: (cents: number, creator) => money(cents, creator.currencyCode),
    },
    {
      title: t('list.paidOut'),
      dataIndex: 'paidOutMinor',
      align: 'right',
      render: (cents: number, creator) => money(cents, creator.currencyCode),
    },
    {
      title: t('list.payoutAccount'),
      dataIndex: 'payoutAccount',
      render: (status: TPayoutAccountStatus) => (
        <Tag color={ACCOUNT_COLOURS[status]}>{t(`account.${status}`)}</Tag>
      ),
    },
  ];

  const actionsColumn = useActionsColumn<TCreator>([
    {
      route: creatorsRoutes.detail,
      label: t('list.detail'),
      icon: <EyeOutlined aria-hidden />,
      ariaLabel: (creator) => t('list.detailLabel', { name: creator.shopName }),
      onClick: (creator) => setOpened(creator.userId),
    },
    {
      route: creatorsRoutes.suspend,
      isShown: (creator) => creator.suspendedReason === null,
      label: t('action.suspend.button'),
      icon: <StopOutlined aria-hidden />,
      danger: true,
      ariaLabel: (creator) => t('action.suspend.label', { name: creator.shopName }),
      onClick: act('suspend'),
    },
    {
      route: creatorsRoutes.lift,
      isShown: (creator) => creator.suspendedReason !== null,
      label: t('action.lift.button'),
      icon: <UnlockOutlined aria-hidden />,
      ariaLabel: (creator) => t('action.lift.label', { name: creator.shopName }),
      onClick: act('lift'),
    },
    {
      route: payoutsRoutes.hold,
      isShown: (creator) => creator.payoutsHeldReason === null,
      label: t('action.hold.button'),
      icon: <PauseCircleOutlined aria-hidden />,
      danger: true,
      ariaLabel: (creator) => t('action.hold.label', { name: creator.shopName }),
      onClick: act('hold'),
    },
    {
      route: payoutsRoutes.hold,
      isShown: (creator) => creator.payoutsHeldReason !== null,
      label: t('action.release.button'),
      icon: <PlayCircleOutlined aria-hidden />,
      ariaLabel: (creator) => t('action.release.label', { name: creator.shopName }),
      onClick: act('release'),
    },
  ]);

  return (
    <CrudPage
      title={t('title')}
      search={
        <SearchBar<TFilters> initialValues={INITIAL_FILTERS} onSearch={list.search}>
          <KeywordsFilter placeholder={t('filter.keywords')} />
          <Form.Item name="state" label={t('filter.state')}>
            <Select
              style={{ width: 170 }}
              options={ZCreatorState.options.map((state) => ({ value: state, label: t(`filter.${state}`) }))}
            />
          </Form.Item>
          <Form.Item name="from" label={t('filter.from')}>
            <Input type="date" />
          </Form.Item>
          <Form.Item name="to" label={t('filter.to')}>
            <Input type="date" />
          </Form.Item>
        </SearchBar>
      }
    >
      <PagedTable<TCreator>
        list={list}
        rowKey="userId"
        columns={[...columns, ...actionsColumn]}
        scroll={{ x: 'max-content' }}
      />
      <CreatorDrawer userId={opened} onClose={() => setOpened(undefined)} />
      {acting && (
        <ActionDialog creator={acting.creator} action={acting.action} onClose={() => setActing(undefined)} />
      )}
    </CrudPage>
  );
}

/** Every action needs a reason: it is recorded in the shop's history (and a suspension's is shown to the creator). */
function ActionDialog({
  creator,
  action,
  onClose,
}: {
  creator: TCreator;
  action: TCreatorAction;
  onClose: () => void;
}) {
  const { t } = useTranslation('creators');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const mutation = useCreatorAction();
  const danger = action === 'suspend' || action === 'hold';
  const submit = async () => {
    const { reason } = await form.validateFields();
    try {
      await mutation.mutateAsync({ userId: creator.userId, action, reason: reason.trim() });
    } catch (error) {
      applyServerFieldErrors(form, error, ['reason']);
      return;
    }
    void message.success(t(`action.${action}.done`, { name: creator.shopName }));
    onClose();
  };
  return (
    <Modal
      open
      title={t(`action.${action}.title`, { name: creator.shopName })}
      okText={t(`action.${action}.button`)}
      okButtonProps={{ danger }}
      confirmLoading={mutation.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
    >
      <Typography.Paragraph>{t(`action.${action}.text`)}</Typography.Paragraph>
      <Form form={form} name={`creator-${action}`} layout="vertical" initialValues={{ reason: '' }}>
        <Form.Item
          name="reason"
          label={t('action.reason')}
          rules={[{ required: true, whitespace: true, message: t('action.reasonRequired') }, { max: 500 }]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={500} />
        </Form.Item>
      </Form>
      <Typography.Text type="secondary">
        {creator.shopName} · {creator.email ?? '—'}
      </Typography.Text>
    </Modal>
  );
}

/** One creator: figures, state with reasons, recent orders, a page of the ledger, the actions history. */
function CreatorDrawer({ userId, onClose }: { userId: string | undefined; onClose: () => void }) {
  const { t } = useTranslation('creators');
  const money = useFormatMoney();
  const moment = useMoment();
  const [ledgerPage, setLedgerPage] = useState(1);
  const detail = useQuery({
    ...creatorDetailQuery(userId ?? '1', ledgerPage, LEDGER_PAGE_SIZE),
    enabled: userId !== undefined,
  });
  const data = detail.data;
  const creator = data?.creator;
  const close = () => {
    setLedgerPage(1);
    onClose();
  };

  const orderColumns: TableColumnsType<TCreatorRecentOrder> = [
    { title: t('detail.orderNo'), dataIndex: 'orderNo' },
    {
      title: t('detail.status'),
      dataIndex: 'status',
      render: (status: TOrderStatus) => <Tag color={ORDER_COLOURS[status]}>{t(`orderStatus.${status}`)}</Tag>,
    },
    {
      title: t('detail.total'),
      dataIndex: 'totalMinor',
      align: 'right',
      render: (cents: number, order) => money(cents, order.currencyCode),
    },
    {
      title: t('detail.profit'),
      dataIndex: 'profitMinor',
      align: 'right',
      render: (cents: number, order) => money(cents, order.currencyCode),
    },
    { title: t('detail.date'), dataIndex: 'createdAt', render: moment },
  ];
  const ledgerColumns: TableColumnsType<TCreatorLedgerEntry> = [
    {
      title: t('detail.kind'),
      dataIndex: 'kind',
      render: (kind: string) => t(`ledgerKind.${kind}`, { defaultValue: kind }),
    },
    {
      title: t('detail.amount'),
      dataIndex: 'amountMinor',
      align: 'right',
      render: (cents: number, entry) => money(cents, entry.currencyCode),
    },
    { title: t('detail.orderNo'), dataIndex: 'orderNo', render: (no: string | null) => no ?? '—' },
    { title: t('detail.date'), dataIndex: 'createdAt', render: moment },
  ];
  const actionColumns: TableColumnsType<TShopAction> = [
    { title: t('detail.action'), dataIndex: 'action', render: (action: string) => t(`history.${action}`) },
    { title: t('action.reason'), dataIndex: 'reason' },
    { title: t('detail.operator'), dataIndex: 'operator', render: (name: string | null) => name ?? '—' },
    { title: t('detail.date'), dataIndex: 'createdAt', render: moment },
  ];

  return (
    <Drawer
      open={userId !== undefined}
      onClose={close}
      size="large"
      title={creator ? t('detail.title', { name: creator.shopName }) : t('detail.loading')}
      destroyOnHidden
    >
      {detail.isLoading && <Spin />}
      {data && creator && (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          {creator.suspendedReason !== null && (
            <Alert
              type="error"
              showIcon
              title={t('state.suspendedTitle', { reason: creator.suspendedReason })}
            />
          )}
          {creator.payoutsHeldReason !== null && (
            <Alert
              type="warning"
              showIcon
              title={t('state.payoutsHeldTitle', { reason: creator.payoutsHeldReason })}
            />
          )}
          <Descriptions
            column={1}
            bordered
            size="small"
            items={[
              { key: 'shop', label: t('list.shop'), children: `${creator.shopName} (/s/${creator.slug})` },
              { key: 'email', label: t('list.email'), children: creator.email ?? '—' },
              { key: 'signedUp', label: t('list.signedUp'), children: moment(creator.signedUpAt) },
              {
                key: 'sales',
                label: t('list.sales'),
                children: t('list.salesValue', {
                  count: creator.salesCount,
                  amount: money(creator.salesMinor, creator.currencyCode),
                }),
              },
              {
                key: 'balance',
                label: t('list.balance'),
                children: money(creator.balanceMinor, creator.currencyCode),
              },
              {
                key: 'pending',
                label: t('list.pending'),
                children: money(creator.pendingMinor, creator.currencyCode),
              },
              {
                key: 'paidOut',
                label: t('list.paidOut'),
                children: money(creator.paidOutMinor, creator.currencyCode),
              },
              {
                key: 'account',
                label: t('list.payoutAccount'),
                children: t(`account.${creator.payoutAccount}`),
              },
            ]}
          />
          <Typography.Title level={2} style={SECTION_TITLE}>
            {t('detail.orders')}
          </Typography.Title>
          <Table<TCreatorRecentOrder>
            size="small"
            rowKey="orderNo"
            pagination={false}
            dataSource={data.recentOrders}
            columns={orderColumns}
          />
          <Typography.Title level={2} style={SECTION_TITLE}>
            {t('detail.ledger')}
          </Typography.Title>
          <Table<TCreatorLedgerEntry>
            size="small"
            rowKey="id"
            dataSource={data.ledger.list}
            columns={ledgerColumns}
            pagination={{
              current: ledgerPage,
              pageSize: LEDGER_PAGE_SIZE,
              total: data.ledger.total,
              showSizeChanger: false,
              onChange: setLedgerPage,
            }}
          />
          <Typography.Title level={2} style={SECTION_TITLE}>
            {t('detail.history')}
          </Typography.Title>
          <Table<TShopAction>
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={data.actions}
            columns={actionColumns}
          />
        </Space>
      )}
    </Drawer>
  );
}
