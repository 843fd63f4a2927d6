// `npm run bench:lighthouse`: Lighthouse (its mobile defaults: a mid-range phone, slow 4G,
// simulated throttling) on the built web app served by the app, in Debian's Chromium; prints each
// page's four scores beside issue 20's targets (decision 0031), each the median of three runs
// (`LIGHTHOUSE_RUNS`). The /app pages are measured signed in, with 1,000 cards, on a first visit's
// load (`LIGHTHOUSE_APP_LOAD`, below). CPU-heavy: run it alone on the machine, one run at a time.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { report } from './lib/load';
import { startBenchServer } from './lib/server';
import { seedCards, seedDueProgress } from './lib/study';

const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const chromium = process.env['CHROME_PATH'] ?? '/usr/bin/chromium';

interface Page {
  path: string;
  signedIn: boolean;
  /** SEO counts on the public pages only (the app's pages are not for search engines). */
  seo: boolean;
}

const allPages: Page[] = [
  { path: '/', signedIn: false, seo: true },
  { path: '/login', signedIn: false, seo: true },
  { path: '/signup', signedIn: false, seo: true },
  { path: '/app/dashboard', signedIn: true, seo: false },
  { path: '/app/study', signedIn: true, seo: false },
];

/** `npm run bench:lighthouse -w @glossa/bench -- / /login` measures those pages only. */
const only = process.argv.slice(2);
const pages = only.length > 0 ? allPages.filter((page) => only.includes(page.path)) : allPages;

/** `LIGHTHOUSE_REPORTS=<folder>` also writes each page's full report there (JSON), to read. */
const reportsDir = process.env['LIGHTHOUSE_REPORTS'];
/**
 * `LIGHTHOUSE_TRACES=1` (with `LIGHTHOUSE_REPORTS`) writes each run's trace and devtools log
 * there too, for lighthouse-path.ts.
 */
const writeTraces = process.env['LIGHTHOUSE_TRACES'] === '1';

/**
 * Each page is measured this many times (the pages in turn, as a learner goes through them) and
 * each score is the median of its runs: a single run moves by several points with the machine's
 * other work, as Lighthouse's own guidance on variability says (`LIGHTHOUSE_RUNS=1` for one).
 */
const runs = Math.max(1, Number(process.env['LIGHTHOUSE_RUNS'] ?? 3));

/**
 * The mobile preset slows the CPU four times, which is right for a host of Lighthouse's benchmark
 * index about 1,500; a faster host makes a gentler phone. `LIGHTHOUSE_CPU_SLOWDOWN=<n>` sets the
 * slowdown, and `LIGHTHOUSE_CPU_SLOWDOWN=calibrated` takes it from this host's index (measured on
 * a first run of the home page, not counted) with Lighthouse's own calculator (its throttling guide):
 * 3 + (index − 1,300) / 233, so that every host emulates the same phone (never gentler than the
 * preset's 4×).
 */
const slowdownSetting = process.env['LIGHTHOUSE_CPU_SLOWDOWN'];
let cpuSlowdownMultiplier =
  slowdownSetting && slowdownSetting !== 'calibrated' ? Number(slowdownSetting) : 4;
if (!(cpuSlowdownMultiplier >= 1))
  throw new Error('LIGHTHOUSE_CPU_SLOWDOWN: a number from 1, or "calibrated"');

const targets = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
type Category = keyof typeof targets;

/**
 * The four localStorage items of a session, as the web app writes them after signing in, and
 * what it keeps of a returning learner whose address is not verified yet (the banner's place,
 * apps/web/src/lib/verification-memory.ts): the learner signed in here before.
 */
function sessionItems(access: string, refresh: string): Record<string, string> {
  const claims = (token: string) =>
    Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8');
  const { payload } = JSON.parse(claims(access)) as { payload: { userId: string } };
  return {
    encodedAccessToken: access,
    encodedRefreshToken: refresh,
    decodedAccessToken: claims(access),
    decodedRefreshToken: claims(refresh),
    [`emailUnverified:${payload.userId}`]: '1',
  };
}

async function signUp(url: string, username: string): Promise<{ access: string; refresh: string }> {
  const post = (route: string, body: unknown) =>
    fetch(`${url}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const password = 'correct horse battery';
  const created = await post('/api/user/create', {
    username,
    email: `${username}@example.com`,
    password,
  });
  if (created.status !== 201) throw new Error(`sign-up failed: ${created.status}`);
  const login = await post('/api/auth/login', { login: username, password });
  const { payload } = (await login.json()) as { payload: { access: string; refresh: string } };
  return payload;
}

/**
 * How the signed-in pages are loaded. Lighthouse is told to keep the browser's storage for them
 * (the session is in localStorage), and with it would keep what the earlier runs left: the
 * service worker, its Cache Storage and the HTTP cache, so that every run after the first would
 * be a returning learner's load with the app's files at hand (every figure of decision 0031 up to
 * its eleventh pass). By default (`cold`) those three are emptied before each signed-in run, the
 * session kept: a first visit's load, as Lighthouse measures every other page.
 * `LIGHTHOUSE_APP_LOAD=warm` keeps them. `LIGHTHOUSE_APP_LOAD=after-sign-in` empties them too,
 * then opens /login in the browser and waits for its service worker to be ready (it keeps every
 * file of the build once the page has loaded): the load of a learner who has just signed in on
 * this device, the usual way to an /app page.
 */
const appLoads = ['cold', 'warm', 'after-sign-in'] as const;
const appLoad = process.env['LIGHTHOUSE_APP_LOAD'] ?? 'cold';
if (!appLoads.includes(appLoad as (typeof appLoads)[number])) {
  throw new Error(`LIGHTHOUSE_APP_LOAD: one of ${appLoads.join(', ')}`);
}

/**
 * Writes the session into the browser's storage for `origin` (see the loop below); for a cold
 * load, also empties the service worker, Cache Storage and the HTTP cache; after a sign-in, loads
 * /login afresh and waits for its service worker.
 */
async function storeSession(chrome: LaunchedChrome, origin: string, items: Record<string, string>) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const tab = await browser.newPage();
  await tab.goto(`${origin}/robots.txt`);
  if (appLoad !== 'warm') {
    const cdp = await tab.createCDPSession();
    await cdp.send('Storage.clearDataForOrigin', {
      origin,
      storageTypes: 'service_workers,cache_storage',
    });
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
  }
  if (appLoad === 'after-sign-in') {
    await tab.goto(`${origin}/login`, { waitUntil: 'load' });
    await tab.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
  }
  // Last, so that /login (which opens the app for a signed-in learner) loads signed out.
  await tab.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, items);
  await tab.close();
  await browser.disconnect();
}

const server = await startBenchServer({ WEB_DIST: webDist });
const chrome = await launch({
  chromePath: chromium,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
const results: { page: Page; scores: Record<Category, number | null> }[] = [];
/**
 * Lighthouse's own measure of the host's speed in each run (its `benchmarkIndex`): the mobile
 * preset slows the host's CPU four times whatever it is, so blocking time, and with it the
 * performance score, is only comparable between runs on hosts of a like index.
 */
const benchmarkIndexes: number[] = [];
try {
  const username = 'lighthouse';
  const tokens = await signUp(server.url, username);
  const owner = await server.app.deps.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  const cardIds = await seedCards(server, owner.id, 1000);
  await seedDueProgress(server, owner.id, cardIds.slice(0, 200), Date.now());

  if (slowdownSetting === 'calibrated') {
    const calibration = await lighthouse(`${server.url}/`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    const index = calibration?.lhr.environment.benchmarkIndex ?? 0;
    cpuSlowdownMultiplier = Math.max(4, Math.round((3 + (index - 1300) / 233) * 10) / 10);
    console.log(`Host benchmark index ${Math.round(index)}: CPU slowed ${cpuSlowdownMultiplier}×`);
  }

  for (let run = 1; run <= runs; run += 1)
    for (const page of pages) {
      // Lighthouse's storage reset leaves localStorage (where the session is) by default: the
      // signed-out pages clear it too, as a new visitor's browser has none; the signed-in pages
      // get the session stored again and no reset.
      if (page.signedIn) {
        await storeSession(chrome, server.url, sessionItems(tokens.access, tokens.refresh));
      }
      const measure = () =>
        lighthouse(`${server.url}${page.path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: Object.keys(targets),
          disableStorageReset: page.signedIn,
          throttling: { cpuSlowdownMultiplier },
          clearStorageTypes: [
            'file_systems',
            'shader_cache',
            'service_workers',
            'cache_storage',
            'local_storage',
            'indexeddb',
          ],
        });
      // A failed recording ("Please run Lighthouse again", NO_NAVSTART) is measured again, twice
      // at the most.
      let result = await measure();
      for (let retry = 0; retry < 2 && result?.lhr.runtimeError; retry += 1) {
        console.log(`${page.path}: ${result.lhr.runtimeError.code}, measured again`);
        if (page.signedIn) {
          await storeSession(chrome, server.url, sessionItems(tokens.access, tokens.refresh));
        }
        result = await measure();
      }
      if (!result) throw new Error(`Lighthouse gave no result for ${page.path}`);
      const { categories, runtimeError } = result.lhr;
      if (runtimeError) throw new Error(`${page.path}: ${runtimeError.message}`);
      if (reportsDir) {
        fs.mkdirSync(reportsDir, { recursive: true });
        const base = page.path === '/' ? 'home' : page.path.slice(1).replaceAll('/', '-');
        const name = runs > 1 ? `${base}-${run}` : base;
        fs.writeFileSync(path.join(reportsDir, `${name}.json`), JSON.stringify(result.lhr));
        if (writeTraces) {
          // The page load's trace as Lighthouse recorded it (unthrottled: the figures are
          // simulated from it), and what its simulation needs besides: lighthouse-path.ts prints
          // the simulated requests and tasks each paint waited for.
          const artifacts = result.artifacts as unknown as Record<string, unknown>;
          const write = (suffix: string, value: unknown) =>
            fs.writeFileSync(path.join(reportsDir, `${name}${suffix}`), JSON.stringify(value));
          write('.trace.json', artifacts['Trace']);
          write('.artifacts.json', {
            DevtoolsLog: artifacts['DevtoolsLog'],
            GatherContext: artifacts['GatherContext'],
            URL: artifacts['URL'],
            SourceMaps: artifacts['SourceMaps'],
            HostDPR: artifacts['HostDPR'],
            settings: result.lhr.configSettings,
          });
        }
      }
      const score = (category: Category) => {
        const value = categories[category]?.score;
        return value === null || value === undefined ? null : Math.round(value * 100);
      };
      results.push({
        page,
        scores: {
          performance: score('performance'),
          accessibility: score('accessibility'),
          'best-practices': score('best-practices'),
          seo: score('seo'),
        },
      });
      const failed = Object.values(categories)
        .flatMap((category) => category.auditRefs)
        .map((ref) => result.lhr.audits[ref.id])
        .filter(
          (audit) =>
            audit &&
            audit.score !== null &&
            audit.score < 0.9 &&
            audit.scoreDisplayMode !== 'informative',
        )
        .map((audit) => `${audit?.id} (${audit?.displayValue ?? audit?.score})`);
      console.log(`${page.path}: below 0.9: ${failed.join(', ') || 'none'}`);
      // What the browser itself complained about (best practices' "issues" audit), spelled out.
      const issues = result.lhr.audits['inspector-issues']?.details;
      if (issues && 'items' in issues) {
        for (const item of issues.items)
          console.log(`${page.path}: issue: ${JSON.stringify(item)}`);
      }
      // What moved (cumulative layout shift's culprits), by element.
      const shifts = result.lhr.audits['layout-shifts']?.details;
      if (shifts && 'items' in shifts) {
        for (const item of shifts.items as { node?: { snippet?: string }; score?: number }[]) {
          const score = item.score?.toFixed(3) ?? '?';
          console.log(`${page.path}: layout shift ${score}: ${item.node?.snippet ?? '?'}`);
        }
      }
      const metrics = [
        'first-contentful-paint',
        'largest-contentful-paint',
        'total-blocking-time',
        'cumulative-layout-shift',
      ]
        .map((id) => `${id} ${result.lhr.audits[id]?.displayValue ?? '?'}`)
        .join(', ');
      const index = Math.round(result.lhr.environment.benchmarkIndex);
      benchmarkIndexes.push(index);
      const slowdown = result.lhr.configSettings.throttling.cpuSlowdownMultiplier;
      console.log(
        `${page.path}: ${metrics}, host benchmark index ${index}, CPU slowed ${slowdown}×${runs > 1 ? ` (run ${run} of ${runs})` : ''}`,
      );
    }
} finally {
  chrome.kill();
  await server.close();
}

/** The middle value (the lower of the two middle ones for an even count), or null if any is. */
function median(values: (number | null)[]): number | null {
  if (values.some((value) => value === null)) return null;
  const sorted = (values as number[]).toSorted((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? null;
}

console.log('');
console.log(
  `Host benchmark index (Lighthouse's, median of ${benchmarkIndexes.length}): ${median(benchmarkIndexes) ?? '?'}; CPU slowed ${cpuSlowdownMultiplier}×; signed-in pages loaded ${appLoad}`,
);
for (const page of pages) {
  const ofPage = results.filter((result) => result.page === page);
  for (const category of Object.keys(targets) as Category[]) {
    if (category === 'seo' && !page.seo) continue;
    const each = ofPage.map((result) => result.scores[category]);
    const value = median(each);
    const shown = runs > 1 ? `${value ?? 'n/a'} (median of ${each.join(', ')})` : String(value);
    report(
      `Lighthouse ${category} ${page.path}`,
      shown,
      `≥ ${targets[category]}`,
      value !== null && value >= targets[category],
    );
  }
}
