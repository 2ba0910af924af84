import type { APIRequestContext, Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';

/** Issue 6: the business area — claims, verification, owner sign-in and the dashboard. */

interface PlaceRecord {
  clm_id: number;
  clm_name: string;
  clm_slug: string;
  city_slug: string;
  clm_address: string;
  clm_city: string;
  clm_state: string;
  clm_zip: string;
  super_categories: string[];
  links: { website: string | null };
  tags: { categories: { safe_name: string }[]; cuisines: unknown[]; food_and_drink: unknown[] };
}

/** A seeded place of each §4 classification. */
async function placeOf(request: APIRequestContext, kind: 'hospitality' | 'non-hospitality') {
  for (let id = 1001; id < 1200; id++) {
    const answer = await request.get(`/api/v2/locations/${id}`);
    if (!answer.ok()) continue;
    const place = (await answer.json()) as PlaceRecord;
    const shop = place.super_categories.includes('shopping') || place.super_categories.length === 0;
    if ((kind === 'non-hospitality') === shop) return place;
  }
  throw new Error(`no ${kind} place seeded`);
}

const placePath = (place: PlaceRecord, query = '') =>
  `/location/${place.city_slug}/${place.clm_slug}${query}`;

async function signInAs(page: Page, provider: string, name: RegExp) {
  await page.goto('/biz/sign-in');
  await hydrated(page);
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: `Continue with ${provider}` }).click();
  await (await popupOpened).getByRole('button', { name }).click();
  await expect(page).toHaveURL(/\/biz\/dashboard/);
}

test.describe('where claim leads (spec §2.2 business entry)', () => {
  test('a hospitality place opened without a source goes to the external claim site', async ({
    page,
    request,
  }) => {
    const place = await placeOf(request, 'hospitality');
    await page.goto(placePath(place));
    const claim = page.getByRole('link', { name: 'Claim Business' });
    await expect(claim).toHaveAttribute('href', 'https://business.spotreel.app/claim');
    await expect(claim).toHaveAttribute('target', '_blank');
  });

  test('a non-hospitality place goes to /verify-business with its utm_source', async ({
    page,
    request,
  }) => {
    const place = await placeOf(request, 'non-hospitality');
    await page.goto(placePath(place, '?utm_source=newsletter'));
    await hydrated(page);
    const claim = page.getByRole('link', { name: 'Claim Business' });
    await expect(claim).toHaveAttribute('href', '/verify-business?utm_source=newsletter');
    await claim.click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Verify your business' }),
    ).toBeVisible();
    await expect(page.locator('main#main')).toHaveAttribute('data-layout', 'business-bare');
    const schedule = page.getByRole('link', { name: 'Schedule a verification call' });
    await expect(schedule).toHaveAttribute('href', /schedule-verification\?utm_source=newsletter$/);
    await page.getByRole('link', { name: 'See the business profile' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Your business profile' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Continue to secure checkout' })).toHaveAttribute(
      'href',
      'https://business.spotreel.app/checkout/monthly-profile',
    );
  });

  test('an ordinary claim goes to /claim-business, prefilled; it is stored once', async ({
    page,
    request,
    consoleProblems,
  }) => {
    // bad input and the duplicate, on purpose: Chromium logs the server's answers
    consoleProblems.allow(/status of (400 \(Bad Request\)|409 \(Conflict\))/);
    const place = await placeOf(request, 'hospitality');
    await page.goto(placePath(place, '?utm_source=newsletter'));
    await hydrated(page);
    const claim = page.getByRole('link', { name: 'Claim Business' });
    const href = new URL((await claim.getAttribute('href'))!, 'http://x');
    expect(href.pathname).toBe('/claim-business');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      utm_source: 'newsletter',
      position: 'Owner',
      businessName: place.clm_name,
      businessWebsite: place.links.website ?? '',
      'address[addr_line1]': place.clm_address,
      'address[city]': place.clm_city,
      'address[state]': place.clm_state,
      'address[postal]': place.clm_zip,
    });
    await claim.click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Claim your business' }),
    ).toBeVisible();
    await expect(page.getByLabel('Business name')).toHaveValue(place.clm_name);
    await expect(page.getByLabel('Street address')).toHaveValue(place.clm_address);
    await expect(page.getByLabel('City')).toHaveValue(place.clm_city);
    await expect(page.getByLabel('State')).toHaveValue(place.clm_state);
    await expect(page.getByLabel('ZIP code')).toHaveValue(place.clm_zip);
    await expect(page.getByLabel('Your role')).toHaveValue('Owner');
    await hydrated(page);

    // Bad input: a sentence beside each field
    await page.getByRole('button', { name: 'Send my claim' }).click();
    await expect(page.getByText('Your name is required')).toBeVisible();
    await expect(page.getByText('Enter an email address like you@example.com')).toBeVisible();
    await expect(page.getByLabel('Your name')).toBeFocused();

    const email = `owner.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
    await page.getByLabel('Your name').fill('Dana Ortiz');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone').fill('(312) 555-0147');
    const claimUrl = page.url();
    await page.getByRole('button', { name: 'Send my claim' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Thanks — your claim is in' }),
    ).toBeVisible();
    await expect(page.getByText(`We have your claim for ${place.clm_name}.`)).toBeVisible();

    // The same person, the same place: refused, nothing stored twice
    await page.goto(claimUrl);
    await hydrated(page);
    await page.getByLabel('Your name').fill('Dana Ortiz');
    await page.getByLabel('Email').fill(email.toUpperCase());
    await page.getByLabel('Phone').fill('(312) 555-0147');
    await page.getByRole('button', { name: 'Send my claim' }).click();
    await expect(page.getByRole('alert')).toContainText(
      `You have already claimed ${place.clm_name}`,
    );
    await expect(page).toHaveURL(claimUrl);
  });
});

test.describe('the claim confirmation', () => {
  for (const query of ['?business=Anything', '', '?claim=1', '?claim=1.forged'])
    test(`/claim-business/complete${query} confirms no claim that was not made`, async ({
      page,
      consoleProblems,
    }) => {
      consoleProblems.allow(/status of 404/); // Chromium logs a 404 document
      const response = await page.goto(`/claim-business/complete${query}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByText(/your claim is in/i)).toHaveCount(0);
      await expect(page.getByText('We have your claim for')).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('We found no claim here');
      await expect(page.getByRole('link', { name: 'Claim your business' })).toHaveAttribute(
        'href',
        '/claim-business',
      );
    });
});

test.describe('the owner dashboard', () => {
  test('an owner with two businesses: the first is selected, the switcher selects the other', async ({
    page,
    consoleProblems,
  }) => {
    consoleProblems.allow(/status of 400 \(Bad Request\)/); // a bad website, on purpose
    await signInAs(page, 'Facebook', /Jonah Novak/);
    const user = JSON.parse(
      (await page.evaluate(() => sessionStorage.getItem('appUser'))) ?? '{}',
    ) as { businesses: { clm_id: number; clm_name: string }[] };
    const [first, second] = user.businesses;
    expect(second).toBeDefined();
    const switcher = page.getByRole('combobox', { name: 'Business' });
    await expect(switcher).toHaveValue(String(first!.clm_id));
    await expect(page.getByRole('heading', { level: 1, name: first!.clm_name })).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Last 30 days' }).getByRole('listitem'),
    ).toHaveCount(4);
    await expect(
      page.getByRole('heading', { name: 'Your listing as visitors see it' }),
    ).toBeVisible();

    await switcher.selectOption(String(second!.clm_id));
    await expect(page).toHaveURL(new RegExp(`business=${second!.clm_id}`));
    await expect(page.getByRole('heading', { level: 1, name: second!.clm_name })).toBeVisible();
    await expect(page.getByRole('list', { name: `Videos of ${second!.clm_name}` })).toBeVisible();

    // Growth: a chart per measure, drawn, with its numbers in a table
    await page.getByRole('link', { name: 'Growth' }).click();
    await expect(page).toHaveURL(new RegExp(`/biz/dashboard/growth\\?business=${second!.clm_id}`));
    for (const title of ['Video views per day', 'Followers', 'Shares per day'])
      await expect(page.getByRole('figure', { name: new RegExp(`^${title}`) })).toBeVisible();
    await expect(page.locator('figure canvas')).toHaveCount(3);
    await page.getByRole('link', { name: '7 days' }).click();
    await expect(page).toHaveURL(/range=7/);
    const views = page.getByRole('figure', { name: /^Video views per day/ });
    await views.getByText('Show the numbers').click();
    await expect(views.getByRole('table').getByRole('row')).toHaveCount(8); // header + 7 days

    // Info: the owner fixes the website; it is saved. The page's data is read again after the
    // save only (React Router's revalidation, ADR 073): one single-fetch request.
    await page.getByRole('link', { name: 'Info' }).click();
    await expect(page).toHaveURL(/\/biz\/dashboard\/info/);
    const reads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('.data')) reads.push(request.url());
    });
    const website = page.getByLabel('Website');
    await website.fill('not a website');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Enter a website like example.com')).toBeVisible();
    await expect(website).toBeFocused();
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeEnabled();
    expect(reads).toEqual([]);
    await website.fill('kebab.example.com');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
    await expect(website).toHaveValue('https://kebab.example.com/');
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeEnabled();
    expect(reads).toHaveLength(1);
    expect(new URL(reads[0]!).pathname).toBe('/biz/dashboard/info.data');
  });

  test('an owner without businesses sees onboarding: find your place, then claim it', async ({
    page,
  }) => {
    await signInAs(page, 'Apple', /Grace Fontaine/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Let’s find your business' }),
    ).toBeVisible();
    await page.getByLabel('Search for your business').fill('taco');
    const claim = page.getByRole('button', { name: /^Claim / }).first();
    await expect(claim).toBeVisible();
    await claim.click();
    // source 'dashboard': a hospitality place goes to the prefilled form, a shop to verification
    await expect(page).toHaveURL(/\/(claim-business\?utm_source=dashboard|verify-business)/);
  });

  test("signed out: sign-in, and the server refuses another owner's data", async ({ page }) => {
    await page.goto('/biz/dashboard/growth');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Sign in to your dashboard' }),
    ).toBeVisible();
    await hydrated(page);
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await (await popupOpened).getByRole('button', { name: /Andre Yilmaz/ }).click();
    await expect(page.getByRole('figure', { name: /^Video views per day/ })).toBeVisible();

    const jonahs = await page.request.get('/api/user/3/business-dashboard-locations');
    expect(jonahs.status()).toBe(403);
    const mine = (await (
      await page.request.get('/api/user/2/business-dashboard-locations')
    ).json()) as {
      business_dashboard_locations: { clm_id: number }[];
    };
    const other = await page.request.get(
      `/api/biz/locations/${mine.business_dashboard_locations[0]!.clm_id + 1}/growth?range=7`,
    );
    expect(other.status()).toBe(403);

    // Signing out resets the dashboard
    await page.getByTestId('account-menu').click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Sign in to your dashboard' }),
    ).toBeVisible();
    await expect(page.getByRole('figure')).toHaveCount(0);
  });
});

test.describe('business landing', () => {
  test('says what Spotreel does, prices the profile, and leads to claim and sign-in', async ({
    page,
  }) => {
    await page.goto('/biz');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Get videos from top local creators' }),
    ).toBeVisible();
    await expect(page.getByText('$49')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start your profile' })).toHaveAttribute(
      'href',
      'https://business.spotreel.app/checkout/monthly-profile',
    );
    await expect(page.getByRole('link', { name: 'Owner sign-in' })).toHaveAttribute(
      'href',
      '/biz/sign-in',
    );
    await hydrated(page);
    await page.getByLabel('Find your business').fill('zzzz-no-such-place');
    await expect(page.getByText(/No listed place matches/)).toBeVisible();
  });
});
