import type { Locator, Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';

/**
 * Issue 17, item 13: a form's refused fields are easy to find and read — highlighted, their
 * sentences clear of the next field, and no sentence said twice.
 */

/** --color-coral-strong (app/styles/tokens.css) */
const CORAL_STRONG = 'rgb(194, 54, 44)';

const FORMS = [
  { path: '/kygo-sweepstakes', submit: 'Enter the giveaway' },
  { path: '/claim-business', submit: 'Send my claim' },
];

async function submitEmpty(page: Page, path: string, submit: string) {
  await page.goto(path);
  await hydrated(page);
  const form = page.locator('form');
  await form.getByRole('button', { name: submit }).click();
  await expect(form.getByRole('alert')).toHaveText('Check the highlighted fields.');
  return form;
}

/** The refused text-like controls (inputs, selects, text areas) and their border colours. */
const invalidBorders = (form: Locator) =>
  form
    .locator('input[aria-invalid="true"]:not([type="checkbox"]), select[aria-invalid="true"]')
    .evaluateAll((controls) =>
      controls.map((control) => ({
        name: control.getAttribute('name'),
        border: getComputedStyle(control).borderTopColor,
      })),
    );

test.describe('refused form fields (issue 17)', () => {
  for (const { path, submit } of FORMS) {
    test(`${path}: every refused field is highlighted`, async ({ page, consoleProblems }) => {
      consoleProblems.allow(/status of 400 \(Bad Request\)/);
      const form = await submitEmpty(page, path, submit);
      const borders = await invalidBorders(form);
      expect(borders.length).toBeGreaterThan(1);
      for (const { name, border } of borders) expect(border, `${name}`).toBe(CORAL_STRONG);
      // and a field put right loses its highlight
      const name = await form.locator('input[aria-invalid="true"]').first().getAttribute('name');
      const first = form.locator(`input[name="${name}"]`);
      await first.fill('Alex Rivera');
      await expect(first).not.toHaveAttribute('aria-invalid', 'true');
      expect(await first.evaluate((input) => getComputedStyle(input).borderTopColor)).not.toBe(
        CORAL_STRONG,
      );
    });

    test(`${path}: each field's sentence keeps clear of the next field's label`, async ({
      page,
      consoleProblems,
    }, info) => {
      consoleProblems.allow(/status of 400 \(Bad Request\)/);
      const form = await submitEmpty(page, path, submit);
      const crowded = await form.evaluate((element) => {
        const errors = [...element.querySelectorAll('p[id$="-error"]')].filter((p) =>
          p.textContent?.trim(),
        );
        const labels = [...element.querySelectorAll('label, legend')];
        const found: string[] = [];
        for (const error of errors) {
          const e = error.getBoundingClientRect();
          // the first label below the sentence, in the same column
          const next = labels
            .map((label) => ({ label, box: label.getBoundingClientRect() }))
            .filter(({ box }) => box.top >= e.top && box.left < e.right && e.left < box.right)
            .sort((a, b) => a.box.top - b.box.top)[0];
          if (next && next.box.top - e.bottom < 8)
            found.push(
              `"${error.textContent}" is ${Math.round(next.box.top - e.bottom)} px from "${next.label.textContent}"`,
            );
        }
        return found;
      });
      await form.screenshot({
        path: info.outputPath(`${path.slice(1)}-${page.viewportSize()!.width}.png`),
      });
      expect(crowded).toEqual([]);
    });
  }

  test('the giveaway says the age rule once, not in the hint and again in the error', async ({
    page,
    consoleProblems,
  }) => {
    consoleProblems.allow(/status of 400 \(Bad Request\)/);
    await page.goto('/kygo-sweepstakes');
    await hydrated(page);
    const form = page.locator('form');
    const birth = form.getByLabel('Date of birth');
    await birth.fill(`${new Date().getFullYear() - 16}-06-01`);
    await form.getByRole('button', { name: 'Enter the giveaway' }).click();
    await expect(form.getByText('You must be 18 or older to enter')).toBeVisible();
    // What the field shows and what a screen reader reads for it: each rule said once.
    const said = await birth.evaluate((input) => {
      const field = input.closest('div')!;
      const shown = [...field.querySelectorAll('p')]
        .filter((p) => p.checkVisibility())
        .map((p) => p.textContent ?? '');
      const described = (input.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ');
      return { shown: shown.join(' '), described };
    });
    for (const text of [said.shown, said.described])
      expect(text.match(/18 or older/g), text).toHaveLength(1);
  });
});
