import {
  daysBetween,
  MAX_PAYOUT_DAILY_DAYS,
  type TPayoutDaily,
  type TPayoutDay,
  type TPayoutDayFigure,
} from '@linkstore/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  App,
  Card,
  DatePicker,
  Empty,
  Flex,
  Segmented,
  Spin,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatMoney } from '../../shared/format/use-format';
import { dailyPayoutsQuery } from './api';
import styles from './payouts-daily.module.css';
import { useFocusableScroll } from '../shared/use-focusable-scroll';

const DAY_MS = 86_400_000;
/** The range before the operator picks one. */
const DEFAULT_DAYS = 30;
const WIDTH = 720;
const HEIGHT = 160;

interface TRange {
  from: string;
  to: string;
}

/** The `days` UTC days up to and including today's. */
export function lastDays(days: number, now: Date): TRange {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const iso = (time: number) => new Date(time).toISOString().slice(0, 10);
  return { from: iso(today - (days - 1) * DAY_MS), to: iso(today) };
}

/** Requested and processing are both still on their way. */
function inFlight(day: TPayoutDay): TPayoutDayFigure {
  return {
    count: day.requested.count + day.processing.count,
    cents: day.requested.cents + day.processing.cents,
  };
}

const SEGMENTS = [
  { key: 'paid', className: styles.paid, figure: (d: TPayoutDay) => d.paid },
  { key: 'inFlight', className: styles.inFlight, figure: inFlight },
  { key: 'returned', className: styles.returned, figure: (d: TPayoutDay) => d.returned },
] as const;

/** Payouts requested per UTC day (by their status now), as a chart or as a table. */
export function PayoutsDaily() {
  const { t } = useTranslation('payouts');
  const { message } = App.useApp();
  const [range, setRange] = useState<TRange>(() => lastDays(DEFAULT_DAYS, new Date()));
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const daily = useQuery({ ...dailyPayoutsQuery(range.from, range.to), placeholderData: keepPreviousData });

  const pick = ([from, to]: [string, string]) => {
    if (!from || !to) setRange(lastDays(DEFAULT_DAYS, new Date()));
    else if (daysBetween(from, to) >= MAX_PAYOUT_DAILY_DAYS) void message.warning(t('daily.tooLong'));
    else setRange({ from, to });
  };

  return (
    <Card
      size="small"
      title={t('daily.title')}
      extra={
        <Segmented
          size="small"
          aria-label={t('daily.view')}
          value={view}
          onChange={(value) => setView(value)}
          options={[
            { value: 'chart' as const, label: t('daily.chart') },
            { value: 'table' as const, label: t('daily.table') },
          ]}
        />
      }
    >
      <Flex vertical gap={12}>
        <DatePicker.RangePicker
          aria-label={t('daily.range')}
          placeholder={[range.from, range.to]}
          onChange={(_, strings) => pick(strings)}
          style={{ maxWidth: 320 }}
        />
        {!daily.data ? (
          <Spin />
        ) : view === 'chart' ? (
          <DailyBars days={daily.data} />
        ) : (
          <DailyTable days={daily.data} />
        )}
        {daily.data && <Totals days={daily.data} />}
      </Flex>
    </Card>
  );
}

function useDayLabel() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  return (day: string) => format.format(new Date(`${day}T00:00:00Z`));
}

/** One stacked bar per day: paid, in flight, returned, scaled to the day with the most money. */
function DailyBars({ days }: { days: TPayoutDaily }) {
  const { t } = useTranslation('payouts');
  const money = useFormatMoney();
  const label = useDayLabel();
  const titleId = useId();
  const first = days.at(0);
  const last = days.at(-1);
  if (!first || !last) return null;
  const dayTotal = (d: TPayoutDay) => SEGMENTS.reduce((sum, s) => sum + s.figure(d).cents, 0);
  const best = Math.max(...days.map(dayTotal));
  const range = { from: label(first.day), to: label(last.day) };
  if (best === 0) return <Empty description={t('daily.empty', range)} />;
  const slot = WIDTH / days.length;
  const describe = (d: TPayoutDay) =>
    t('daily.dayTitle', {
      day: label(d.day),
      figures: SEGMENTS.map((s) =>
        t('daily.figure', {
          status: t(`status.${s.key}`),
          count: s.figure(d).count,
          amount: money(s.figure(d).cents, 'USD'),
        }),
      ).join(', '),
    });
  return (
    <figure style={{ margin: 0 }}>
      <svg
        className={styles.chart}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-labelledby={titleId}
      >
        <title id={titleId}>{t('daily.summary', { ...range, best: money(best, 'USD') })}</title>
        <line x1={0} x2={WIDTH} y1={HEIGHT} y2={HEIGHT} className={styles.axis} />
        {days.map((d, index) => {
          let top = HEIGHT;
          return (
            <g key={d.day}>
              <title>{describe(d)}</title>
              {SEGMENTS.map((s) => {
                const height = (s.figure(d).cents / best) * HEIGHT;
                top -= height;
                return height > 0 ? (
                  <rect
                    key={s.key}
                    x={index * slot + slot * 0.1}
                    width={slot * 0.8}
                    y={top}
                    height={height}
                    className={s.className}
                  />
                ) : null;
              })}
            </g>
          );
        })}
      </svg>
      <div className={styles.days} aria-hidden>
        <span>{range.from}</span>
        <span>{range.to}</span>
      </div>
      <div className={styles.legend} aria-hidden>
        {SEGMENTS.map((s) => (
          <span key={s.key}>
            <span className={`${styles.swatch} ${s.className}`} />
            {t(`status.${s.key}`)}
          </span>
        ))}
      </div>
    </figure>
  );
}

/** The same figures as a table: the days with payouts, newest first. */
function DailyTable({ days }: { days: TPayoutDaily }) {
  const { t } = useTranslation('payouts');
  const money = useFormatMoney();
  const label = useDayLabel();
  const cell = (figure: TPayoutDayFigure) =>
    figure.count === 0 ? '—' : t('daily.cell', { count: figure.count, amount: money(figure.cents, 'USD') });
  const rows = days.filter((d) => SEGMENTS.some((s) => s.figure(d).count > 0)).reverse();
  const scrollBox = useFocusableScroll<HTMLDivElement>();
  const columns: TableColumnsType<TPayoutDay> = [
    { title: t('daily.day'), dataIndex: 'day', render: (day: string) => label(day) },
    ...(['requested', 'processing', 'paid', 'returned'] as const).map((status) => ({
      title: t(`status.${status}`),
      key: status,
      align: 'right' as const,
      render: (_: unknown, d: TPayoutDay) => cell(d[status]),
    })),
  ];
  return (
    <div ref={scrollBox}>
      <Table<TPayoutDay>
        size="small"
        rowKey="day"
        columns={columns}
        dataSource={rows}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('daily.none') }}
      />
    </div>
  );
}

/** The range's totals in one line. */
function Totals({ days }: { days: TPayoutDaily }) {
  const { t } = useTranslation('payouts');
  const money = useFormatMoney();
  const sum = (figure: (d: TPayoutDay) => TPayoutDayFigure) =>
    days.reduce((acc, d) => ({ count: acc.count + figure(d).count, cents: acc.cents + figure(d).cents }), {
      count: 0,
      cents: 0,
    });
  return (
    <Typography.Text type="secondary">
      {SEGMENTS.map((s) => {
        const total = sum(s.figure);
        return t('daily.figure', {
          status: t(`status.${s.key}`),
          count: total.count,
          amount: money(total.cents, 'USD'),
        });
      }).join(' · ')}
    </Typography.Text>
  );
}
