import { describe, expect, it } from 'vitest';
import { feedStepForKey, type KeyPress, type KeyTarget } from './feed-keys';

const press = (key: string, extra: Partial<KeyPress> = {}): KeyPress => ({
  key,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  defaultPrevented: false,
  ...extra,
});
const on = (tagName: string, extra: Partial<KeyTarget> = {}): KeyTarget => ({
  tagName,
  isContentEditable: false,
  role: null,
  inDialog: false,
  ...extra,
});

describe('feed keyboard (video feed on desktop)', () => {
  it('goes to the next video on ArrowDown, PageDown and j', () => {
    for (const key of ['ArrowDown', 'PageDown', 'j']) {
      expect(feedStepForKey(press(key), on('BODY'))).toBe('next');
    }
  });

  it('goes to the previous video on ArrowUp, PageUp and k', () => {
    for (const key of ['ArrowUp', 'PageUp', 'k']) {
      expect(feedStepForKey(press(key), on('BUTTON'))).toBe('previous');
    }
  });

  it('works with nothing focused', () => {
    expect(feedStepForKey(press('j'), null)).toBe('next');
  });

  it('ignores other keys, including capitals and Space', () => {
    for (const key of ['J', 'K', ' ', 'Enter', 'ArrowLeft', 'Home', 'Tab']) {
      expect(feedStepForKey(press(key), on('BODY'))).toBeNull();
    }
  });

  it('leaves text fields and their like alone', () => {
    expect(feedStepForKey(press('j'), on('INPUT'))).toBeNull();
    expect(feedStepForKey(press('ArrowDown'), on('textarea'))).toBeNull();
    expect(feedStepForKey(press('ArrowDown'), on('SELECT'))).toBeNull();
    expect(feedStepForKey(press('k'), on('DIV', { isContentEditable: true }))).toBeNull();
    expect(feedStepForKey(press('ArrowDown'), on('DIV', { role: 'combobox' }))).toBeNull();
    expect(feedStepForKey(press('ArrowUp'), on('DIV', { role: 'slider' }))).toBeNull();
  });

  it('leaves keys alone inside an open dialog', () => {
    expect(feedStepForKey(press('ArrowDown'), on('BUTTON', { inDialog: true }))).toBeNull();
  });

  it('leaves shortcuts with modifiers and keys already handled alone', () => {
    expect(feedStepForKey(press('ArrowDown', { metaKey: true }), on('BODY'))).toBeNull();
    expect(feedStepForKey(press('ArrowDown', { ctrlKey: true }), on('BODY'))).toBeNull();
    expect(feedStepForKey(press('ArrowDown', { altKey: true }), on('BODY'))).toBeNull();
    expect(feedStepForKey(press('j', { defaultPrevented: true }), on('BODY'))).toBeNull();
  });
});
