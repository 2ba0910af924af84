import { describe, expect, it } from 'vitest';
import { unstorableFields } from './input-rules';

describe('unstorableFields', () => {
  it('names each string and key the database cannot store, as validation names fields', () => {
    expect(
      unstorableFields({
        term: 'a\u0000b',
        events: [{ title: 'ok 😀', properties: { x: '\ud800', ['k\u0000']: 1 } }],
      }),
    ).toEqual([
      { field: 'term', message: 'must not contain a NUL character (\\u0000)' },
      {
        field: 'events.0.properties.k\uFFFD',
        message: 'has a name that must not contain a NUL character (\\u0000)',
      },
      {
        field: 'events.0.properties.x',
        message: 'must not contain half of a UTF-16 surrogate pair (a broken emoji or symbol)',
      },
    ]);
    expect(unstorableFields('\udc00')).toEqual([{ field: '', message: expect.any(String) }]);
    expect(unstorableFields({ a: ['ok', 1, null, true, { b: 'é\u202e' }] })).toEqual([]);
    expect(unstorableFields(undefined)).toEqual([]);
  });

  it('walks deep nesting without recursion, and stops at ten fields', () => {
    let deep: unknown = '\u0000';
    for (let i = 0; i < 50_000; i++) deep = [deep];
    const [found] = unstorableFields(deep);
    expect(found!.field).toMatch(/^0\.0\.0\..*…$/);
    expect(found!.field.length).toBeLessThan(210);
    expect(unstorableFields(Array.from({ length: 100 }, () => '\u0000'))).toHaveLength(10);
  });
});
