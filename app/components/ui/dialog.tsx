import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { X } from 'lucide-react';
import styles from './dialog.module.css';

/**
 * A modal dialog on the native <dialog>: the rest of the page is inert and focus stays
 * inside (showModal), Escape and a click on the backdrop close it, and page scroll is
 * locked while it is open; closing it puts focus back on the control that opened it.
 */
export function Dialog({
  open,
  onClose,
  labelledBy,
  children,
}: {
  open: boolean;
  onClose: () => void;
  labelledBy: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  /** Whether the press of the current click began on the backdrop. */
  const pressedOnBackdrop = useRef(false);
  /** `open` as last rendered: the close event of our own `dialog.close()` comes after it. */
  const openNow = useRef(open);
  useLayoutEffect(() => {
    openNow.current = open;
  }, [open]);

  // A layout effect: the control that opens the dialog is read before anything can move focus,
  // and on closing (or unmounting) the dialog is closed while it is still on the page.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const opener = document.activeElement;
    if (!dialog.open) dialog.showModal();
    document.documentElement.setAttribute('data-scroll-locked', '');
    return () => {
      document.documentElement.removeAttribute('data-scroll-locked');
      const active = document.activeElement;
      const focusInside = !active || active === document.body || dialog.contains(active);
      if (dialog.open) dialog.close();
      // WCAG 2.4.3: focus goes back to the control that opened the dialog, if still there.
      if (focusInside && opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={labelledBy}
      // Only a close the page did not ask for (a form's method="dialog") tells the owner: the
      // cleanup's own close() would otherwise report a close the owner already made.
      onClose={() => {
        if (openNow.current) onClose();
      }}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onPointerDown={(event) => {
        pressedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        // A click on the <dialog> itself (not its content) is a click on the backdrop, when the
        // press began there too: a drag that selects text in a field and ends outside the
        // dialog is not a click outside it (the browser gives it to the <dialog>, the nearest
        // element the press and the release share).
        if (event.target === event.currentTarget && pressedOnBackdrop.current) onClose();
      }}
    >
      <div className={styles.content}>
        <button type="button" className={styles.close} onClick={onClose} aria-label="Close">
          <X aria-hidden="true" />
        </button>
        {children}
      </div>
    </dialog>
  );
}
