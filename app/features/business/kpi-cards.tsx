import { ArrowDownRight, ArrowUpRight } from 'lucide-react';
import type { Growth } from '../../../contract/business';
import styles from './business.module.css';

const number = new Intl.NumberFormat('en-US');

function Change({ now, before, days }: { now: number; before: number; days: number }) {
  if (before === 0 && now === 0) return <span className={styles.flat}>no change</span>;
  const change = before === 0 ? 100 : Math.round(((now - before) / before) * 100);
  const up = change >= 0;
  return (
    <span className={up ? styles.up : styles.down}>
      {up ? <ArrowUpRight aria-hidden="true" /> : <ArrowDownRight aria-hidden="true" />}
      {up ? '+' : ''}
      {change}% <span className="visually-hidden">compared with the {days} days before</span>
    </span>
  );
}

/** The key counts of the last 30 days. */
export function KpiCards({ growth }: { growth: Growth }) {
  const { totals, previous } = growth;
  const cards = [
    {
      label: 'Video views',
      value: number.format(totals.views),
      change: <Change now={totals.views} before={previous.views} days={growth.range} />,
    },
    {
      label: 'Minutes watched',
      value: number.format(Math.round(totals.watched_minutes)),
      change: <span className={styles.flat}>across all videos</span>,
    },
    {
      label: 'Followers',
      value: number.format(totals.followers),
      change: (
        <span className={totals.new_followers > 0 ? styles.up : styles.flat}>
          +{number.format(totals.new_followers)} new
        </span>
      ),
    },
    {
      label: 'Shares',
      value: number.format(totals.shares),
      change: <Change now={totals.shares} before={previous.shares} days={growth.range} />,
    },
  ];
  return (
    <ul className={styles.kpis} aria-label={`Last ${growth.range} days`}>
      {cards.map((card) => (
        <li key={card.label} className={styles.kpi}>
          <span className={styles.kpiLabel}>{card.label}</span>
          <strong className={styles.kpiValue}>{card.value}</strong>
          {card.change}
        </li>
      ))}
    </ul>
  );
}
