import { useState } from 'react';
import { describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { Dialog } from './dialog';

/** A page with a control that opens the dialog, as the app's dialogs are used. */
function Page({ onClosed }: { onClosed?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Edit profile
      </button>
      <button type="button">Elsewhere on the page</button>
      <Dialog
        open={open}
        onClose={() => {
          onClosed?.();
          setOpen(false);
        }}
        labelledBy="dialog-title"
      >
        <h2 id="dialog-title">Edit your profile</h2>
        <p>Your name shows on your videos.</p>
        <label>
          Name <input defaultValue="Maya Eats" />
        </label>
      </Dialog>
    </>
  );
}

const opener = () => page.getByRole('button', { name: 'Edit profile' });
const dialog = () => page.getByRole('dialog', { name: 'Edit your profile' });
const scrollLocked = () => document.documentElement.hasAttribute('data-scroll-locked');

async function openDialog() {
  await render(<Page />);
  await opener().click();
  await expect.element(dialog()).toBeVisible();
}

describe('Dialog', () => {
  test('opens modal: focus moves in, the page behind is inert and stops scrolling', async () => {
    await openDialog();
    const element = dialog().element() as HTMLDialogElement;
    expect(element.matches(':modal')).toBe(true);
    expect(element.contains(document.activeElement)).toBe(true);
    expect(scrollLocked()).toBe(true);

    // Focus cannot be moved behind it, even by script.
    (page.getByRole('button', { name: 'Elsewhere on the page' }).element() as HTMLElement).focus();
    expect(element.contains(document.activeElement)).toBe(true);
  });

  test('Escape closes it, gives focus back to the opener and lets the page scroll', async () => {
    await openDialog();
    await page.getByRole('textbox', { name: 'Name' }).click();

    await userEvent.keyboard('{Escape}');

    await expect.element(dialog()).not.toBeInTheDocument();
    expect(document.activeElement).toBe(opener().element());
    expect(scrollLocked()).toBe(false);
  });

  test('the Close button closes it and focus goes back to the opener', async () => {
    await openDialog();
    await dialog().getByRole('button', { name: 'Close' }).click();

    await expect.element(dialog()).not.toBeInTheDocument();
    expect(document.activeElement).toBe(opener().element());
  });

  test('a click on the backdrop closes it; a click on its content does not', async () => {
    await openDialog();
    await page.getByText('Your name shows on your videos.').click();
    await expect.element(dialog()).toBeVisible();

    // The page's top left corner, outside the centred dialog: its backdrop.
    await userEvent.click(page.elementLocator(document.body), { position: { x: 5, y: 5 } });
    await expect.element(dialog()).not.toBeInTheDocument();
  });

  test('selecting text in a field by dragging past its edge onto the backdrop keeps it open', async () => {
    await openDialog();
    // Press in the field, release over the backdrop: the browser's click lands on the <dialog>.
    await userEvent.dragAndDrop(
      page.getByRole('textbox', { name: 'Name' }),
      page.elementLocator(document.body),
      { targetPosition: { x: 5, y: 5 } },
    );
    await expect.element(dialog()).toBeVisible();
  });

  test('unmounted while open (the page navigates away), it leaves the page scrollable', async () => {
    const { rerender } = await render(
      <Dialog open onClose={() => {}} labelledBy="dialog-title">
        <h2 id="dialog-title">Edit your profile</h2>
      </Dialog>,
    );
    expect(scrollLocked()).toBe(true);
    await rerender(<p>Another page</p>);
    expect(scrollLocked()).toBe(false);
  });

  test('the Close button tells its owner once, not again when the dialog element closes', async () => {
    const closes: string[] = [];
    await render(<Page onClosed={() => closes.push('close')} />);
    await opener().click();
    await page.getByRole('button', { name: 'Close' }).click();
    await expect.element(dialog()).not.toBeInTheDocument();
    // the close event of the dialog's own close() is a task later: let it come
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(closes).toEqual(['close']);
  });
});
