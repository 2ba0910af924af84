import type { ProviderName } from '../config';

/** The three sign-in providers of spec §4 and what each asks for (spec §9). */
export const PROVIDERS: Record<
  ProviderName,
  { label: string; type: string; scope: string; params: Record<string, string> }
> = {
  google: {
    label: 'Google',
    type: 'google.com',
    scope: 'openid email profile',
    // spec §9: Google sign-in forces account selection.
    params: { prompt: 'select_account' },
  },
  facebook: { label: 'Facebook', type: 'facebook.com', scope: 'openid email profile', params: {} },
  // spec §9: Apple requests the email and name scopes.
  apple: { label: 'Apple', type: 'apple.com', scope: 'openid email name', params: {} },
};

export const PROVIDER_NAMES = Object.keys(PROVIDERS) as ProviderName[];

export const isProviderName = (name: string): name is ProviderName =>
  Object.hasOwn(PROVIDERS, name);
