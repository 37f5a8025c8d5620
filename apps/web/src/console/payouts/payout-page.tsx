import { PauseCircleOutlined, PlayCircleOutlined, RedoOutlined } from '@ant-design/icons';
import { payoutsRoutes, ZPayoutStatus, type TConsolePayout, type TPayoutStatus } from '@linkstore/contract';
import { App, Form, Input, Modal, Select, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerFieldErrors } from '../../shared/forms/field-errors';
import { alreadyShown } from '../../shared/http/use-route-mutation';
import { useFormatMoney, useMoment } from '../../shared/format/use-format';
import { PayoutStatusTag, usePayoutReason } from '../../shared/payouts/payout-status';
import { CrudPage } from '../shared/crud-page';
import { PagedTable } from '../shared/paged-table';
import { useActionsColumn } from '../shared/row-actions';
import { KeywordsFilter, SearchBar } from '../shared/search-bar';
import { usePagedList } from '../shared/use-paged-list';
import { useHoldPayouts, useRetryPayout } from './api';
import { PayoutsDaily } from './payouts-daily';

interface TFilters {
  keywords: string;
  status?: TPayoutStatus | undefined;
}
const INITIAL_FILTERS: TFilters = { keywords: '', status: undefined };

/** Every creator's payouts, by status and creator; hold or release a creator's payouts. */
export default function PayoutPage() {
  const { t } = useTranslation('payouts');
  const { message, modal } = App.useApp();
  const money = useFormatMoney();
  const reasonText = usePayoutReason();
  const moment = useMoment();
  const list = usePagedList(payoutsRoutes.consolePage, INITIAL_FILTERS);
  const hold = useHoldPayouts();
  const retry = useRetryPayout();
  const [holding, setHolding] = useState<TConsolePayout | undefined>();

  const confirmRetry = (payout: TConsolePayout) => {
    modal.confirm({
      title: t('retry.title', { name: payout.username }),
      content: t('retry.text', { amount: money(payout.amountMinor, payout.currencyCode) }),
      okText: t('retry.ok'),
      onOk: () =>
        retry.mutateAsync(payout.id).then(
          (sent) =>
            void message.success(
              t('retry.done', {
                amount: money(sent.amountMinor, sent.currencyCode),
                email: sent.receiverEmail,
              }),
            ),
          alreadyShown,
        ),
    });
  };

  const release = (payout: TConsolePayout) => {
    modal.confirm({
      title: t('console.releaseTitle', { name: payout.username }),
      content: t('console.releaseText'),
      okText: t('console.release'),
      onOk: () =>
        hold
          .mutateAsync({ userId: payout.userId, held: false })
          .then(
            () => void message.success(t('console.releaseDone', { name: payout.username })),
            alreadyShown,
          ),
    });
  };

  const columns: TableColumnsType<TConsolePayout> = [
    {
      title: t('console.creator'),
      dataIndex: 'username',
      render: (username: string, payout) => (
        <>
          {username}{' '}
          {payout.heldReason !== null && (
            <Tag color="error" title={t('console.heldTitle', { reason: payout.heldReason })}>
              {t('console.held')}
            </Tag>
          )}
        </>
      ),
    },
    { title: t('console.shop'), dataIndex: 'shopName' },
    {
      title: t('console.amount'),
      dataIndex: 'amountMinor',
      align: 'right',
      render: (cents: number, payout) => money(cents, payout.currencyCode),
    },
    {
      title: t('console.status'),
      dataIndex: 'status',
      render: (status: TPayoutStatus, payout) => (
        <>
          <PayoutStatusTag status={status} exact />
          {payout.retriedById ? (
            <Tag title={t('retry.retriedTitle', { id: payout.retriedById })}>{t('retry.retried')}</Tag>
          ) : null}
          {payout.retryOfId ? (
            <Tag title={t('retry.retryOfTitle', { id: payout.retryOfId })}>{t('retry.retryOf')}</Tag>
          ) : null}
        </>
      ),
    },
    {
      title: t('console.providerStatus'),
      dataIndex: 'providerStatus',
      render: (value: string | null) => value ?? '—',
    },
    {
      title: t('console.reason'),
      dataIndex: 'reason',
      render: (reason: string | null) => reasonText(reason) ?? '—',
    },
    { title: t('console.requestedAt'), dataIndex: 'requestedAt', render: moment },
    { title: t('console.settledAt'), dataIndex: 'settledAt', render: moment },
    { title: t('console.attempts'), dataIndex: 'attempts', align: 'right' },
  ];

  const actionsColumn = useActionsColumn<TConsolePayout>([
    {
      route: payoutsRoutes.retry,
      isShown: (payout) => payout.status === 'returned' && !payout.retriedById,
      label: t('retry.action'),
      icon: <RedoOutlined aria-hidden />,
      ariaLabel: (payout) => t('retry.label', { name: payout.username }),
      onClick: confirmRetry,
    },
    {
      route: payoutsRoutes.hold,
      isShown: (payout) => payout.heldReason === null,
      label: t('console.hold'),
      icon: <PauseCircleOutlined aria-hidden />,
      danger: true,
      ariaLabel: (payout) => t('console.holdLabel', { name: payout.username }),
      onClick: setHolding,
    },
    {
      route: payoutsRoutes.hold,
      isShown: (payout) => payout.heldReason !== null,
      label: t('console.release'),
      icon: <PlayCircleOutlined aria-hidden />,
      ariaLabel: (payout) => t('console.releaseLabel', { name: payout.username }),
      onClick: release,
    },
  ]);

  return (
    <CrudPage
      title={t('console.title')}
      search={
        <>
          <PayoutsDaily />
          <SearchBar<TFilters> initialValues={INITIAL_FILTERS} onSearch={list.search}>
            <KeywordsFilter placeholder={t('console.keywords')} />
            <Form.Item name="status" label={t('console.statusFilter')}>
              <Select
                allowClear
                style={{ width: 160 }}
                placeholder={t('console.all')}
                options={ZPayoutStatus.options.map((status) => ({
                  value: status,
                  label: t(`status.${status}`),
                }))}
              />
            </Form.Item>
          </SearchBar>
        </>
      }
    >
      <PagedTable<TConsolePayout> list={list} rowKey="id" columns={[...columns, ...actionsColumn]} />
      {holding && <HoldDialog payout={holding} onClose={() => setHolding(undefined)} />}
    </CrudPage>
  );
}

/** Holding a creator's payouts needs a reason (the creator is told to contact support). */
function HoldDialog({ payout, onClose }: { payout: TConsolePayout; onClose: () => void }) {
  const { t } = useTranslation('payouts');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const hold = useHoldPayouts();
  const submit = async () => {
    const { reason } = await form.validateFields();
    try {
      await hold.mutateAsync({ userId: payout.userId, held: true, reason: reason.trim() });
    } catch (error) {
      applyServerFieldErrors(form, error, ['reason']);
      return;
    }
    void message.success(t('console.holdDone', { name: payout.username }));
    onClose();
  };
  return (
    <Modal
      open
      title={t('console.holdTitle', { name: payout.username })}
      okText={t('console.hold')}
      okButtonProps={{ danger: true }}
      confirmLoading={hold.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
    >
      <Form form={form} name="hold-payouts" layout="vertical" initialValues={{ reason: '' }}>
        <Form.Item
          name="reason"
          label={t('console.holdReason')}
          rules={[
            { required: true, whitespace: true, message: t('console.holdReasonRequired') },
            { max: 500 },
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={500} />
        </Form.Item>
      </Form>
      <Typography.Text type="secondary">
        {payout.shopName} · {payout.receiverEmail}
      </Typography.Text>
    </Modal>
  );
}
