import { describe, expect, it } from 'vitest';
import { browserHandles } from './link';

/** Which clicks on the app's Link the browser handles itself (ADR 052), as React Router's does. */
describe('browserHandles', () => {
  const plain = { button: 0, metaKey: false, altKey: false, ctrlKey: false, shiftKey: false };

  it.each([undefined, '', '_self'])('leaves a plain click with target %j to the app', (target) => {
    expect(browserHandles(plain, target)).toBe(false);
  });

  it.each(['_blank', '_parent', '_top', 'preview'])(
    'leaves a click with target %j to the browser',
    (target) => {
      expect(browserHandles(plain, target)).toBe(true);
    },
  );

  it.each(['metaKey', 'altKey', 'ctrlKey', 'shiftKey'] as const)(
    'leaves a click with %s held to the browser',
    (key) => {
      expect(browserHandles({ ...plain, [key]: true }, undefined)).toBe(true);
    },
  );

  it.each([1, 2])('leaves button %i (middle, right) to the browser', (button) => {
    expect(browserHandles({ ...plain, button }, undefined)).toBe(true);
  });
});
