import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

/**
 * Chunks (docs/decisions/013-page-weight.md). Left alone, the bundler makes a small chunk for
 * every set of modules two chunks share — a dozen requests per page. Instead: the framework in
 * one chunk; the code the parts loaded on demand (sign-in, profile form, business area, consent
 * banner and trackers) share only among themselves in one; and the app code the pages share with
 * them in one more. ON_DEMAND pays 9.4 KB gzip on each first load (bench/RESULTS.md, "Chunk
 * group on-demand", row "ON_DEMAND, business-meta left to the pages") only while no module a
 * first load needs matches it: one that does (the root's `businessMeta` did) pulls the whole
 * on-demand chunk into every page, 1.3 KB worse than no ON_DEMAND at all (row "ON_DEMAND as it was").
 */
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/;
const ON_DEMAND =
  /[\\/]app[\\/](components[\\/]ui[\\/]form-field\.|shared[\\/]auth[\\/](sign-in-panel|sign-in|username-field|auth-popup|provider-marks)\.|features[\\/](campaigns[\\/]|business[\\/](?!(dashboard-data|claim-prefill|business-sign-in|business-entry|business-meta|classify-location)\.)|users[\\/]edit-profile-dialog\.|analytics[\\/](consent-banner|trackers|first-party-sink|script-trackers|posthog-tracker)\.))/;
/**
 * The landing page and the results page go with the home, city and unknown-path routes only, not
 * in `shared`: every other page loaded them for nothing (bench/RESULTS.md, "Chunk group
 * on-demand", rows "listings left out of shared" against "ON_DEMAND, business-meta left to the
 * pages").
 */
const LISTINGS =
  /[\\/]app[\\/]features[\\/](landing[\\/](landing-page|load-landing)\.|search[\\/](results-view|results-page|load-results|results)\.)/;
const APP = /[\\/](app|contract)[\\/]|node_modules[\\/]lucide-react[\\/]/;

export default defineConfig({
  plugins: [reactRouter()],
  build: {
    target: 'es2022',
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: FRAMEWORK, priority: 30 },
            // Every CSS module's class names go with the pages' shared code. Their styles are in
            // the one stylesheet whichever chunk holds the names; the group keeps the chunks as
            // they were measured (docs/decisions/082-one-stylesheet.md).
            {
              name: 'shared',
              test: (id) => APP.test(id) && id.endsWith('.module.css'),
              priority: 25,
            },
            // first what pages share (with its dependencies), then what is left to the on-demand parts
            {
              name: 'shared',
              test: (id) => APP.test(id) && !ON_DEMAND.test(id) && !LISTINGS.test(id),
              minShareCount: 2,
              priority: 20,
            },
            { name: 'on-demand', test: ON_DEMAND, minShareCount: 2, priority: 10 },
          ],
        },
      },
    },
  },
  css: { modules: { localsConvention: 'camelCaseOnly' } },
});
