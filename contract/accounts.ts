import { z } from 'zod';
import { Id } from './common';
import { USERNAME_MAX } from './username';

export const ProviderType = z.enum(['google.com', 'facebook.com', 'apple.com']);

const phone = z
  .string()
  .regex(/^[0-9]{4,15}$/, 'must be the digits of a phone number, without the leading plus');

/** spec §3: the social sign-in user sent with POST /api/user/me. */
export const SocialSignInUser = z
  .object({
    displayName: z.string().max(200).nullable(),
    email: z.string().email('must be an email address').max(320).nullable(),
    phoneNumber: phone.nullable(),
    photoUrl: z.string().url('must be a URL').max(2000).nullable(),
    providerId: z.string().min(1).max(200).describe("The provider's user id"),
    providerType: ProviderType.describe('The provider id string'),
    serviceId: z.string().min(1).max(200).describe('The auth user uid'),
  })
  .meta({ id: 'SocialSignInUser' });
export type SocialSignInUser = z.infer<typeof SocialSignInUser>;

/** spec §3: the sign-up payload, with the chosen username as the caller's extra. */
export const SignUpBody = z
  .object({
    displayName: z.string().max(200).nullable(),
    email: z.string().email('must be an email address').max(320).nullable(),
    isNewUser: z.literal(true),
    makeConcierge: z.literal(false),
    providerId: z.string().min(1).max(200),
    providerType: ProviderType,
    serviceId: z.string().min(1).max(200),
    phoneNumber: phone.optional(),
    photoUrl: z.string().url('must be a URL').max(2000).optional(),
    username: z.string().max(USERNAME_MAX * 2),
  })
  .meta({ id: 'SignUpBody' });
export type SignUpBody = z.infer<typeof SignUpBody>;

/** The app user as the server sends it (spec §3 session user is built from it). */
export const AppUserRecord = z
  .object({
    status: z.literal('valid'),
    user_id: z.number().int(),
    user_name: z.string(),
    display_name: z.string(),
    user_level: z.number().int(),
    is_internal: z.boolean(),
    vanity_url: z.string(),
    avatar_url: z.string(),
    email: z.string().nullable(),
  })
  .meta({ id: 'AppUser' });
export type AppUserRecord = z.infer<typeof AppUserRecord>;

export const UserNotFound = z.object({ status: z.literal('user_not_found') });
export const SignedOut = z.object({ status: z.literal('signed_out') });

export const SaveBody = z
  .object({
    user_id: Id,
    username: z
      .string()
      .max(USERNAME_MAX * 2)
      .optional(),
    display_name: z.string().trim().min(1, 'must not be empty').max(80).optional(),
    bio: z.string().max(500).optional(),
  })
  .meta({ id: 'SaveUserBody' });

export const ValidBody = z.object({ username: z.string().max(200) });
export const ValidAnswer = z
  .object({
    status: z.enum(['valid', 'invalid']),
    username: z.string(),
    reason: z.string().optional(),
    message: z.string().optional(),
  })
  .meta({ id: 'UsernameCheck' });
export type ValidAnswer = z.infer<typeof ValidAnswer>;

export const DashboardLocation = z.object({
  clm_id: z.number().int(),
  clm_name: z.string(),
  clm_label: z.string(),
  clm_city: z.string(),
  clm_state: z.string(),
});
export const BusinessDashboardLocations = z
  .object({ business_dashboard_locations: z.array(DashboardLocation) })
  .meta({ id: 'BusinessDashboardLocations' });
export type BusinessDashboardLocations = z.infer<typeof BusinessDashboardLocations>;
