export type FeedStep = 'next' | 'previous';

const STEPS = new Map<string, FeedStep>([
  ['ArrowDown', 'next'],
  ['PageDown', 'next'],
  ['j', 'next'],
  ['ArrowUp', 'previous'],
  ['PageUp', 'previous'],
  ['k', 'previous'],
]);

/** Elements whose own keys (typing, choosing, sliding) the feed must leave alone. */
const OWN_KEYS_TAGS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);
const OWN_KEYS_ROLES = new Set([
  'textbox',
  'searchbox',
  'combobox',
  'listbox',
  'slider',
  'spinbutton',
  'menu',
  'menuitem',
  'radiogroup',
  'radio',
  'tablist',
  'tab',
]);

export interface KeyPress {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  defaultPrevented: boolean;
}

/** Where the key was pressed: the focused element, as the handler sees it. */
export interface KeyTarget {
  tagName: string;
  isContentEditable: boolean;
  role: string | null;
  /** Inside an open dialog: the page behind it is not the one being used. */
  inDialog: boolean;
}

/**
 * The feed's keyboard rule: ArrowDown/PageDown/j go to the next video, ArrowUp/PageUp/k to the
 * previous one, unless focus is in a text field (or another control that uses those keys), a
 * dialog is open, a modifier is held or someone else handled the key.
 */
export function feedStepForKey(press: KeyPress, target: KeyTarget | null): FeedStep | null {
  if (press.defaultPrevented || press.altKey || press.ctrlKey || press.metaKey) return null;
  const step = STEPS.get(press.key);
  if (!step) return null;
  if (target) {
    if (target.inDialog || target.isContentEditable) return null;
    if (OWN_KEYS_TAGS.has(target.tagName.toUpperCase())) return null;
    if (target.role && OWN_KEYS_ROLES.has(target.role)) return null;
  }
  return step;
}
