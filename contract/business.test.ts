import { describe, expect, it } from 'vitest';
import { ClaimBody, HoursInput, WebsiteInput } from './business';

const week = (change: (day: string) => { open: string | null; close: string | null }) =>
  ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((day) => ({
    day,
    ...change(day),
  }));

describe('business inputs', () => {
  it('reads a website as people type it', () => {
    expect(WebsiteInput.parse('tacos.example.com')).toBe('https://tacos.example.com/');
    expect(WebsiteInput.parse(' http://a.example/menu ')).toBe('http://a.example/menu');
    expect(WebsiteInput.parse('')).toBeNull();
    expect(WebsiteInput.safeParse('not a site').success).toBe(false);
    expect(WebsiteInput.safeParse('localhost').success).toBe(false);
  });

  it('takes a week of hours Monday to Sunday, each day open–close or closed', () => {
    expect(HoursInput.safeParse(week(() => ({ open: '09:00', close: '17:30' }))).success).toBe(
      true,
    );
    expect(HoursInput.safeParse(week(() => ({ open: null, close: null }))).success).toBe(true);
    expect(HoursInput.safeParse(week(() => ({ open: '18:00', close: '02:00' }))).success).toBe(
      true,
    ); // past midnight
    const halfOpen = HoursInput.safeParse(
      week((d) => (d === 'Tuesday' ? { open: '09:00', close: null } : { open: null, close: null })),
    );
    expect(halfOpen.error?.issues[0]?.message).toBe(
      'Tuesday: give both opening and closing times, or mark it closed',
    );
    expect(HoursInput.safeParse(week(() => ({ open: '9am', close: '17:00' }))).success).toBe(false);
    expect(HoursInput.safeParse(week(() => ({ open: '10:00', close: '10:00' }))).success).toBe(
      false,
    );
    expect(HoursInput.safeParse(week(() => ({ open: null, close: null })).reverse()).success).toBe(
      false,
    );
    expect(HoursInput.safeParse(week(() => ({ open: null, close: null })).slice(1)).success).toBe(
      false,
    );
  });

  it('checks a claim field by field', () => {
    const claim = {
      owner_name: 'Rosa Diaz',
      position: 'Owner',
      business_name: 'Corner Bakery',
      address: { addr_line1: '12 Elm St', city: 'Chicago', state: 'il', postal: '60601-1234' },
      email: 'rosa@example.com',
      phone: '+1 (312) 555-0147',
    };
    expect(ClaimBody.parse(claim).address.state).toBe('IL');
    const paths = (body: unknown) =>
      ClaimBody.safeParse(body).error?.issues.map((issue) => issue.path.join('.'));
    expect(paths({ ...claim, phone: '555' })).toEqual(['phone']);
    expect(paths({ ...claim, email: 'rosa' })).toEqual(['email']);
    expect(paths({ ...claim, owner_name: '  ' })).toEqual(['owner_name']);
    expect(
      paths({ ...claim, address: { ...claim.address, postal: '606', state: 'Illinois' } }),
    ).toEqual(['address.state', 'address.postal']);
  });
});
