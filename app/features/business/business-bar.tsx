import type { ReactNode } from 'react';
import { Logo } from '../../components/ui/logo';
import { AccountControl } from '../../shared/auth/account-control';
import styles from './business.module.css';

/** The business screens' own bar (spec §2.2: they have no shared header): logo, tools, account. */
export function BusinessBar({ children }: { children?: ReactNode }) {
  return (
    <header className={styles.bar}>
      <div className={`page-width ${styles.barInner}`}>
        <span className={styles.barBrand}>
          <Logo />
          <span className={styles.barTag}>for business</span>
        </span>
        <div className={styles.barTools}>{children}</div>
        <AccountControl />
      </div>
    </header>
  );
}
