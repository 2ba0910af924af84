import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database } from '../../db/client';
import { idpPayloads } from '../../db/schema';

/**
 * The bundled identity provider's storage in the database (docs/decisions/039-replicas.md):
 * oidc-provider's adapter interface over `idp_payloads`, so an interaction started on one
 * replica finishes on another, and the authorization code one replica issues is redeemed on
 * whichever replica the token request reaches. `prefix` keeps each played provider's (google,
 * facebook, apple) rows apart.
 */
export function idpAdapter(db: Database, prefix: string) {
  return class DatabaseAdapter implements Adapter {
    private readonly model: string;

    constructor(name: string) {
      this.model = `${prefix}:${name}`;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
      const row = {
        payload: payload as Record<string, unknown>,
        grantId: payload.grantId ?? null,
        uid: payload.uid ?? null,
        userCode: payload.userCode ?? null,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      await db
        .insert(idpPayloads)
        .values({ model: this.model, id, ...row })
        .onConflictDoUpdate({ target: [idpPayloads.model, idpPayloads.id], set: row });
    }

    private async findWhere(where: ReturnType<typeof eq>) {
      const [row] = await db
        .select({ payload: idpPayloads.payload, consumedAt: idpPayloads.consumedAt })
        .from(idpPayloads)
        .where(
          and(
            eq(idpPayloads.model, this.model),
            where,
            or(isNull(idpPayloads.expiresAt), gt(idpPayloads.expiresAt, sql`now()`)),
          ),
        )
        .limit(1);
      if (!row) return undefined;
      return {
        ...row.payload,
        ...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}),
      } as AdapterPayload;
    }

    find(id: string) {
      return this.findWhere(eq(idpPayloads.id, id));
    }

    findByUid(uid: string) {
      return this.findWhere(eq(idpPayloads.uid, uid));
    }

    findByUserCode(userCode: string) {
      return this.findWhere(eq(idpPayloads.userCode, userCode));
    }

    async consume(id: string) {
      await db
        .update(idpPayloads)
        .set({ consumedAt: sql`now()` })
        .where(and(eq(idpPayloads.model, this.model), eq(idpPayloads.id, id)));
    }

    async destroy(id: string) {
      await db
        .delete(idpPayloads)
        .where(and(eq(idpPayloads.model, this.model), eq(idpPayloads.id, id)));
    }

    async revokeByGrantId(grantId: string) {
      // A grant's tokens and codes live under other models: every row of the grant goes.
      await db
        .delete(idpPayloads)
        .where(
          and(sql`${idpPayloads.model} like ${`${prefix}:%`}`, eq(idpPayloads.grantId, grantId)),
        );
    }
  };
}

/** Deletes the rows whose lifetime is over (run now and then by each process). */
export async function deleteExpiredIdpPayloads(db: Database) {
  await db.delete(idpPayloads).where(lt(idpPayloads.expiresAt, sql`now()`));
}
