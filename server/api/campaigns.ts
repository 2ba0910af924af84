import {
  CAMPAIGN_FORMS,
  CAMPAIGNS,
  DUPLICATE_MESSAGES,
  EntryReceived,
  type Campaign,
} from '../../contract/campaigns';
import { ErrorBody } from '../../contract/common';
import { campaignEntries } from '../../db/schema';
import { signedInUserId, type SessionStore } from '../auth/sessions';
import { HttpError } from '../http-errors';
import type { ApiRoutes } from './context';

const SUMMARIES: Record<Campaign, string> = {
  scholarship: 'Applies for the veterans scholarship',
  'kygo-sweepstakes': 'Enters the giveaway (one entry per person)',
  creators: 'Applies to become a Spotreel creator',
  communityround: 'Reserves interest in the community round',
  trytibbs: 'Signs up for the partner offer',
};

/** Whether the giveaway takes entries at `now` (its period comes from config). */
export function giveawayOpen(now: Date, period: { opens: string; closes: string }): boolean {
  return now.getTime() >= Date.parse(period.opens) && now.getTime() <= Date.parse(period.closes);
}

/**
 * The campaign pages' forms (spec §2.3; docs/decisions/016-campaigns.md): one endpoint per
 * campaign, its fields checked by the campaign's schema, one entry per email and campaign (a
 * unique index, so a duplicate is refused without a race and nothing is half-written), rate
 * limited per client like every write.
 */
export const campaignRoutes =
  (services: { sessions: SessionStore }): ApiRoutes =>
  (ctx) =>
  async (app) => {
    for (const campaign of CAMPAIGNS) {
      app.post(
        `/campaigns/${campaign}/entries`,
        {
          schema: {
            tags: ['campaigns'],
            summary: SUMMARIES[campaign],
            body: CAMPAIGN_FORMS[campaign],
            response: {
              201: EntryReceived,
              400: ErrorBody,
              403: ErrorBody,
              409: ErrorBody,
              429: ErrorBody,
            },
          },
        },
        async (request, reply) => {
          if (campaign === 'kygo-sweepstakes' && !giveawayOpen(new Date(), ctx.config.giveaway))
            throw new HttpError(
              400,
              'giveaway_closed',
              'The giveaway is not taking entries right now.',
            );
          const { full_name, email, ...details } = request.body as {
            full_name: string;
            email: string;
          } & Record<string, unknown>;
          const [created] = await ctx.db
            .insert(campaignEntries)
            .values({
              campaign,
              fullName: full_name,
              email,
              emailKey: email.toLowerCase(),
              userId: await signedInUserId(services.sessions, request),
              details,
            })
            .onConflictDoNothing()
            .returning({ id: campaignEntries.id });
          if (!created)
            throw new HttpError(409, 'already_entered', DUPLICATE_MESSAGES[campaign](email));
          return reply
            .code(201)
            .send({ status: 'received' as const, entry_id: created.id, campaign });
        },
      );
    }
  };
