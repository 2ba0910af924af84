import { eq, inArray, or, sql } from 'drizzle-orm';
import { RouteParams, RouteQuery, RouteTarget } from '../../contract/routes';
import { idFromLocationIdentifier } from '../../contract/slug';
import { idFromDigits } from '../../contract/storable';
import type { User } from '../../contract/users';
import { cities, formerUsernames, users } from '../../db/schema';
import { badRequest, notFound } from '../http-errors';
import { errorResponses, type ApiRoutes } from './context';
import {
  cityMemoKey,
  findCities,
  findCity,
  findLocation,
  findUser,
  type ReadContext,
} from './read-models';

const SLUG = /^@?[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)?$/;

/**
 * The user a profile slug names: their id, their live username or vanity url, else a name they
 * left by a rename (their old address moves to the new one: docs/decisions/079-former-usernames.md).
 * A live name wins over a name somebody left.
 */
async function userNamed(ctx: ReadContext, name: string): Promise<User | null> {
  if (/^[0-9]+$/.test(name)) return findUser(ctx, eq(users.id, idFromDigits(name) ?? 0));
  const live = or(
    sql`lower(${users.username}) = ${name}`,
    sql`lower(${users.vanityUrl}) = ${name}`,
  );
  const left = ctx.db
    .select({ id: formerUsernames.userId })
    .from(formerUsernames)
    .where(eq(formerUsernames.nameKey, name));
  return (await findUser(ctx, live ?? sql`false`)) ?? findUser(ctx, inArray(users.id, left));
}

/** GET /api/v2/routes/{slug}: resolves the slugs of every URL of spec §2.4 (docs/decisions/006-slugs.md). */
export const slugRoutes: ApiRoutes = (ctx) => async (app) => {
  ctx.reads.register(
    app,
    'route',
    {
      config: { publicCache: true },
      schema: {
        tags: ['routes'],
        summary:
          'What a URL slug names: a city (`new-york-ny` or `ny/new-york`), a user (username, vanity url, or a name they left by a rename) or a location (`name-slug-1234`)',
        params: RouteParams,
        querystring: RouteQuery,
        response: { 200: RouteTarget, ...errorResponses },
      },
    },
    async ({ params, query }, scope) => {
      const slug = params.slug.toLowerCase();
      if (!SLUG.test(slug)) {
        throw badRequest(
          `slug '${params.slug}' may hold only letters, digits, '.', '_', '-' and one '/'`,
        );
      }
      // A slug of digits names a city or user by id; digits past any id name nothing (no row
      // has id 0), rather than reaching the database as a number its columns cannot hold.
      const byId = (digits: string) => idFromDigits(digits) ?? 0;
      switch (query.target_type) {
        case 'city': {
          const [state, city] = slug.split('/');
          // A city page asks by its two slugs, a statement built once; the rest are rarer.
          const target =
            city !== undefined
              ? await findCity(ctx, { stateSlug: state ?? '', citySlug: city })
              : /^[0-9]+$/.test(slug)
                ? await findCity(ctx, { id: byId(slug) })
                : ((await findCities(ctx, eq(cities.slug, slug)))[0] ?? null);
          if (!target) throw notFound(`City '${slug}'`);
          // The city's page reads it next, by id: they take this one.
          void scope.memo(cityMemoKey(target.clm_id), async () => target);
          return { targetType: 'city' as const, targetId: target.clm_id, target };
        }
        case 'user': {
          const target = await userNamed(ctx, slug.replace(/^@/, ''));
          if (!target) throw notFound(`User '${slug}'`);
          return { targetType: 'user' as const, targetId: target.user_id, target };
        }
        case 'location': {
          const id = idFromLocationIdentifier(slug);
          const target = id === null ? null : await findLocation(ctx, id);
          if (!target) throw notFound(`Location '${slug}'`);
          return { targetType: 'location' as const, targetId: target.clm_id, target };
        }
      }
    },
  );
};
