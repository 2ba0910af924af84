import type { Location } from '../../../contract/locations';
import { classifyLocation } from './classify-location';

export interface BusinessEntryInput {
  location: Location;
  /** Where the visitor came from (utm_source of the page); empty when unknown. */
  source: string;
  /** The default-target flag (feature flags, issue 8): when set, every claim goes there. */
  defaultTarget: string | null;
  /** The external business-claim site (config). */
  claimSiteUrl: string;
}

const CLAIM_SITE_SOURCES = ['', '/', 'canonical-mobile'];

/**
 * spec §2.2 business-entry decision — where a claim button leads:
 * 1. a default target when the flag is set;
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
  if (defaultTarget) return defaultTarget;
  const kind = classifyLocation(location);
  if (kind === 'hospitality' && CLAIM_SITE_SOURCES.includes(source)) return claimSiteUrl;
  if (kind === 'non-hospitality') {
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
