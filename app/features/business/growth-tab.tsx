import { Link } from 'react-router';
import { useEffect, useEffectEvent, useRef } from 'react';
import type { Growth, GrowthDay } from '../../../contract/business';
import { dashboardHref, GROWTH_RANGES, type DashboardData } from './dashboard-data';
import type { ChartSeries, drawChart } from './growth-chart';
import { KpiCards } from './kpi-cards';
import styles from './business.module.css';

const dayLabel = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const formatDay = (day: string) => dayLabel.format(new Date(`${day}T00:00:00Z`));

interface Metric {
  id: string;
  title: string;
  kind: ChartSeries['kind'];
  color: string;
  value: (day: GrowthDay) => number;
  column: string;
}

const METRICS: Metric[] = [
  {
    id: 'views',
    title: 'Video views per day',
    kind: 'bars',
    color: '#e0483d',
    value: (d) => d.views,
    column: 'Views',
  },
  {
    id: 'followers',
    title: 'Followers',
    kind: 'line',
    color: '#2c7a7b',
    value: (d) => d.followers,
    column: 'Followers',
  },
  {
    id: 'shares',
    title: 'Shares per day',
    kind: 'bars',
    color: '#d99a00',
    value: (d) => d.shares,
    column: 'Shares',
  },
];

/** The dashboard's Growth tab: views, followers and shares over 7, 30 or 90 days. */
export function GrowthTab({ data }: { data: Extract<DashboardData, { state: 'ready' }> }) {
  const { growth, selected, range } = data;
  return (
    <>
      <div className={styles.rangeBar}>
        <h2 className={styles.panelTitle}>Growth</h2>
        <nav aria-label="Range" className={styles.ranges}>
          {GROWTH_RANGES.map((days) => (
            <Link
              key={days}
              to={dashboardHref('growth', selected, days)}
              aria-current={days === range ? 'page' : undefined}
              className={styles.range}
              preventScrollReset
            >
              {days} days
            </Link>
          ))}
        </nav>
      </div>
      {growth ? (
        <>
          <KpiCards growth={growth} />
          {METRICS.map((metric) => (
            <GrowthFigure key={metric.id} growth={growth} metric={metric} />
          ))}
        </>
      ) : (
        <p className={styles.muted}>Growth is not available right now. Try again in a moment.</p>
      )}
    </>
  );
}

function GrowthFigure({ growth, metric }: { growth: Growth; metric: Metric }) {
  const box = useRef<HTMLDivElement>(null);
  const days = growth.days.map((day) => day.date);
  const values = growth.days.map(metric.value);
  // Names everything the chart draws (place, range, values; the metric is the figure's own): the
  // chart is drawn again when it changes, not for each render's new but equal arrays.
  const key = `${growth.clm_id}:${growth.range}:${values.join(',')}`;
  const draw = useEffectEvent((element: HTMLElement, drawWith: typeof drawChart) =>
    drawWith(element, days, {
      label: metric.column,
      values,
      color: metric.color,
      kind: metric.kind,
    }),
  );

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let cleanUp: (() => void) | null = null;
    let live = true;
    void import('./growth-chart').then(({ drawChart }) => {
      if (live) cleanUp = draw(element, drawChart);
    });
    return () => {
      live = false;
      cleanUp?.();
    };
  }, [key]);

  const total =
    metric.id === 'followers' ? (values.at(-1) ?? 0) : values.reduce((a, b) => a + b, 0);
  const captionId = `growth-${metric.id}`;
  return (
    <figure className={styles.chartCard} aria-labelledby={captionId} data-metric={metric.id}>
      <figcaption id={captionId} className={styles.chartTitle}>
        {metric.title}
        <span>
          {metric.id === 'followers'
            ? `${total.toLocaleString('en-US')} now`
            : `${total.toLocaleString('en-US')} in ${growth.range} days`}
        </span>
      </figcaption>
      {/* The picture is for sighted readers; the same numbers are in the table below. */}
      <div ref={box} className={styles.chart} aria-hidden="true" />
      <details className={styles.chartTable}>
        <summary>Show the numbers</summary>
        <table>
          <caption className="visually-hidden">{metric.title}, by day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">{metric.column}</th>
            </tr>
          </thead>
          <tbody>
            {growth.days.map((day) => (
              <tr key={day.date}>
                <th scope="row">
                  <time dateTime={day.date}>{formatDay(day.date)}</time>
                </th>
                <td>{metric.value(day).toLocaleString('en-US')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
