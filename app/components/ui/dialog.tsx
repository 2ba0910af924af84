import { useEffect, useRef, type ReactNode } from 'react';
import { X } from 'lucide-react';
import styles from './dialog.module.css';

/**
 * A modal dialog on the native <dialog>: the rest of the page is inert and focus stays
 * inside (showModal), Escape and a click on the backdrop close it, and page scroll is
 * locked while it is open.
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

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      document.documentElement.setAttribute('data-scroll-locked', '');
    }
    if (!open && dialog.open) dialog.close();
    return () => {
      if (open) document.documentElement.removeAttribute('data-scroll-locked');
    };
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={labelledBy}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the <dialog> itself (not its content) is a click on the backdrop.
        if (event.target === event.currentTarget) onClose();
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
