import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import Fastify from 'fastify';
import { pgTable, serial, text } from 'drizzle-orm/pg-core';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { loggedUrl, loggerOptions, scrubPersonal, serializeError } from './logger';

const people = pgTable('people', {
  id: serial('id').primaryKey(),
  name: text('name'),
  email: text('email'),
  phone: text('phone'),
});

describe('error logs', () => {
  it('keep what failed, not the names, emails and phone numbers of a failed write', async () => {
    const client = new PGlite();
    await client.exec(
      'create table people (id serial primary key, name text, email text unique, phone text)',
    );
    const db = drizzle(client);
    const person = { name: 'Ada Lovelace', email: 'ada@example.com', phone: '+13125550101' };
    await db.insert(people).values(person);
    let failure: unknown;
    try {
      await db.insert(people).values({ ...person, name: 'Ada Byron' });
    } catch (error) {
      failure = error;
    }
    await client.close();
    // The raw error does carry them: the serializer is what keeps them out.
    const raw = JSON.stringify({ ...(failure as object), message: (failure as Error).message });
    expect(raw).toContain('ada@example.com');
    expect(raw).toContain('Ada Byron');

    const logged = JSON.stringify(serializeError(failure));
    for (const value of ['ada@example.com', 'Ada Byron', 'Ada Lovelace', '13125550101'])
      expect(logged).not.toContain(value);
    const cause = serializeError(failure).cause as Record<string, unknown>;
    expect(cause).toMatchObject({ code: '23505', table: 'people', constraint: 'people_email_key' });
    expect(serializeError(failure).message).toMatch(/^Failed query: insert into "people"/);
    // opening PGlite compiles its WebAssembly: seconds on a busy machine
  }, 60_000);

  it('scrub quoted input and emails from any message', () => {
    for (const text of [
      'invalid input syntax for type integer: "call me on 555 0101"',
      'value "5550101999" is out of range for type integer',
      'malformed array literal: "555 0101"',
      'date/time field value out of range: "555-0101"',
    ]) {
      const error = new Error(text);
      error.cause = new Error('mail ada@example.com failed');
      const logged = JSON.stringify(serializeError(error));
      expect(logged).not.toMatch(/555.?0101/);
      expect(logged).not.toContain('ada@example.com');
    }
  });

  it("are what the server's logger writes (its serializer is the one above)", async () => {
    const lines: string[] = [];
    const log = pino(
      { ...(loggerOptions({ logLevel: 'info', logFormat: 'json' }) as object) },
      { write: (line: string) => void lines.push(line) },
    );
    const failed = Object.assign(
      new Error('Failed query: insert into "people" values ($1)\nparams: Ada\n    at Ada Byron'),
      {
        query: 'insert into "people" values ($1)',
        params: ['Ada\n    at Ada Byron'],
      },
    );
    log.error({ err: failed }, 'request failed');
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('Ada');
    expect(lines[0]).toContain('insert into');
  });
});

describe('request logs', () => {
  it("keep no visitor's position: a search by distance's lat and lon are redacted", async () => {
    const lines: string[] = [];
    const app = Fastify({
      logger: {
        ...(loggerOptions({ logLevel: 'info', logFormat: 'json' }) as object),
        stream: { write: (line: string) => void lines.push(line) },
      },
    });
    app.get('/api/search', async () => ({ ok: true }));
    await app.inject('/api/search?term=tacos&lat=41.88&lon=-87.63&sort=distance');
    await app.close();
    const logged = lines.join('');
    expect(logged).toContain('term=tacos&lat=[redacted]&lon=[redacted]&sort=distance');
    expect(logged).not.toMatch(/41\.88|87\.63/);
  });

  it('keep no credential, email or phone number of a URL, however it is escaped', () => {
    const cases: [string, string][] = [
      [
        '/auth/google/callback?code=4%2F0AbCdEf&state=zXy12&iss=https%3A%2F%2Fidp',
        '/auth/google/callback?code=[redacted]&state=[redacted]&iss=https%3A%2F%2Fidp',
      ],
      [
        '/api/v2/search/wonder-search?term=ada%40example.org',
        '/api/v2/search/wonder-search?term=%5Bemail%5D',
      ],
      ['/search?q=call+312+555+0199+tonight', '/search?q=call%20%5Bphone%5D%20tonight'],
      ['/search?q=%2B1%20(312)%20555-0199', '/search?q=%5Bphone%5D'],
      ['/search?q=3125550199', '/search?q=%5Bphone%5D'],
      ['/u/ada%40example.org/lists', '/u/%5Bemail%5D/lists'],
      [
        '/x?access_token=abc&id_token=def&client_secret=g',
        '/x?access_token=[redacted]&id_token=[redacted]&client_secret=[redacted]',
      ],
      // nothing to scrub: kept as it came, broken escapes too
      [
        '/search?q=pizza%20chicago&limit=20&offset=40',
        '/search?q=pizza%20chicago&limit=20&offset=40',
      ],
      [
        '/api/v4/locations/1234567?from=2026-11-01&to=2026-11-28',
        '/api/v4/locations/1234567?from=2026-11-01&to=2026-11-28',
      ],
      ['/search?q=%E0%A4%A', '/search?q=%E0%A4%A'],
      // a broken escape does not keep the rest from being decoded and scrubbed
      ['/search?q=ada%40example.org%', '/search?q=%5Bemail%5D%25'],
      ['/search?q=call+312+555+0199%', '/search?q=call%20%5Bphone%5D%25'],
      // a fragment is left out; a part too long to be a search term is logged as its length
      ['/x?y=1#code=abc', '/x?y=1'],
      [`/search?q=${'a'.repeat(300)}`, '/search?q=[300 characters]'],
    ];
    for (const [url, logged] of cases) expect(loggedUrl(url), url).toBe(logged);
  });

  it('scrub a long text in time in proportion to its length (no backtracking blow-up)', () => {
    // With an unbounded email pattern, 100,000 characters took about 20 s: past the test's 5 s.
    const long = 'a'.repeat(100_000);
    expect(scrubPersonal(`${long}@`)).toBe(`${long}@`);
    expect(scrubPersonal(`${long}@example.org`)).toBe(`${'a'.repeat(100_000 - 64)}[email]`);
    expect(scrubPersonal(`x@${long}`)).toBe(`x@${long}`);
  });

  it('tell phone numbers from ids, dates and addresses', () => {
    for (const phone of [
      '+1 312 555 0199',
      '(312) 555-0199',
      '312.555.0199',
      '555-0199',
      '+442071838750',
    ])
      expect(scrubPersonal(`call ${phone} now`), phone).toBe('call [phone] now');
    for (const kept of ['id 1234567', '2026-11-28', '10.0.0.12', 'v24.22.3', 'took 12.5 ms'])
      expect(scrubPersonal(kept), kept).toBe(kept);
  });
});
