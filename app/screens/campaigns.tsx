import { PageHeader } from '../components/layout/page-header';
import type { ScreenId } from '../route-sets';
import { defineScreen } from './screen-module';
import styles from './screens.module.css';

/** The campaign pages of spec §2.3; issue 7 writes them out inside these layouts. */
const TITLES: Partial<Record<ScreenId, { title: string; lead: string }>> = {
  scholarship: {
    title: 'The Spotreel Veterans Scholarship',
    lead: 'Supporting veterans who tell the stories of their cities.',
  },
  'kygo-sweepstakes': {
    title: 'The Spotreel Summer Giveaway',
    lead: 'Enter for a chance to win a weekend of the best spots.',
  },
  'kygo-sweepstakes-rules': {
    title: 'Official giveaway rules',
    lead: 'Who may enter, when, and how winners are chosen.',
  },
  creators: {
    title: 'Become a Spotreel creator',
    lead: 'Film the places you love and grow an audience that trusts your taste.',
  },
  communityround: {
    title: 'The Spotreel community round',
    lead: 'Own a piece of the product you help build.',
  },
  trytibbs: {
    title: 'A partner offer for Spotreel locals',
    lead: 'An exclusive offer from one of our partners.',
  },
};

export const screen = defineScreen<null>({
  load: async () => null,
  meta: (_data, screen) => {
    const copy = TITLES[screen.id] ?? TITLES.creators!;
    return { title: `${copy.title} · Spotreel`, description: copy.lead };
  },
  Screen: ({ screen }) => {
    const copy = TITLES[screen.id] ?? TITLES.creators!;
    return (
      <div className={styles.placeholder}>
        <PageHeader eyebrow="Spotreel" title={copy.title} lead={copy.lead} />
      </div>
    );
  },
});
