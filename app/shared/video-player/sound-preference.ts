import { useSyncExternalStore } from 'react';

/**
 * Sound on or off for every player on the page: a visitor who unmutes one video in the feed hears
 * the next ones too. Starts muted (browsers allow only muted autoplay) and lasts for the page's
 * life; the server and the first client render both read it as muted.
 */
let soundOn = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setSoundOn(value: boolean): void {
  if (soundOn === value) return;
  soundOn = value;
  for (const listener of listeners) listener();
}

export function useSoundOn(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => soundOn,
    () => false,
  );
}
