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
    // Thousands of refused keys at the bottom of thousands of levels: ten are named, each path
    // spelled once (a walk up the holders for every refused key would be millions of steps).
    let bottom: Record<string, unknown> = {};
    for (let i = 0; i < 3_000; i++) bottom[`\u0000${i}`] = 1;
    for (let i = 0; i < 6_500; i++) bottom = { '': bottom };
    const refused = unstorableFields(bottom);
    expect(refused).toHaveLength(10);
    expect(refused[0]!.message).toBe('has a name that must not contain a NUL character (\\u0000)');
    // '' keys add nothing to a path: the tenth is the tenth key's own name, made storable.
    expect(refused[9]!.field).toBe('\uFFFD9');
  });
});
