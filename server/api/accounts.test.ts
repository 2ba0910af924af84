import { describe, expect, it } from 'vitest';
import { refusalForUniqueViolation } from './accounts';

/** A unique violation as Drizzle reports it: its own error, PostgreSQL's as the cause. */
const violation = (constraint?: string) =>
  Object.assign(new Error('Failed query: insert into "users" …'), {
    cause: Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      ...(constraint ? { constraint } : {}),
    }),
  });

describe('refusalForUniqueViolation', () => {
  it('says the name is taken when the name or vanity URL index refused the write', () => {
    for (const index of ['users_username_lower_idx', 'users_vanity_url_lower_idx', undefined])
      expect(refusalForUniqueViolation(violation(index))).toMatchObject({
        statusCode: 400,
        code: 'username_taken',
      });
  });

  it('asks again when another sign-up with the same email won the race', () => {
    expect(refusalForUniqueViolation(violation('users_email_lower_idx'))).toMatchObject({
      statusCode: 409,
      code: 'conflict',
      message: expect.stringContaining('try again'),
    });
  });

  it('leaves every other error alone', () => {
    expect(refusalForUniqueViolation(violation('sessions_token_hash_idx'))).toBeNull();
    expect(refusalForUniqueViolation(new Error('connection refused'))).toBeNull();
    expect(refusalForUniqueViolation(Object.assign(new Error('x'), { code: '23503' }))).toBeNull();
  });
});
