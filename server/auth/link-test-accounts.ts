import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { authIdentities, users } from '../../db/schema';
import { TEST_ACCOUNTS } from './test-accounts';

/**
 * The bundled provider's returning people already have a Spotreel account: link each to its
 * seeded user (idempotent; runs at every start with the bundled provider on).
 */
export async function linkTestAccounts(db: Database) {
  for (const account of TEST_ACCOUNTS) {
    if (account.linkedUserId === null) continue;
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, account.linkedUserId))
      .limit(1);
    if (!user) continue; // not seeded (SEED=never on an empty database)
    await db
      .insert(authIdentities)
      .values({
        uid: `u_test_${account.provider}_${user.id}`,
        provider: account.provider,
        subject: account.subject,
        userId: user.id,
        displayName: account.name,
        email: account.email,
        phoneNumber: account.phoneNumber,
        photoUrl: account.picture,
      })
      .onConflictDoNothing();
  }
}
