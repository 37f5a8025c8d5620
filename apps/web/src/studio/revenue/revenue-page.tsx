import { earningsRoutes, type TLedgerEntry, type TLedgerKind } from '@linkstore/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Flex,
  Row,
  Spin,
  Statistic,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../shared/money/use-money';
import { PayoutStatusTag } from '../../shared/payouts/payout-status';
import { useFormatMoney, useMoment } from '../../shared/format/use-format';
import { ExportButtons } from '../layout/export-buttons';
import { OrderDrawer } from '../order/order-drawer';
import { dailyEarningsQuery, earningsSummaryQuery, ledgerQuery } from './api';
import { lastDays, pickedRange, type TDayRange } from './chart-range';
import { DailyChart } from './daily-chart';
import { PayoutsCard, PendingCard, WithdrawCard } from './payouts-cards';
import { PageHeading } from '../layout/page-heading';

/** The chart's range before the creator picks one. */
const DEFAULT_DAYS = 30;
const KIND_COLOURS: Record<TLedgerKind, string> = {
  sale: 'success',
  payout: 'processing',
  payout_return: 'warning',
  adjustment: 'default',
  purchase: 'default',
  refund: 'error',
};

/** `#/revenue`: the creator's balance, earnings per day and every ledger entry. */
export function RevenuePage() {
  const { t } = useTranslation('orders');
  return (
    <>
      <PageHeading>{t('earnings.heading')}</PageHeading>
      <SummaryCards />
      <PayoutsSection />
      <ChartCard />
      <LedgerCard />
    </>
  );
}

/** Where the money is: available, pending, in flight, paid out, then total earned and this month. */
function SummaryCards() {
  const { t } = useTranslation('payouts');
  const { t: tOrders } = useTranslation('orders');
  const money = useFormatMoney();
  const rate = useMoney().rate;
  const summary = useQuery(earningsSummaryQuery).data;
  const cards = [
    { key: 'available', cents: summary?.availableMinor },
    { key: 'pending', cents: summary?.pendingMinor },
    { key: 'inFlight', cents: summary?.inFlightMinor },
    { key: 'paidOut', cents: summary?.paidOutMinor },
    { key: 'totalEarned', cents: summary?.totalEarnedMinor },
    { key: 'thisMonth', cents: summary?.thisMonthMinor },
  ] as const;
  return (
    <>
      <Row gutter={[12, 12]}>
        {cards.map((card) => (
          <Col key={card.key} xs={12} md={8} xl={4}>
            <Card size="small" style={{ height: '100%' }}>
              <Statistic
                title={t(`figures.${card.key}`)}
                value={card.cents === undefined || !summary ? '—' : money(card.cents, summary.currencyCode)}
                loading={!summary}
                styles={{
                  content: {
                    fontSize: 20,
                    overflowWrap: 'anywhere',
                    ...(card.cents !== undefined && card.cents < 0
                      ? { color: 'var(--ant-color-error, #cf1322)' }
                      : {}),
                  },
                }}
              />
            </Card>
          </Col>
        ))}
      </Row>
      {summary && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          {tOrders(summary.adjustmentsMinor === 0 ? 'earnings.reconcile' : 'earnings.reconcileAdjusted', {
            earned: money(summary.totalEarnedMinor, summary.currencyCode),
            adjustments: money(summary.adjustmentsMinor, summary.currencyCode),
            paidOut: money(summary.paidOutMinor, summary.currencyCode),
            inFlight: money(summary.inFlightMinor, summary.currencyCode),
            balance: money(summary.balanceMinor, summary.currencyCode),
            available: money(summary.availableMinor, summary.currencyCode),
            pending: money(summary.pendingMinor, summary.currencyCode),
          })}
          {summary.purchasesMinor > 0 && (
            <>
              <br />
              {tOrders('earnings.purchases', { amount: money(summary.purchasesMinor, summary.currencyCode) })}
            </>
          )}
        </Typography.Paragraph>
      )}
      {summary && summary.availableMinor < 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 12 }}
          message={t('negativeBalance.title', {
            amount: money(summary.availableMinor, summary.currencyCode),
          })}
          description={t('negativeBalance.explanation')}
        />
      )}
      {rate.code !== 'USD' && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          {tOrders('earnings.usdNote')}
        </Typography.Paragraph>
      )}
    </>
  );
}

/** Withdraw, the sales still pending and the payouts made. */
function PayoutsSection() {
  const summary = useQuery(earningsSummaryQuery).data;
  return (
    <>
      <WithdrawCard summary={summary} />
      <PendingCard summary={summary} />
      <PayoutsCard />
    </>
  );
}

function ChartCard() {
  const { t } = useTranslation('orders');
  const { message } = App.useApp();
  const money = useMoney();
  const [range, setRange] = useState<TDayRange>(() => lastDays(DEFAULT_DAYS, new Date()));
  const daily = useQuery({ ...dailyEarningsQuery(range.from, range.to), placeholderData: keepPreviousData });
  const pick = (strings: [string, string]) => {
    const picked = pickedRange(strings);
    if (picked === 'tooLong') void message.warning(t('earnings.chart.tooLong'));
    else setRange(picked ?? lastDays(DEFAULT_DAYS, new Date()));
  };
  return (
    <Card title={t('earnings.chart.title')} style={{ marginTop: 16 }}>
      <DatePicker.RangePicker
        aria-label={t('earnings.chart.range')}
        placeholder={[range.from, range.to]}
        onChange={(_, strings) => pick(strings)}
        style={{ marginBottom: 16 }}
      />
      {daily.data ? <DailyChart days={daily.data} format={money.format} /> : <Spin />}
    </Card>
  );
}

function LedgerCard() {
  const { t } = useTranslation('orders');
  const { t: tStudio } = useTranslation('studio');
  const formatOwn = useFormatMoney();
  const dateTime = useMoment();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const [openNo, setOpenNo] = useState<string | undefined>();
  const entries = useQuery({
    ...ledgerQuery(page.pageNum, page.pageSize),
    placeholderData: keepPreviousData,
  });
  const columns: TableColumnsType<TLedgerEntry> = [
    { title: t('earnings.ledger.time'), dataIndex: 'createdAt', render: dateTime },
    {
      title: t('earnings.ledger.kind'),
      dataIndex: 'kind',
      render: (kind: TLedgerKind, entry) => (
        <>
          <Tag color={KIND_COLOURS[kind]}>{t(`earnings.ledger.kinds.${kind}`)}</Tag>
          {kind === 'payout' && entry.payoutStatus ? <PayoutStatusTag status={entry.payoutStatus} /> : null}
        </>
      ),
    },
    {
      title: t('earnings.ledger.amount'),
      dataIndex: 'amountMinor',
      align: 'right',
      render: (cents: number, entry) => formatOwn(cents, entry.currencyCode),
    },
    {
      title: t('earnings.ledger.order'),
      dataIndex: 'orderNo',
      render: (orderNo: string | null) =>
        orderNo ? (
          <Button
            type="link"
            size="small"
            style={{ padding: 0 }}
            aria-label={t('orders.open', { orderNo })}
            onClick={() => setOpenNo(orderNo)}
          >
            {orderNo}
          </Button>
        ) : (
          '—'
        ),
    },
  ];
  return (
    <Card title={t('earnings.ledger.title')} style={{ marginTop: 16 }}>
      <Flex justify="flex-end" style={{ marginBottom: 12 }}>
        <ExportButtons route={earningsRoutes.entriesExport} query={{}} label={tStudio('exports.earnings')} />
      </Flex>
      <Table<TLedgerEntry>
        rowKey="id"
        size="middle"
        scroll={{ x: 'max-content' }}
        columns={columns}
        dataSource={entries.data?.list ?? []}
        loading={entries.isFetching}
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: entries.data?.total ?? 0,
          showTotal: (total) => t('earnings.ledger.total', { count: total }),
          onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
        }}
      />
      <OrderDrawer orderNo={openNo} onClose={() => setOpenNo(undefined)} />
    </Card>
  );
}
