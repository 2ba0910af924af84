import {
  BUSINESS_ENTRY_TARGETS,
  PRODUCT_FLAGS,
  type BusinessEntryTarget,
  type FlagValue,
} from '../contract/analytics-events';
import { useRootData } from './root-data';

/**
 * Feature flags as the server evaluated them for this visitor (spec §3 page flag data, embedded
 * in the page), so the first render already uses them (docs/decisions/017-flags-and-analytics.md).
 */
export function useFlag(key: string): FlagValue | undefined {
  return useRootData()?.flags[key];
}

/** spec §2.1 device flag. */
export const appOnDesktop = (flags: Record<string, FlagValue>): boolean =>
  flags[PRODUCT_FLAGS.consumerAppOnDesktop] === true;

/** spec §2.2 default-target flag: the branch every claim takes while a variant is set. */
export function useBusinessEntryDefault(): BusinessEntryTarget | null {
  const value = useFlag(PRODUCT_FLAGS.businessEntryDefaultTarget);
  return BUSINESS_ENTRY_TARGETS.find((target) => target === value) ?? null;
}
