/** spec §2.2: the query the business-entry decision prefills claim-business with. */
export interface ClaimPrefill {
  utm_source: string;
  position: string;
  business_name: string;
  business_website: string;
  addr_line1: string;
  city: string;
  state: string;
  postal: string;
}

export function claimPrefill(query: URLSearchParams): ClaimPrefill {
  const get = (key: string) => (query.get(key) ?? '').slice(0, 300);
  return {
    utm_source: get('utm_source'),
    position: get('position') || 'Owner',
    business_name: get('businessName'),
    business_website: get('businessWebsite'),
    addr_line1: get('address[addr_line1]'),
    city: get('address[city]'),
    state: get('address[state]'),
    postal: get('address[postal]'),
  };
}
