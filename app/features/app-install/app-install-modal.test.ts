import { describe, expect, it } from 'vitest';
import { MODAL_TITLES, modalTitle } from './app-install-modal';

describe('modalTitle (spec §2.5)', () => {
  it('on a location page says "follow this location", whichever button opened the modal', () => {
    for (const action of ['get-app', 'open-in-app', 'install', 'follow-location'] as const)
      expect(modalTitle(action, 'location')).toBe(MODAL_TITLES.followLocation);
  });
  it('elsewhere says "discover the best spots", unless the action is following a location', () => {
    expect(modalTitle('get-app', 'city')).toBe(MODAL_TITLES.default);
    expect(modalTitle('open-in-app', 'feed')).toBe(MODAL_TITLES.default);
    expect(modalTitle('follow-location', 'feed')).toBe(MODAL_TITLES.followLocation);
  });
});
