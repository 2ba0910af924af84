import type { APIRequestContext } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';

/** Issue 18, criterion 5: open now in the place's own zone, hours as US visitors read them, directions. */

type Place = {
  clm_slug: string;
  clm_lat: number;
  clm_lon: number;
  clm_hours: { day: string; open: string | null; close: string | null }[];
  city: { clm_time_zone: string };
};

async function place(request: APIRequestContext, id: number): Promise<Place> {
  return (await (await request.get(`/api/v2/locations/${id}`)).json()) as Place;
}

const hoursOf = (p: Place, day: string) => p.clm_hours.find((h) => h.day === day);

// The visitor is on Tokyo's clocks: what the page says must follow the place's zone instead.
test.use({ timezoneId: 'Asia/Tokyo' });

test.describe('opening hours and directions on the place page', () => {
  test('a bar open past midnight is still open at 1:30 AM, and closed on its closed day', async ({
    page,
    request,
  }) => {
    // The Plum Lounge, New York: 5 PM – 2 AM, closed on Tuesdays (the seeded world).
    const bar = await place(request, 1006);
    expect(bar.city.clm_time_zone).toBe('America/New_York');
    expect(hoursOf(bar, 'Monday')).toMatchObject({ open: '17:00', close: '02:00' });
    expect(hoursOf(bar, 'Tuesday')).toMatchObject({ open: null, close: null });

    // Tuesday 24 November 2026, 1:30 AM in New York (06:30 UTC; 3:30 PM in Tokyo).
    await page.clock.setFixedTime(new Date('2026-11-24T06:30:00Z'));
    await page.goto(`/locations/${bar.clm_slug}`);
    await hydrated(page);
    const status = page.getByTestId('open-now');
    await expect(status).toHaveText('Closes soon · Closes 2 AM');
    await expect(status).toHaveAttribute('data-open', 'true');

    // Later that Tuesday: closed all day, open again Wednesday at 5 PM.
    await page.clock.setFixedTime(new Date('2026-11-24T17:00:00Z'));
    await page.reload();
    await hydrated(page);
    await expect(status).toHaveText('Closed · Opens 5 PM tomorrow');
    await expect(status).toHaveAttribute('data-open', 'false');

    // The week in 12-hour time, today's row marked for everyone.
    const table = page.getByRole('table', { name: 'Opening hours, local time' });
    await expect(table.getByRole('row', { name: /Mon/ })).toContainText('5 PM – 2 AM');
    await expect(table.getByRole('row', { name: /Tue/ })).toContainText('Closed');
    await expect(table.locator('tr[data-today]')).toHaveCount(1);
    await expect(table.locator('tr[data-today]')).toContainText('Tue (today)');
  });

  test('a restaurant open at noon says when it closes; directions open both map apps', async ({
    page,
    request,
  }) => {
    // Hand Roll Hive, New Orleans (Central time): 11 AM – 10 PM on Tuesdays.
    const restaurant = await place(request, 1265);
    expect(restaurant.city.clm_time_zone).toBe('America/Chicago');
    expect(hoursOf(restaurant, 'Tuesday')).toMatchObject({ open: '11:00', close: '22:00' });

    // Tuesday noon in New Orleans is 18:00 UTC (Wednesday 3 AM in Tokyo).
    await page.clock.setFixedTime(new Date('2026-11-24T18:00:00Z'));
    await page.goto(`/locations/${restaurant.clm_slug}`);
    await hydrated(page);
    await expect(page.getByTestId('open-now')).toHaveText('Open now · Closes 10 PM');

    const destination = `${restaurant.clm_lat},${restaurant.clm_lon}`;
    const apple = page.getByRole('link', { name: /Apple Maps/ });
    const google = page.getByRole('link', { name: /Google Maps/ });
    await expect(apple).toHaveAttribute(
      'href',
      new RegExp(`^https://maps\\.apple\\.com/\\?daddr=${destination}`),
    );
    await expect(google).toHaveAttribute(
      'href',
      `https://www.google.com/maps/dir/?api=1&destination=${destination}`,
    );
    await expect(apple).toHaveAttribute('target', '_blank');
    await expect(google).toHaveAttribute('rel', /noopener/);
  });

  test('the server’s page never says “now”: the status is worked out in the browser', async ({
    request,
  }) => {
    const answer = await request.get('/locations/hand-roll-hive-1265');
    const html = await answer.text();
    expect(html).toContain('data-testid="open-now"');
    expect(html).not.toMatch(/Open now|Closes soon|Opens \d/);
    // …while the week's hours are in the page, in 12-hour time.
    expect(html).toContain('11 AM – 10 PM');
  });
});
