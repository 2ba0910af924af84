import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { campaignEntryAction, CampaignForm, PERSON_FIELDS } from './campaign-form';

// The form writes through its route's clientAction (docs/decisions/073-writes-through-fetchers.md),
// which calls the API client; the test answers at the client's one boundary, window.fetch. What
// only this test sees cheaply: a write that gets no answer, and whether the page's loader runs
// again after a refusal (it must not) and after an entry (once).

const ENTRIES = '/api/campaigns/scholarship/entries';

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** The form on a page whose route has its clientAction and a loader that counts its runs. */
async function renderForm(answers: (() => Promise<Response>)[]) {
  const posted: unknown[] = [];
  vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    expect(String(input)).toBe(ENTRIES);
    posted.push(JSON.parse(String(init?.body)));
    return answers.shift()!();
  });
  const loads = { count: 0 };
  const Stub = createRoutesStub([
    {
      path: '/scholarship',
      loader: () => ({ run: ++loads.count }),
      action: campaignEntryAction('scholarship'),
      HydrateFallback: () => null,
      Component: () => (
        <CampaignForm
          fields={PERSON_FIELDS}
          submitLabel="Apply"
          done={{ title: 'Thanks', text: 'We have it.' }}
        />
      ),
    },
  ]);
  render(<Stub initialEntries={['/scholarship']} />);
  await expect.element(page.getByRole('button', { name: 'Apply' })).toBeEnabled();
  return { posted, loads };
}

const email = () => page.getByRole('textbox', { name: 'Email' });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a campaign form writes through its route (ADR 073)', () => {
  test('no answer: the sentence in place, what was typed kept, the button back, nothing reloaded', async () => {
    const { posted, loads } = await renderForm([() => Promise.reject(new TypeError('offline'))]);
    await userEvent.fill(page.getByRole('textbox', { name: 'Full name' }).element(), 'Ana Ruiz');
    await userEvent.fill(email().element(), 'ana@example.com');
    await userEvent.click(page.getByRole('button', { name: 'Apply' }));
    await expect
      .element(page.getByRole('alert'))
      .toHaveTextContent('The request did not get an answer');
    expect(posted).toEqual([{ full_name: 'Ana Ruiz', email: 'ana@example.com' }]);
    await expect.element(email()).toHaveValue('ana@example.com');
    await expect.element(page.getByRole('button', { name: 'Apply' })).toBeEnabled();
    expect(loads.count).toBe(1);
  });

  test('a refused field: its sentence and the focus, no reload; then the entry: one reload', async () => {
    const { loads } = await renderForm([
      async () =>
        answer(400, {
          error: 'invalid_input',
          message: 'Check the fields',
          fields: [{ field: 'email', message: 'Enter an email address like you@example.com' }],
        }),
      async () => answer(201, { ok: true }),
    ]);
    await userEvent.fill(email().element(), 'ana');
    await userEvent.click(page.getByRole('button', { name: 'Apply' }));
    await expect
      .element(page.getByText('Enter an email address like you@example.com'))
      .toBeVisible();
    await expect.element(email()).toHaveFocus();
    await expect
      .element(page.getByRole('alert'))
      .toHaveTextContent('Check the highlighted fields.');
    expect(loads.count).toBe(1);

    await userEvent.fill(email().element(), 'ana@example.com');
    await userEvent.click(page.getByRole('button', { name: 'Apply' }));
    await expect.element(page.getByRole('heading', { name: 'Thanks' })).toBeVisible();
    await expect.element(page.getByRole('status')).toHaveFocus();
    await vi.waitFor(() => expect(loads.count).toBe(2));
  });

  test('a double click sends the entry once', async () => {
    const { posted } = await renderForm([async () => answer(201, { ok: true })]);
    await userEvent.fill(page.getByRole('textbox', { name: 'Full name' }).element(), 'Ana Ruiz');
    await userEvent.fill(email().element(), 'ana@example.com');
    // two clicks in one task: the second comes before React renders the first one's pending state
    const button = page.getByRole('button', { name: 'Apply' }).element() as HTMLButtonElement;
    button.click();
    button.click();
    await expect.element(page.getByRole('heading', { name: 'Thanks' })).toBeVisible();
    expect(posted).toHaveLength(1);
  });
});
