/** The title and description of each business page (spec §2.2), by page. */
export const BUSINESS_META = {
  landing: {
    title: 'Spotreel for businesses',
    description:
      'Get videos from top local creators, claim your listing and see how people find you.',
  },
  claim: {
    title: 'Claim your business',
    description: 'Tell us who you are and which place is yours.',
  },
  claimComplete: {
    title: 'Your claim is in',
    description: 'We check every claim and email you within two business days.',
  },
  signIn: {
    title: 'Sign in to your business',
    description: 'Use the account you claimed your listing with.',
  },
  dashboard: {
    title: 'Your business dashboard',
    description: 'Views, followers and shares of your listing.',
  },
  verify: {
    title: 'Verify your business',
    description: 'A short call confirms you run this place.',
  },
  verifyCheckout: {
    title: 'Your business profile',
    description: 'One monthly plan, cancel any time.',
  },
} as const;

/** A business page's meta: its copy, titled with the product's name. */
export const businessMeta = (page: keyof typeof BUSINESS_META, canonicalPath?: string) => ({
  title: `${BUSINESS_META[page].title} · Spotreel`,
  description: BUSINESS_META[page].description,
  ...(canonicalPath ? { canonicalPath } : {}),
});
