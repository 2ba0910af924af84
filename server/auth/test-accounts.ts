import { createHash } from 'node:crypto';
import type { ProviderName } from '../config';

/** A person the bundled identity provider can sign in (docs/decisions/014-accounts.md). */
export interface TestAccount {
  /** The provider's user id (`sub`). */
  subject: string;
  provider: ProviderName;
  name: string;
  email: string;
  phoneNumber: string | null;
  picture: string | null;
  /** A seeded Spotreel user this person already signed up as (a returning person). */
  linkedUserId: number | null;
  note: string;
}

const account = (a: TestAccount) => a;

// A returning person carries the name of the seeded user it is linked to (default world, users
// 2–4), so the picker says who you will be signed in as.

export const TEST_ACCOUNTS: TestAccount[] = [
  account({
    subject: '108203944718265530011',
    provider: 'google',
    name: 'Andre Yilmaz',
    email: 'andre.yilmaz@example.com',
    phoneNumber: '+13125550101',
    picture: null,
    linkedUserId: 2,
    note: 'Has a Spotreel account',
  }),
  account({
    subject: '108203944718265530012',
    provider: 'google',
    name: 'Theo Grant',
    email: 'theo.grant@example.com',
    phoneNumber: null,
    picture: null,
    linkedUserId: null,
    note: 'New to Spotreel',
  }),
  account({
    subject: '10160553219874412',
    provider: 'facebook',
    name: 'Jonah Novak',
    email: 'jonah.novak@example.com',
    phoneNumber: '+14155550123',
    picture: null,
    linkedUserId: 3,
    note: 'Has a Spotreel account',
  }),
  account({
    subject: '10160553219874413',
    provider: 'facebook',
    name: 'Rosa Diaz',
    email: 'rosa.diaz@example.com',
    phoneNumber: null,
    picture: null,
    linkedUserId: null,
    note: 'New to Spotreel',
  }),
  account({
    subject: '001234.5f1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e.0101',
    provider: 'apple',
    name: 'Grace Fontaine',
    email: 'x7p2k9q4mz@privaterelay.appleid.com',
    phoneNumber: null,
    picture: null,
    linkedUserId: 4,
    note: 'Has a Spotreel account',
  }),
  account({
    subject: '001234.5f1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e.0102',
    provider: 'apple',
    name: 'Ava Chen',
    email: 'r3t8w1n6bd@privaterelay.appleid.com',
    phoneNumber: null,
    picture: null,
    linkedUserId: null,
    note: 'New to Spotreel',
  }),
];

/**
 * "Use another account": a person typed in on the account picker. The subject follows from the
 * email, so the same email is the same person on every sign-in.
 */
export function typedAccount(provider: ProviderName, name: string, email: string): TestAccount {
  const digest = createHash('sha256').update(`${provider}:${email.toLowerCase()}`).digest('hex');
  return {
    subject: `typed-${digest.slice(0, 24)}`,
    provider,
    name,
    email: email.toLowerCase(),
    phoneNumber: null,
    picture: null,
    linkedUserId: null,
    note: 'Typed in',
  };
}
