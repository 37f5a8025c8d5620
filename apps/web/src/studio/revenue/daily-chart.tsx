import type { TEarningsDaily } from '@linkstore/contract';
import { Empty } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { layoutBars } from './chart-range';
import styles from './revenue-page.module.css';

/** The drawing's own units; it is stretched to the card's width at a fixed height. */
const WIDTH = 720;
const PLOT_HEIGHT = 180;

interface DailyChartProps {
  days: TEarningsDaily;
  /** US cents in the reader's currency. */
  format: (cents: number) => string;
}

/**
 * Earnings per day as a bar chart in plain SVG (no chart library for one chart): the whole chart
 * is described for screen readers, each bar names its day and amount on hover.
 */
export function DailyChart({ days, format }: DailyChartProps) {
  const { t, i18n } = useTranslation('orders');
  const titleId = useId();
  const dayLabel = new Intl.DateTimeFormat(i18n.language, {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
  const label = (day: string) => dayLabel.format(new Date(`${day}T00:00:00Z`));
  const first = days.at(0);
  const last = days.at(-1);
  if (!first || !last) return null;
  const total = days.reduce((sum, d) => sum + d.cents, 0);
  const range = { from: label(first.day), to: label(last.day) };
  if (days.every((d) => d.cents === 0)) return <Empty description={t('earnings.chart.empty', range)} />;
  const { bars, baseline } = layoutBars(days, WIDTH, PLOT_HEIGHT);
  const best = days.reduce((top, d) => (d.cents > top.cents ? d : top), first);
  const summary = t('earnings.chart.summary', {
    ...range,
    total: format(total),
    best: t('earnings.chart.day', { day: label(best.day), amount: format(best.cents) }),
  });
  // Labels are HTML around the drawing, so they keep their size when the chart shrinks on a phone.
  return (
    <figure className={styles.figure}>
      <div className={styles.tick}>{format(best.cents)}</div>
      <svg
        className={styles.chart}
        viewBox={`0 0 ${WIDTH} ${PLOT_HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-labelledby={titleId}
      >
        <title id={titleId}>{summary}</title>
        <line x1={0} x2={WIDTH} y1={0} y2={0} className={styles.grid} />
        <line x1={0} x2={WIDTH} y1={baseline} y2={baseline} className={styles.axis} />
        {bars.map((bar) => (
          <rect
            key={bar.day}
            x={bar.x}
            y={bar.y}
            width={bar.width}
            height={bar.height}
            className={bar.cents < 0 ? styles.barBelow : styles.bar}
          >
            <title>{t('earnings.chart.day', { day: label(bar.day), amount: format(bar.cents) })}</title>
          </rect>
        ))}
      </svg>
      <div className={styles.days} aria-hidden>
        <span>{range.from}</span>
        <span>{range.to}</span>
      </div>
    </figure>
  );
}
