import { Cookie } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Button } from '../../components/ui/button';
import { useRootData } from '../../root-data';
import type { Consent } from './consent';
import styles from './consent-banner.module.css';

/**
 * The consent banner (docs/decisions/017-flags-and-analytics.md): measurement starts only after
 * "Allow"; "No thanks" is as easy as yes. Shown after the page is interactive, fixed over the
 * bottom edge, so it moves nothing on the page; opened again from the footer's "Cookie choices",
 * it takes the focus and says what the visitor chose before.
 */
export default function ConsentBanner({
  current,
  takeFocus,
  onChoose,
}: {
  current: Consent | null;
  takeFocus: boolean;
  onChoose: (choice: Consent) => void;
}) {
  const titleId = useId();
  const textId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const config = useRootData()?.config;
  const { posthog, ga4, metaPixel } = config?.analytics ?? {};
  const partners = Boolean(posthog || ga4 || metaPixel);

  useEffect(() => {
    if (takeFocus) heading.current?.focus();
  }, [takeFocus]);

  return (
    <section className={styles.banner} aria-labelledby={titleId} aria-describedby={textId}>
      <h2 id={titleId} className={styles.title} ref={heading} tabIndex={-1}>
        <Cookie aria-hidden="true" />
        Help us make Spotreel better
      </h2>
      <p id={textId} className={styles.text}>
        May we measure how you use Spotreel — pages you open and buttons you tap
        {partners ? ', with our analytics partners' : ''}? You can change your mind any time under
        Cookie choices.{' '}
        {config ? (
          <a href={config.companyLinks.privacy} className={styles.link}>
            Privacy policy
          </a>
        ) : null}
      </p>
      {current ? (
        <p className={styles.current}>
          Right now you {current === 'granted' ? 'allow' : 'do not allow'} measurement.
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button onClick={() => onChoose('granted')}>Allow</Button>
        <Button variant="secondary" onClick={() => onChoose('denied')}>
          No thanks
        </Button>
      </div>
    </section>
  );
}
