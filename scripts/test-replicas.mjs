// Issue 19 criterion 3 (docs/decisions/039-replicas.md): three production replicas of the built
// product on one PostgreSQL, behind Debian's nginx in round robin (no sticky sessions), driven
// through the balancer. Every response says which replica answered (REPLICA_NAME → x-replica),
// and each step asserts that its requests landed on more than one replica. A second server of
// the same nginx puts its proxy_cache before them (docs/deploy-nginx-cache.conf, ADR 070).
//
// Usage: npm run build && npm run test:replicas (scripts/with-postgres.sh node
// scripts/test-replicas.mjs, with the Node.js npm install brought first on PATH: ADR 059). Needs nginx (apt-get install nginx) and Chromium
// (scripts/chromium-path.mjs). REPLICAS_BASE_PORT picks four consecutive ports (balancer, replicas);
// otherwise free ones are taken. REPLICAS_KEEP_LOGS=1 keeps the temporary folder.
/* global fetch, URL, URLSearchParams, setTimeout, clearTimeout, window, document, sessionStorage -- Node's and, in page.evaluate, the browser's */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const started = Date.now();
const say = (line) => console.log(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${line}`);

const databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl) {
  console.error(
    'TEST_DATABASE_URL is not set: run it as npm run test:replicas (scripts/with-postgres.sh around it)',
  );
  process.exit(1);
}
if (!existsSync(join(root, 'build/host/main.js'))) {
  console.error('build/host/main.js is missing: npm run build first');
  process.exit(1);
}
const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path));
if (!nginx) {
  console.error('nginx is not installed: apt-get install nginx');
  process.exit(1);
}

const REPLICAS = ['r1', 'r2', 'r3'];
/** An anonymous desktop visitor with a steady distinct id: one page-cache key per page. */
const VISITOR = {
  accept: 'text/html',
  cookie: 'distinct_id=visitor-replicas-0001',
  'user-agent':
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
};
const WRITES_PER_MINUTE = 50;

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const dir = await mkdtemp(join(tmpdir(), 'spotreel-replicas-'));
const children = [];
let failed = false;

async function cleanUp() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.all(
    children.map(
      (child) =>
        child.exitCode === null &&
        new Promise((resolve) => {
          const timer = setTimeout(() => (child.kill('SIGKILL'), resolve()), 8000);
          child.on('exit', () => (clearTimeout(timer), resolve()));
        }),
    ),
  );
  if (failed || process.env.REPLICAS_KEEP_LOGS) say(`logs kept in ${dir}`);
  else await rm(dir, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => void cleanUp().then(() => process.exit(130)));

const base = process.env.REPLICAS_BASE_PORT ? Number(process.env.REPLICAS_BASE_PORT) : null;
const lbPort = base ?? (await freePort());
const ports = [];
for (let i = 0; i < REPLICAS.length; i++) ports.push(base ? base + 1 + i : await freePort());
const site = `http://127.0.0.1:${lbPort}`;
// The same balancer with nginx's proxy_cache in front (docs/deploy.md §7, ADR 070).
const cachePort = await freePort();
const cacheSite = `http://127.0.0.1:${cachePort}`;

// Each replica has a flags file of its own (an operator edits one machine's: the change reaches
// the others through the database and the change channel, not through their files).
const flagsSource = readFileSync(join(root, 'config/flags.json'), 'utf8');
const flagsFile = (name) => join(dir, `flags-${name}.json`);
for (const name of REPLICAS) writeFileSync(flagsFile(name), flagsSource);

const common = {
  PATH: process.env.PATH,
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  DATABASE_URL: databaseUrl,
  DATABASE_POOL_SIZE: '4',
  // the same on every replica: sessions, CSRF tokens, claim receipts, ID tokens, the provider
  AUTH_SECRET: randomBytes(33).toString('base64url'),
  SITE_URL: site,
  LOCAL_IDP: 'on',
  TRUST_PROXY_HOPS: '1',
  // Unset: on a PostgreSQL server the budgets are shared by default (ADR 058), and the last
  // step (one write budget across replicas) proves it. REPLICAS_RATE_LIMIT_STORE=memory shows the step failing without them.
  ...(process.env.REPLICAS_RATE_LIMIT_STORE
    ? { RATE_LIMIT_STORE: process.env.REPLICAS_RATE_LIMIT_STORE }
    : {}),
  RATE_LIMIT_WRITES_PER_MINUTE: String(WRITES_PER_MINUTE),
  RATE_LIMIT_READS_PER_MINUTE: '100000',
  RATE_LIMIT_SEARCHES_PER_MINUTE: '100000',
  RATE_LIMIT_SIGN_INS_PER_MINUTE: '100000',
  // Caches far longer than the test: a write shows on another replica only if it is told.
  API_CACHE_TTL_MS: '600000',
  PAGE_CACHE_TTL_MS: '600000',
  FLAGS_CACHE_MS: '600000',
  DATA_DIR: join(dir, 'data'),
  SEED_SCALE: process.env.REPLICAS_SEED_SCALE ?? '0.3',
  LOG_LEVEL: 'warn',
  LOG_FORMAT: 'json',
  GIVEAWAY_OPENS: '2020-01-01T00:00:00Z',
  GIVEAWAY_CLOSES: '2099-12-31T23:59:59Z',
};

function startReplica(name, port, seed) {
  const child = spawn(process.execPath, [join(root, 'build/host/main.js')], {
    cwd: root,
    env: {
      ...common,
      PORT: String(port),
      REPLICA_NAME: name,
      SEED: seed ? 'auto' : 'never',
      FLAGS_FILE: flagsFile(name),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = join(dir, `${name}.log`);
  writeFileSync(log, '');
  for (const stream of [child.stdout, child.stderr])
    stream.on('data', (chunk) => writeFileSync(log, chunk, { flag: 'a' }));
  children.push(child);
  return child;
}

async function waitReady(url, child, what) {
  const until = Date.now() + 240_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode}); see ${dir}`);
    try {
      const answer = await fetch(url);
      if (answer.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} not ready after 240 s`);
}

function startBalancer() {
  const temp = join(dir, 'nginx');
  mkdirSync(temp, { recursive: true });
  const conf = join(temp, 'nginx.conf');
  writeFileSync(
    conf,
    `${process.getuid?.() === 0 ? 'user root root;\n' : ''}worker_processes 1;
pid ${temp}/nginx.pid;
error_log ${temp}/error.log warn;
events { worker_connections 512; }
http {
  access_log ${temp}/access.log;
  client_body_temp_path ${temp}/body;
  proxy_temp_path ${temp}/proxy;
  fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
  # Round robin, nginx's default: no ip_hash, no sticky cookie.
  upstream spotreel {
${ports.map((port) => `    server 127.0.0.1:${port};`).join('\n')}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${lbPort};
    location / {
      proxy_pass http://spotreel;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_buffering off;
    }
  }
${readFileSync(join(root, 'docs/deploy-nginx-cache.conf'), 'utf8')
  .replaceAll('/var/cache/nginx/spotreel', `${temp}/cache`)
  .replaceAll('listen 443 ssl;', `listen 127.0.0.1:${cachePort};`)}
}
`,
  );
  const check = spawnSync(nginx, ['-t', '-q', '-p', temp, '-e', `${temp}/error.log`, '-c', conf]);
  if (check.status !== 0) throw new Error(`nginx -t: ${check.stderr}`);
  const child = spawn(
    nginx,
    ['-p', temp, '-e', `${temp}/error.log`, '-c', conf, '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  children.push(child);
  return child;
}

// ---- a small client that records which replica answered ----------------------------------

/** Replicas seen per step. */
let seen = new Map();
const tally = (replica) => seen.set(replica ?? '?', (seen.get(replica ?? '?') ?? 0) + 1);
function step(name) {
  seen = new Map();
  say(name);
}
function spread(what, atLeast = 2) {
  const names = [...seen.keys()].filter((name) => name !== '?');
  assert.ok(
    names.length >= atLeast,
    `${what}: requests landed on ${names.join(', ') || 'no replica'} only (${JSON.stringify([...seen])})`,
  );
  say(`  ${what}: ${[...seen].map(([name, n]) => `${name}×${n}`).join(' ')}`);
}

async function call(path, init = {}) {
  const response = await fetch(new URL(path, site), {
    method: init.method ?? 'GET',
    redirect: 'manual',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      'device-id': 'web-replicas-device-01',
      ...init.headers,
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  tally(response.headers.get('x-replica'));
  const text = await response.text();
  let body = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON
  }
  return { status: response.status, headers: response.headers, body };
}

/** A tiny browser for the popup flow without a window (tests/api/sign-in.ts). */
class Jar {
  cookies = new Map();
  async fetch(url, init = {}) {
    const response = await fetch(new URL(url, site), {
      ...init,
      redirect: 'manual',
      headers: {
        ...init.headers,
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    tally(response.headers.get('x-replica'));
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }
  async follow(url, init = {}) {
    let response = await this.fetch(url, init);
    for (let hops = 0; response.status >= 300 && response.status < 400 && hops < 10; hops++)
      response = await this.fetch(response.headers.get('location'));
    return response;
  }
}

async function popupSignIn(provider, choose) {
  const jar = new Jar();
  const picker = await jar.follow(`/auth/${provider}/start`);
  assert.equal(picker.status, 200, 'the account picker');
  const action = /action="([^"]+\/login)"/.exec(await picker.text())[1];
  const done = await jar.follow(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(choose).toString(),
  });
  const page = await done.text();
  const json = /postMessage\((\{.*\}), "/.exec(page)?.[1];
  assert.ok(json, `the popup's message: ${page.slice(0, 400)}`);
  return JSON.parse(json);
}

async function sessionOf(provider, subject) {
  const message = await popupSignIn(provider, { account: subject });
  assert.ok(message.idToken, `an ID token: ${JSON.stringify(message)}`);
  const me = await call('/api/user/me', {
    method: 'POST',
    body: message.user,
    headers: { authorization: `Bearer ${message.idToken}` },
  });
  const token = me.headers.get('auth-token');
  assert.ok(token, `signed in: ${JSON.stringify(me.body)}`);
  return token;
}

/** A request from another client address (127.0.0.2), so its budget is its own. */
function fromOtherClient(path, body) {
  return new Promise((resolve, reject) => {
    const request = http.request(
      new URL(path, site),
      {
        method: 'POST',
        localAddress: '127.0.0.2',
        headers: { 'content-type': 'application/json', 'device-id': 'web-replicas-device-02' },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({
            status: response.statusCode,
            replica: response.headers['x-replica'],
            remaining: response.headers['x-ratelimit-remaining'],
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
}

async function until(what, check, ms = 3000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const problem = await check();
    if (!problem) return;
    if (Date.now() > deadline) throw new Error(`${what}: ${problem}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// ---- the run ---------------------------------------------------------------------------------

try {
  say(
    `PostgreSQL ${databaseUrl.replace(/\/\/[^@]*@/, '//')}; balancer ${site}; replicas ${ports.join(', ')}`,
  );
  // One replica migrates and seeds; the others start on the seeded database.
  const first = startReplica('r1', ports[0], true);
  await waitReady(`http://127.0.0.1:${ports[0]}/readyz`, first, 'replica r1 (migrate and seed)');
  say('r1 ready: database migrated and seeded');
  const rest = REPLICAS.slice(1).map((name, i) => startReplica(name, ports[i + 1], false));
  await Promise.all(
    rest.map((child, i) =>
      waitReady(`http://127.0.0.1:${ports[i + 1]}/readyz`, child, `replica ${REPLICAS[i + 1]}`),
    ),
  );
  const balancer = startBalancer();
  await waitReady(`${site}/readyz`, balancer, 'nginx');
  say('r2, r3 and nginx ready');

  step('round robin: every replica answers through the balancer');
  for (let i = 0; i < 6; i++) await call('/healthz');
  spread('health checks', 3);

  // 1. Sign-in through the bundled provider's popup, in Chromium: a new person signs up, a
  // returning one is signed in.
  step('sign-in and sign-up through the popup in Chromium');
  const { chromium } = await import('@playwright/test');
  // Chosen here, not at the top: a run refused above never unpacks a browser.
  const { chromiumEnv, chromiumPath } = await import('./chromium-path.mjs');
  const browser = await chromium.launch({
    ...(chromiumPath ? { executablePath: chromiumPath } : {}),
    ...(Object.keys(chromiumEnv).length ? { env: { ...process.env, ...chromiumEnv } } : {}),
    args: ['--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const desktop = {
      viewport: { width: 1280, height: 800 },
      userAgent:
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
    };
    const hydrated = async (page) => {
      await page.waitForFunction(() => window.__reactRouterRouteModules !== undefined);
      await page.waitForLoadState('networkidle');
    };
    const openProvider = async (page, label) => {
      await page.getByTestId('sign-in').click();
      const dialog = page.getByRole('dialog', { name: 'Sign in to Spotreel' });
      await dialog.waitFor();
      const popupOpened = page.waitForEvent('popup');
      await dialog.getByRole('button', { name: `Continue with ${label}` }).click();
      const popup = await popupOpened;
      await popup.waitForLoadState();
      return popup;
    };
    const flowReplicas = new Map();
    const watch = (context) =>
      context.on('response', (response) => {
        const url = new URL(response.url());
        if (!/^\/(auth|idp|api\/user)\//.test(url.pathname)) return;
        const replica = response.headers()['x-replica'] ?? '?';
        tally(replica);
        flowReplicas.set(replica, [...(flowReplicas.get(replica) ?? []), url.pathname]);
      });

    const newcomer = await browser.newContext(desktop);
    watch(newcomer);
    const page = await newcomer.newPage();
    await page.goto(`${site}/city/il/chicago`);
    await hydrated(page);
    const popup = await openProvider(page, 'Google');
    await popup.getByText('Use another account').click();
    const email = `replica.${Date.now().toString(36)}@example.com`;
    await popup.getByLabel('Name').fill('Rhea Plica');
    await popup.getByLabel('Email').fill(email);
    await popup.getByRole('button', { name: 'Continue' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose your username' });
    await dialog.waitFor({ timeout: 15_000 });
    const username = `rhea_${Date.now().toString(36)}`.slice(0, 24);
    await dialog.getByRole('textbox', { name: 'Username' }).fill(username);
    await dialog.getByText(`@${username} is free`).waitFor();
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await page.getByTestId('account-menu').waitFor({ timeout: 15_000 });
    const stored = JSON.parse(await page.evaluate(() => sessionStorage.getItem('appUser')));
    assert.equal(stored.username, username, 'the new person is signed up and signed in');
    // the session works on whichever replica the reload lands on
    for (let i = 0; i < 3; i++) {
      await page.reload();
      await page.getByTestId('account-menu').waitFor();
    }
    await newcomer.close();

    const returning = await browser.newContext(desktop);
    watch(returning);
    const again = await returning.newPage();
    await again.goto(`${site}/`);
    await hydrated(again);
    const popup2 = await openProvider(again, 'Google');
    await popup2.getByRole('button', { name: /Andre Yilmaz/ }).click();
    await again.getByTestId('account-menu').waitFor({ timeout: 15_000 });
    const andreUser = JSON.parse(await again.evaluate(() => sessionStorage.getItem('appUser')));
    assert.ok(andreUser.businesses.length > 0, 'the returning owner is signed in with his places');
    await returning.close();
    spread('sign-in, sign-up and reloads', 3);
    for (const [replica, paths] of flowReplicas)
      say(`    ${replica}: ${[...new Set(paths)].slice(0, 6).join(' ')}`);
  } finally {
    await browser.close();
  }

  // 2. The same over plain HTTP, a typed account whose picker answer and token exchange land
  // on other replicas than its start.
  step('sign-in and sign-up over HTTP, a typed account');
  const typedEmail = `typed.${Date.now().toString(36)}@example.com`;
  const typed = await popupSignIn('apple', { name: 'Tia Ped', email: typedEmail });
  assert.equal(typed.user?.email, typedEmail, `the typed person: ${JSON.stringify(typed)}`);
  const signUp = await call('/api/user/register', {
    method: 'POST',
    headers: { authorization: `Bearer ${typed.idToken}` },
    // spec §3's sign-up payload, as the web app builds it (app/shared/auth/sign-in.ts)
    body: {
      displayName: typed.user.displayName,
      email: typed.user.email,
      isNewUser: true,
      makeConcierge: false,
      providerId: typed.user.providerId,
      providerType: typed.user.providerType,
      serviceId: typed.user.serviceId,
      username: `tia_${Date.now().toString(36)}`.slice(0, 24),
    },
  });
  assert.equal(signUp.status, 201, `sign-up: ${JSON.stringify(signUp.body)}`);
  const andre = await sessionOf('google', '108203944718265530011');
  for (let i = 0; i < 3; i++) {
    const me = await call('/api/user/me', { headers: { 'auth-token': andre } });
    assert.equal(me.body?.user_id, 2, `the session on every replica: ${JSON.stringify(me.body)}`);
  }
  spread('the popup flow and the session', 3);

  // 3. A claim: its receipt (signed with AUTH_SECRET) reads on every replica.
  step('a claim and its receipt');
  const claim = await call('/api/biz/claims', {
    method: 'POST',
    body: {
      owner_name: 'Rosa Diaz',
      position: 'Owner',
      business_name: `Replica Bakery ${Date.now()}`,
      business_website: 'rosasbakery.example.com',
      address: { addr_line1: '12 Elm St', city: 'Chicago', state: 'il', postal: '60601' },
      email: `rosa.${Date.now()}@example.com`,
      phone: '(312) 555-0147',
      utm_source: 'place-page',
    },
  });
  assert.equal(claim.status, 201, `the claim: ${JSON.stringify(claim.body)}`);
  for (let i = 0; i < 3; i++) {
    const shown = await call(`/api/biz/claims/${claim.body.receipt}`);
    assert.equal(shown.status, 200, `the receipt: ${JSON.stringify(shown.body)}`);
    assert.equal(shown.body.claim_id, claim.body.claim_id);
  }
  spread('claim and receipts', 3);

  // 4. A campaign entry, and its duplicate refused by another replica.
  step('a campaign entry, and its duplicate');
  const entrant = `alex.${Date.now().toString(36)}@example.com`;
  const entry = (email) => ({
    full_name: 'Alex Rivera',
    email,
    city: 'Chicago',
    instagram: '@alex.eats',
    sample_links: ['https://videos.example.com/alex/1'],
    about: 'Tacos, mostly.',
  });
  const entered = await call('/api/campaigns/creators/entries', {
    method: 'POST',
    body: entry(entrant),
  });
  assert.equal(entered.status, 201, `the entry: ${JSON.stringify(entered.body)}`);
  for (let i = 0; i < 2; i++) {
    const duplicate = await call('/api/campaigns/creators/entries', {
      method: 'POST',
      body: entry(entrant.toUpperCase()),
    });
    assert.equal(duplicate.status, 409, `the duplicate: ${JSON.stringify(duplicate.body)}`);
  }
  spread('entry and duplicates', 3);

  // 5. A dashboard edit shows at once on every replica, though each had the place cached.
  step('a dashboard edit, seen by every replica');
  const places = await call('/api/user/2/business-dashboard-locations', {
    headers: { 'auth-token': andre },
  });
  const placeId = places.body.business_dashboard_locations[0].clm_id;
  const publicRead = `/api/v2/locations/${placeId}`;
  const before = await call(publicRead);
  const pagePath = `/location/${before.body.city_slug}/${before.body.clm_slug}`;
  const cachedOn = new Set();
  const pageCachedOn = new Set();
  for (let i = 0; i < 9; i++) {
    const read = await call(publicRead);
    if (read.headers.get('x-cache') === 'hit') cachedOn.add(read.headers.get('x-replica'));
    const html = await fetch(new URL(pagePath, site), { headers: VISITOR });
    await html.arrayBuffer();
    if (html.headers.get('x-page-cache') === 'hit') pageCachedOn.add(html.headers.get('x-replica'));
  }
  assert.equal(cachedOn.size, 3, `the place is in every replica's read cache: ${[...cachedOn]}`);
  assert.equal(
    pageCachedOn.size,
    3,
    `${pagePath} is in every replica's page cache: ${[...pageCachedOn]}`,
  );
  const description = `Edited through replicas at ${new Date().toISOString()}`;
  const saved = await call(`/api/biz/locations/${placeId}/info`, {
    method: 'PUT',
    headers: { 'auth-token': andre },
    body: {
      website: 'tacos.example.com',
      description,
      hours: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map(
        (day) =>
          day === 'Monday'
            ? { day, open: null, close: null }
            : { day, open: '11:00', close: '22:30' },
      ),
    },
  });
  assert.equal(saved.status, 200, `the edit: ${JSON.stringify(saved.body)}`);
  const editedAt = Date.now();
  const shownOn = new Set();
  await until(
    'the edit on every replica (API and page), with 600 s caches',
    async () => {
      const read = await call(publicRead);
      const html = await (await fetch(new URL(pagePath, site), { headers: VISITOR })).text();
      if (!JSON.stringify(read.body).includes(description))
        return `${read.headers.get('x-replica')} answers the old description (x-cache ${read.headers.get('x-cache')})`;
      // what the page shows, not its loader data (which named the new text before it was shown)
      if (!html.replace(/<script[^>]*>[^]*?<\/script>/g, '').includes(description))
        return `a page still shows the old description`;
      shownOn.add(read.headers.get('x-replica'));
      return shownOn.size === 3 ? null : `shown on ${[...shownOn]} so far`;
    },
    3000,
  );
  say(`  the edit showed on all three replicas ${Date.now() - editedAt} ms after the save`);
  spread('edit and reads', 3);

  // 6. A flag change made on one replica's flags file reaches every replica's pages at once.
  step('a flag change, seen by every replica');
  const flagsNow = JSON.parse(flagsSource);
  const [flagKey, flag] = Object.entries(flagsNow.flags).find(([, f]) => f.type === 'boolean');
  const flagValueOn = async (replicaPage) => {
    const html = await (await fetch(new URL(replicaPage, site), { headers: VISITOR })).text();
    const match = new RegExp(`\\\\?"${flagKey}\\\\?":(true|false)`).exec(html);
    return match?.[1];
  };
  const flagShownBefore = await flagValueOn('/');
  if (flagShownBefore === undefined) {
    const html = await (await fetch(new URL('/', site), { headers: VISITOR })).text();
    const at = html.indexOf(flagKey);
    say(`  ${flagKey} in the page: ${at < 0 ? 'absent' : html.slice(at - 200, at + 200)}`);
  }
  assert.equal(
    flagShownBefore,
    String(flag.enabled && flag.rollout === 100),
    `${flagKey} in the page`,
  );
  flagsNow.flags[flagKey] = { ...flag, enabled: !flag.enabled, rollout: 100 };
  writeFileSync(flagsFile('r1'), `${JSON.stringify(flagsNow, null, 2)}\n`);
  const flippedAt = Date.now();
  const flagOn = new Set();
  await until(
    `${flagKey} turned ${!flag.enabled ? 'on' : 'off'} on every replica, with 600 s flag caches`,
    async () => {
      const response = await fetch(new URL('/', site), { headers: VISITOR });
      const html = await response.text();
      const replica = response.headers.get('x-replica');
      tally(replica);
      const value = new RegExp(`\\\\?"${flagKey}\\\\?":(true|false)`).exec(html)?.[1];
      if (value !== String(!flag.enabled)) return `${replica} still says ${value}`;
      flagOn.add(replica);
      return flagOn.size === 3 ? null : `changed on ${[...flagOn]} so far`;
    },
    5000,
  );
  say(
    `  the flag changed on all three replicas ${Date.now() - flippedAt} ms after the file edit on r1`,
  );
  spread('flag reads', 3);

  // 7. nginx's proxy_cache (docs/deploy-nginx-cache.conf) keeps a page that is everyone's and
  // serves it again, never to a session, and never keeps one that sets a cookie (ADR 070).
  step("nginx's proxy_cache: pages that are everyone's, and only those");
  const viaCache = async (path, headers = {}) => {
    const response = await fetch(new URL(path, cacheSite), {
      headers: { 'user-agent': VISITOR['user-agent'], accept: 'text/html', ...headers },
    });
    tally(response.headers.get('x-replica'));
    return {
      status: response.status,
      cacheStatus: response.headers.get('x-cache-status'),
      cacheControl: response.headers.get('cache-control'),
      setCookies: response.headers.getSetCookie(),
      body: await response.text(),
    };
  };
  const kept = `/city/il/chicago?nginx=${Date.now()}`;
  const firstVisit = await viaCache(kept);
  assert.equal(firstVisit.status, 200);
  assert.match(
    firstVisit.cacheControl,
    /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/,
  );
  assert.deepEqual(firstVisit.setCookies, [], "a page that is everyone's sets no cookie");
  assert.equal(firstVisit.cacheStatus, 'MISS');
  const secondVisit = await viaCache(kept, { cookie: 'distinct_id=someone-else-0002' });
  assert.equal(secondVisit.cacheStatus, 'HIT', "the second anonymous GET is nginx's copy");
  assert.equal(secondVisit.body, firstVisit.body, 'the same bytes');
  const phone = await viaCache(kept, {
    'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Mobile/15E148',
  });
  assert.equal(phone.cacheStatus, 'MISS', 'a phone gets the page of its own route set');
  for (const session of [{ cookie: `auth_token=${andre}` }, { 'auth-token': andre }]) {
    const signedIn = await viaCache(kept, session);
    assert.equal(signedIn.cacheStatus, 'BYPASS', `a session is never served the kept page`);
    assert.equal(signedIn.cacheControl, 'private, no-cache');
    assert.notEqual(signedIn.body, firstVisit.body);
  }
  // In Chromium: a page from nginx's copy sets no cookie and runs without a CSP violation; its
  // script gets the cookies itself, and its first write passes the CSRF check.
  const cacheBrowser = await chromium.launch({
    ...(chromiumPath ? { executablePath: chromiumPath } : {}),
    ...(Object.keys(chromiumEnv).length ? { env: { ...process.env, ...chromiumEnv } } : {}),
    args: ['--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const context = await cacheBrowser.newContext({
      viewport: { width: 1280, height: 800 },
      userAgent: VISITOR['user-agent'],
    });
    await context.addInitScript(() => {
      window.__csp = [];
      document.addEventListener('securitypolicyviolation', (event) =>
        window.__csp.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    const tab = await context.newPage();
    await tab.goto(new URL(kept, cacheSite).href); // (Chromium's own encoding: maybe a MISS)
    const served = await tab.goto(new URL(kept, cacheSite).href);
    assert.equal(served.headers()['x-cache-status'], 'HIT', 'Chromium gets the kept page');
    assert.equal(served.headers()['set-cookie'], undefined);
    await tab.waitForFunction(() => window.__reactRouterRouteModules !== undefined);
    await tab.waitForLoadState('networkidle');
    const names = (await context.cookies()).map((cookie) => cookie.name).sort();
    assert.deepEqual(
      names,
      ['csrftoken', 'device_id', 'distinct_id'],
      'the script got its cookies',
    );
    assert.deepEqual(await tab.evaluate(() => window.__csp), [], 'no CSP violation');
    const shared = await tab.evaluate(async () => {
      const token = /(?:^|; )csrftoken=([^;]+)/.exec(document.cookie)?.[1] ?? '';
      const answer = await fetch('/api/v2/trackers/share', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrftoken': token },
        body: JSON.stringify({ resourceId: 1, resourceType: 'city', referrerCode: 'nginx' }),
      });
      return answer.status;
    });
    assert.equal(shared, 201, 'the first write passes with the cookies the script got');
  } finally {
    await cacheBrowser.close();
  }

  // A flag rolled out to half the visitors: pages are the visitor's own, with their cookies.
  flagsNow.flags[flagKey] = { ...flagsNow.flags[flagKey], enabled: true, rollout: 50 };
  writeFileSync(flagsFile('r1'), `${JSON.stringify(flagsNow, null, 2)}\n`);
  const privateOn = new Set();
  await until(
    'a half rollout makes pages private on every replica',
    async () => {
      const response = await fetch(new URL(`/?split=${Date.now()}`, site), { headers: VISITOR });
      await response.arrayBuffer();
      if (response.headers.get('cache-control') !== 'private, no-cache')
        return `${response.headers.get('x-replica')} says ${response.headers.get('cache-control')}`;
      privateOn.add(response.headers.get('x-replica'));
      return privateOn.size === 3 ? null : `private on ${[...privateOn]} so far`;
    },
    5000,
  );
  const withCookies = `/city/il/chicago?nginx-split=${Date.now()}`;
  for (let i = 0; i < 3; i++) {
    const answer = await viaCache(withCookies);
    assert.ok(answer.setCookies.length > 0, 'a first visit gets its cookies with the page');
    assert.equal(answer.cacheControl, 'private, no-cache');
    assert.equal(answer.cacheStatus, 'MISS', `answer ${i + 1} with Set-Cookie was not kept`);
  }
  say(
    '  MISS then HIT for an anonymous page (in Chromium too); BYPASS with a session; 3 × MISS with Set-Cookie',
  );
  spread('pages through the cache', 2);

  // 8. One write budget across replicas: from a client of its own, each write counts once
  // whichever replica takes it, and the one past the budget is refused by every replica.
  step(`one write budget (${WRITES_PER_MINUTE} a minute) across replicas`);
  const remaining = [];
  for (let i = 0; i < WRITES_PER_MINUTE; i++) {
    const answer = await fromOtherClient('/api/biz/claims', {});
    tally(answer.replica);
    assert.notEqual(
      answer.status,
      429,
      `write ${i + 1} of ${WRITES_PER_MINUTE} refused on ${answer.replica}`,
    );
    remaining.push(Number(answer.remaining));
  }
  assert.deepEqual(
    remaining,
    Array.from({ length: WRITES_PER_MINUTE }, (_, i) => WRITES_PER_MINUTE - 1 - i),
    'every write drew from the one budget',
  );
  for (let i = 0; i < 3; i++) {
    const past = await fromOtherClient('/api/biz/claims', {});
    tally(past.replica);
    assert.equal(
      past.status,
      429,
      `write ${WRITES_PER_MINUTE + 1 + i} is refused on ${past.replica}`,
    );
  }
  spread('budgeted writes', 3);
  say(`passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await cleanUp();
}
process.exit(failed ? 1 : 0);
