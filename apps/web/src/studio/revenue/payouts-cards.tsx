import type { TEarningsSummary, TPayout, TPendingSale } from '@linkstore/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Flex, Switch, Table, Typography, type TableColumnsType } from 'antd';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PayoutStatusTag, usePayoutReason } from '../../shared/payouts/payout-status';
import { useDay, useFormatMoney, useMoment } from '../../shared/format/use-format';
import { payoutsQuery, pendingSalesQuery, useSaveAutoPayout } from './api';
import { WithdrawDialog } from './withdraw-dialog';
import { withdrawBlocker } from './withdraw';

/** Tap targets on phones. */
const TAP = 44;

/**
 * A table wider than a phone scrolls sideways in this region, which a keyboard can reach and
 * scroll (its rows have nothing focusable; antd's own scroll box is not focusable).
 */
function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      {children}
    </div>
  );
}

/** The withdraw button with why it is off, the payout rules and the weekly payout switch. */
export function WithdrawCard({ summary }: { summary: TEarningsSummary | undefined }) {
  const { t } = useTranslation('payouts');
  const money = useFormatMoney();
  const [isOpen, setOpen] = useState(false);
  const reasonId = useId();
  const blocker = summary ? withdrawBlocker(summary) : null;
  const format = (cents: number) => money(cents, summary?.currencyCode ?? 'USD');
  return (
    <Card
      title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('withdraw.heading')}</h2>}
      style={{ marginTop: 16 }}
    >
      <Flex vertical gap={12}>
        {summary?.payoutAccount && (
          <Typography.Text style={{ overflowWrap: 'anywhere' }}>
            {t(summary.payoutAccount.verified ? 'account.line' : 'account.lineUnverified', {
              email: summary.payoutAccount.email,
            })}
          </Typography.Text>
        )}
        <Flex gap={12} wrap align="center">
          <Button
            type="primary"
            size="large"
            style={{ minHeight: TAP }}
            disabled={!summary || blocker !== null}
            aria-describedby={blocker ? reasonId : undefined}
            onClick={() => setOpen(true)}
          >
            {t('withdraw.open')}
          </Button>
          {summary && blocker && (
            <Typography.Text id={reasonId} type="warning" role="status">
              {t(`withdraw.blocked.${blocker}`, {
                email: summary.payoutAccount?.email ?? '',
                amount: format(summary.inFlightMinor),
                minimum: format(summary.minimumPayoutMinor),
                available: format(summary.availableMinor),
              })}
              {(blocker === 'noAccount' || blocker === 'unverified') && (
                <>
                  {' '}
                  <Link
                    to="/shop"
                    style={{ display: 'inline-block', minHeight: TAP, lineHeight: `${TAP}px` }}
                  >
                    {t('account.connect')}
                  </Link>
                </>
              )}
            </Typography.Text>
          )}
        </Flex>
        {summary && (
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {t('rules', {
              count: summary.holdDays,
              minimum: format(summary.minimumPayoutMinor),
              maximum: format(summary.dailyMaximumMinor),
            })}
          </Typography.Paragraph>
        )}
        {summary && <AutoPayoutSwitch isOn={summary.autoPayout} />}
      </Flex>
      {isOpen && summary && <WithdrawDialog summary={summary} onClose={() => setOpen(false)} />}
    </Card>
  );
}

function AutoPayoutSwitch({ isOn }: { isOn: boolean }) {
  const { t } = useTranslation('payouts');
  const { message } = App.useApp();
  const save = useSaveAutoPayout();
  const id = useId();
  const hintId = useId();
  return (
    <div>
      <label
        htmlFor={id}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 12, minHeight: TAP, cursor: 'pointer' }}
      >
        <Switch
          id={id}
          checked={isOn}
          loading={save.isPending}
          aria-describedby={hintId}
          onChange={(checked) =>
            save.mutate(checked, {
              onSuccess: () => void message.success(t(checked ? 'auto.on' : 'auto.off')),
            })
          }
        />
        {t('auto.label')}
      </label>
      <Typography.Paragraph id={hintId} type="secondary" style={{ margin: 0 }}>
        {t('auto.hint')}
      </Typography.Paragraph>
    </div>
  );
}

/** "No black box": each sale still in its hold, and the day it becomes available. */
export function PendingCard({ summary }: { summary: TEarningsSummary | undefined }) {
  const { t } = useTranslation('payouts');
  const money = useFormatMoney();
  const day = useDay();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const pending = useQuery({
    ...pendingSalesQuery(page.pageNum, page.pageSize),
    placeholderData: keepPreviousData,
  });
  const columns: TableColumnsType<TPendingSale> = [
    { title: t('pending.order'), dataIndex: 'orderNo' },
    {
      title: t('pending.amount'),
      dataIndex: 'amountMinor',
      align: 'right',
      render: (cents: number, sale) => money(cents, sale.currencyCode),
    },
    {
      title: t('pending.availableAt'),
      dataIndex: 'availableAt',
      render: (availableAt: string | null) => (availableAt ? day(availableAt) : t('pending.whenCompleted')),
    },
  ];
  return (
    <Card
      title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('pending.heading')}</h2>}
      style={{ marginTop: 16 }}
    >
      {summary && (
        <Typography.Paragraph type="secondary">
          {t('pending.explain', { count: summary.holdDays })}
        </Typography.Paragraph>
      )}
      <ScrollRegion label={t('pending.heading')}>
        <Table<TPendingSale>
          rowKey="orderNo"
          size="middle"
          columns={columns}
          dataSource={pending.data?.list ?? []}
          loading={pending.isFetching}
          locale={{ emptyText: t('pending.empty') }}
          pagination={{
            current: page.pageNum,
            pageSize: page.pageSize,
            total: pending.data?.total ?? 0,
            hideOnSinglePage: true,
            onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
          }}
        />
      </ScrollRegion>
    </Card>
  );
}

/** The creator's payouts, newest first, with what happened to each. */
export function PayoutsCard() {
  const { t } = useTranslation('payouts');
  const money = useFormatMoney();
  const dateTime = useMoment();
  const reasonText = usePayoutReason();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const payouts = useQuery({
    ...payoutsQuery(page.pageNum, page.pageSize),
    placeholderData: keepPreviousData,
  });
  const columns: TableColumnsType<TPayout> = [
    { title: t('history.date'), dataIndex: 'requestedAt', render: dateTime },
    {
      title: t('history.amount'),
      dataIndex: 'amountMinor',
      align: 'right',
      render: (cents: number, payout) => money(cents, payout.currencyCode),
    },
    {
      title: t('history.status'),
      dataIndex: 'status',
      render: (_, payout) => {
        const reason = reasonText(payout.reason);
        return (
          <Flex vertical gap={4} align="flex-start">
            <PayoutStatusTag status={payout.status} />
            {payout.status === 'returned' && reason && (
              <Typography.Text type="secondary">{reason}</Typography.Text>
            )}
          </Flex>
        );
      },
    },
    {
      title: t('history.receiver'),
      dataIndex: 'receiverEmail',
      render: (email: string) => <span style={{ overflowWrap: 'anywhere' }}>{email}</span>,
    },
  ];
  return (
    <Card
      title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('history.heading')}</h2>}
      style={{ marginTop: 16 }}
    >
      <ScrollRegion label={t('history.heading')}>
        <Table<TPayout>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={payouts.data?.list ?? []}
          loading={payouts.isFetching}
          locale={{ emptyText: t('history.empty') }}
          pagination={{
            current: page.pageNum,
            pageSize: page.pageSize,
            total: payouts.data?.total ?? 0,
            hideOnSinglePage: true,
            onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
          }}
        />
      </ScrollRegion>
    </Card>
  );
}
