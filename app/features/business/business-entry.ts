import type { BusinessEntryTarget } from '../../../contract/analytics-events';
import type { Location } from '../../../contract/locations';
import { classifyLocation } from './classify-location';

export interface BusinessEntryInput {
  location: Location;
  /** Where the visitor came from (utm_source of the page); empty when unknown. */
  source: string;
  /** The default-target flag (`business-entry-default-target`): while set, every claim takes that branch. */
  defaultTarget: BusinessEntryTarget | null;
  /** The external business-claim site (config). */
  claimSiteUrl: string;
}

const CLAIM_SITE_SOURCES = ['', '/', 'canonical-mobile'];

/**
 * spec §2.2 business-entry decision — where a claim button leads:
 * 1. the default target's branch when the flag names one;
 * 2. hospitality places whose source is empty, '/' or canonical-mobile go to the external claim site;
 * 3. non-hospitality places go to /verify-business (with utm_source when known);
 * 4. otherwise /claim-business, prefilled.
 */
export function businessEntryTarget({
  location,
  source,
  defaultTarget,
  claimSiteUrl,
}: BusinessEntryInput): string {
  const kind = classifyLocation(location);
  const branch =
    defaultTarget ??
    (kind === 'hospitality' && CLAIM_SITE_SOURCES.includes(source)
      ? 'claim-site'
      : kind === 'non-hospitality'
        ? 'verify-business'
        : 'claim-business');
  if (branch === 'claim-site') return claimSiteUrl;
  if (branch === 'verify-business') {
    return source
      ? `/verify-business?${new URLSearchParams({ utm_source: source })}`
      : '/verify-business';
  }
  const query = new URLSearchParams({
    utm_source: source,
    position: 'Owner',
    businessName: location.clm_name,
    businessWebsite: location.links.website ?? '',
    'address[addr_line1]': location.clm_address,
    'address[city]': location.clm_city,
    'address[state]': location.clm_state,
    'address[postal]': location.clm_zip,
  });
  return `/claim-business?${query}`;
}
