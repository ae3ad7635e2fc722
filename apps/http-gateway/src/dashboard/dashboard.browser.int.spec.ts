/**
 * The dashboard in a real browser: Debian's headless Chromium (driven by playwright-core) against
 * `kioku http` on the embedded default, with keys for two namespaces made by the CLI. Walks every
 * page a user would — sign in, search, open a memory, edit it, follow a link, forget in two steps,
 * restore from the trash, merge a proposal, run an auto-forget dry run, the worker and the namespace
 * — runs axe-core on each page (no serious or critical violation), saves screenshots to
 * test-results/screenshots/, and checks that namespace A's key never shows namespace B's memories,
 * that private text stays out of URLs and titles, and that the page breaks no CSP rule. A second
 * gateway, with anonymous access on loopback, is entered without a key.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { startReplicaCluster, type ReplicaCluster } from '../testing/replica-cluster';

jest.setTimeout(240_000);

const CHROMIUM = '/usr/bin/chromium';
const SCREENSHOTS = resolve(__dirname, '../../../../test-results/screenshots');
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
/** Flags for a closed network (no Google services, no updates): see CONTRIBUTING.md, Tests. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const PRIVATE_TEXT = 'My bank PIN hint is the year grandmother moved to Osaka';
const BOB_TEXT = 'Bob keeps his green tea recipe for the tea ceremony secret';

interface Seeded {
  teaId: string;
  linkedId: string;
  privateId: string;
  duplicateIds: [string, string];
  bobId: string;
}

describe('the dashboard in headless Chromium', () => {
  let cluster: ReplicaCluster;
  let browser: Browser;
  let page: Page;
  let alice: string;
  let seeded: Seeded;
  const problems: string[] = [];

  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) {
      throw new Error(
        `${CHROMIUM} is missing: the dashboard's browser tests need Debian's Chromium (apt-get install -y chromium; .ci/run installs it).`,
      );
    }
    mkdirSync(SCREENSHOTS, { recursive: true });
    cluster = await startReplicaCluster(1);
    alice = await cluster.createKey('alice');
    const bob = await cluster.createKey('bob');
    seeded = await seed(cluster, alice, bob);
    writeWorkerReport(cluster.dataDir);
    // Playwright gives each launch a fresh, empty profile directory of its own.
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('console', (message) => {
      if (message.type() === 'error' && !/Failed to load resource: .* (401|404)/.test(message.text()))
        problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
  });

  afterAll(async () => {
    await browser?.close();
    await cluster?.stop();
  });

  afterEach(() => {
    expect(problems).toEqual([]);
    expect(page?.url() ?? '').not.toContain('Osaka');
  });

  const url = () => `${cluster.urls[0]}/ui`;

  async function expectAccessible(name: string): Promise<void> {
    await page.evaluate(AXE_SOURCE);
    // Expressions run in the page (strings: this spec is compiled without the DOM's types).
    const violations = await page.evaluate<{ id: string; impact: string; nodes: number }[]>(
      `axe.run(document, { resultTypes: ['violations'] }).then((result) =>
        result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length })))`,
    );
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect({ page: name, serious }).toEqual({ page: name, serious: [] });
    await page.screenshot({ path: join(SCREENSHOTS, `dashboard-${name}.png`), fullPage: true });
  }

  async function expectTitleClean(): Promise<void> {
    const title = await page.title();
    expect(title).toMatch(/kioku dashboard$/);
    expect(title).not.toMatch(/Osaka|tea/i);
  }

  it('serves the page with a self-only CSP, fast, and measures its first render', async () => {
    const response = await page.goto(url());
    expect(response?.status()).toBe(200);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    await page.getByRole('heading', { name: 'kioku dashboard' }).waitFor();
    const timing = await page.evaluate<{ firstRender: number; bytes: number }>(`({
      firstRender: performance.getEntriesByName('kioku:first-render')[0]?.startTime ?? -1,
      bytes: performance.getEntriesByType('resource').reduce((sum, entry) => sum + entry.transferSize, 0),
    })`);
    // Measured and saved for docs/gateway.md, never asserted (timings belong to measurements, not tests).
    expect(timing.firstRender).toBeGreaterThan(0);
    writeFileSync(join(SCREENSHOTS, 'timing.json'), JSON.stringify(timing, null, 2) + '\n');
    await expectAccessible('sign-in');
  });

  it('refuses a wrong key and signs in with a right one (kept in sessionStorage only)', async () => {
    // This gateway does not allow anonymous access: continuing without a key is refused, nothing kept.
    await page.getByRole('button', { name: 'Continue without a key' }).click();
    await waitForText(page.getByRole('alert'), 'UNAUTHORIZED');
    expect(await page.evaluate('sessionStorage.length')).toBe(0);
    await page.getByLabel('API key').fill('kioku_not-a-real-key');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').waitFor();
    await page.getByLabel('API key').fill(alice);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Search' }).waitFor();
    const stored = await page.evaluate('({ session: sessionStorage.length, local: localStorage.length })');
    expect(stored).toEqual({ session: 1, local: 0 });
    await expectTitleClean();
  });

  it('searches with filters; private memories only when asked for; never namespace B', async () => {
    await page.getByLabel('What to recall').fill('green tea');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.locator('.result').first().waitFor();
    const ids = await page
      .locator('.result')
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-memory-id')));
    expect(ids).toContain(seeded.teaId);
    expect(ids).not.toContain(seeded.bobId);
    expect(ids).not.toContain(seeded.privateId);
    expect(await page.locator('body').innerText()).not.toContain('Bob keeps');
    const first = page.locator(`.result[data-memory-id="${seeded.teaId}"]`);
    await waitForText(first.locator('.meta'), /similarity \d\.\d\d/);
    await waitForText(first.locator('.meta'), /by (meaning|words|link|context)/);

    await page.getByLabel('What to recall').fill('bank PIN grandmother Osaka');
    await page.getByLabel('Include private memories').check();
    await page.getByRole('button', { name: 'Search' }).click();
    const privateResult = page.locator(`.result[data-memory-id="${seeded.privateId}"]`);
    await privateResult.waitFor();
    await waitForText(privateResult.locator('.badge-private'), 'private');
    await expectTitleClean();
    await expectAccessible('search');

    await page.getByLabel('What to recall').fill('green tea');
    await page.getByLabel('Include private memories').uncheck();
    await page.getByRole('button', { name: 'Search' }).click();
    await page.locator(`.result[data-memory-id="${seeded.teaId}"]`).waitFor();
  });

  it('opens a memory, edits it, and follows a link in its graph', async () => {
    await page.getByRole('link', { name: seeded.teaId }).click();
    await page.getByRole('heading', { name: new RegExp(`Memory ${seeded.teaId}`) }).waitFor();
    await page.getByLabel('Tags (comma-separated)').fill('drinks, morning');
    await page.getByLabel('Importance (5 pins)').selectOption('4');
    await page.getByLabel('Emotion').selectOption('calm');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await waitForText(page.getByRole('status'), 'Saved:');
    await waitForText(page.locator('.fields'), 'drinks, morning');
    await waitForText(page.locator('.fields'), 'calm');
    await expectAccessible('memory');
    await expectTitleClean();

    await page.locator(`.graph-link[data-memory-id="${seeded.linkedId}"]`).click();
    await page.getByRole('heading', { name: new RegExp(`Memory ${seeded.linkedId}`) }).waitFor();
    expect(page.url()).toContain(`#/memory/${seeded.linkedId}`);
  });

  it('forgets in two steps and restores from the trash', async () => {
    await page.getByRole('button', { name: 'Forget…' }).click();
    const dialog = page.getByRole('alertdialog');
    await waitForText(dialog, 'Forget this memory?');
    await page.getByRole('button', { name: 'Confirm forget' }).click();
    await page.getByRole('heading', { name: 'Trash' }).waitFor();
    const row = page.locator(`tr[data-memory-id="${seeded.linkedId}"]`);
    await row.waitFor();
    await expectAccessible('trash');
    await page.getByRole('button', { name: `Restore ${seeded.linkedId}` }).click();
    await waitForText(page.getByRole('status'), `Restored ${seeded.linkedId}`);
    await row.waitFor({ state: 'detached' });
  });

  it('shows merge proposals side by side and merges after a preview', async () => {
    await page.getByRole('link', { name: 'Consolidation' }).click();
    await page.getByRole('button', { name: 'Find merge proposals' }).click();
    const [a, b] = seeded.duplicateIds;
    const proposal = page.locator('article.proposal', { hasText: a }).filter({ hasText: b });
    await proposal.waitFor();
    await expectAccessible('consolidation');
    await proposal.getByRole('button', { name: 'Keep this one…' }).first().click();
    await waitForText(page.getByRole('alertdialog'), 'Merge preview');
    await page.getByRole('button', { name: 'Merge', exact: true }).click();
    await waitForText(page.getByRole('status'), 'Merged: kept');
  });

  it('runs an auto-forget dry run, shows it as a table and a chart, and executes it', async () => {
    // Imported here: a search before would count them as accessed (and so, fresh).
    const old = await importOldMemories(cluster);
    await page.getByRole('link', { name: 'Auto-forgetting' }).click();
    expect(await page.getByRole('button', { name: 'Execute this dry run' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Run dry run' }).click();
    await waitForText(
      page.getByRole('status').filter({ hasText: 'Scanned' }),
      /Scanned \d+: 3 would be dropped, 1 compressed, 1 protected/,
    );
    const chart = page.locator('figure.chart');
    expect(await chart.locator('.point-drop').count()).toBe(3);
    expect(await chart.locator('.point-compress').count()).toBe(1);
    expect(await chart.locator('.point-protected').count()).toBe(1);
    const table = page.getByRole('table');
    for (const id of old.dropIds) await waitForText(table.getByRole('row'), new RegExp(`${id}.*dropped`));
    await waitForText(table.getByRole('row'), new RegExp(`${old.pinnedId}.*kept \\(protected\\)`));
    await expectAccessible('forgetting');
    await page.getByRole('button', { name: 'Execute this dry run' }).click();
    await waitForText(page.getByRole('status'), 'Dropped 3 memories into the trash; kept 0.');
  });

  it("shows the worker's reports and the namespace's statistics", async () => {
    await page.getByRole('link', { name: 'Worker' }).click();
    await page.getByRole('cell', { name: 'consolidate' }).waitFor();
    await expectAccessible('worker');
    await page.getByRole('link', { name: 'Namespace' }).click();
    await page.getByRole('heading', { name: 'Over time' }).waitFor();
    await waitForText(page.locator('.totals'), '1 private');
    // The day-by-day numbers: the imported year-old memories are the first days, and today's row
    // counts the memory the merge sent to the trash as forgotten and ends at the namespace's total.
    await page.getByText('The numbers, day by day').click();
    const total = await page.locator('.totals strong').first().innerText();
    const rows = page.locator('figure.chart tbody tr');
    expect(await rows.count()).toBeGreaterThanOrEqual(5);
    const [today] = (await rows.last().locator('td').allInnerTexts()).slice(0, 1);
    expect(today).toBe(new Date().toISOString().slice(0, 10));
    const [, , forgotten, held] = await rows.last().locator('td').allInnerTexts();
    expect(Number(forgotten)).toBeGreaterThanOrEqual(1);
    expect(held).toBe(total);
    await expectAccessible('namespace');
  });

  it("never shows namespace B's memories to namespace A's key", async () => {
    await page.goto(`${url()}#/memory/${seeded.bobId}`);
    await waitForText(page.getByRole('alert'), 'MEMORY_NOT_FOUND');
    await page.getByRole('link', { name: 'Search' }).click();
    await page.getByLabel('What to recall').fill(BOB_TEXT);
    await page.getByLabel('Include private memories').check();
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('status').filter({ hasText: /found/ }).waitFor();
    expect(await page.locator('body').innerText()).not.toContain('Bob keeps');
    await page.getByRole('link', { name: 'Trash' }).click();
    await page.locator('table, p:has-text("The trash is empty")').first().waitFor();
    expect(await page.locator('body').innerText()).not.toContain(seeded.bobId);
  });

  it('is usable from the keyboard: Tab reaches the navigation and Enter follows it', async () => {
    await page.goto(`${url()}#/search`);
    await page.reload();
    await page.getByRole('heading', { name: 'Search' }).waitFor();
    let reached = false;
    for (let i = 0; i < 12 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = (await page.evaluate("document.activeElement?.textContent === 'Trash'")) === true;
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Trash' }).waitFor();
  });

  it('signs out and forgets the key', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('API key').waitFor();
    expect(await page.evaluate('sessionStorage.length')).toBe(0);
  });
});

/** Waits until an element of the locator holds the text (playwright-core has no assertion library). */
async function waitForText(locator: Locator, text: string | RegExp): Promise<void> {
  await locator.filter({ hasText: text }).first().waitFor();
}

async function seed(cluster: ReplicaCluster, alice: string, bob: string): Promise<Seeded> {
  const asAlice = cluster.roundRobin(alice);
  const remember = async (body: Record<string, unknown>, token = asAlice) => {
    const response = await token.send('POST', '/v1/memories', body);
    if (response.status !== 201) throw new Error(`seeding failed: ${response.status} ${response.text}`);
    return (response.body as { memory: { id: string } }).memory.id;
  };
  const teaId = await remember({
    content: 'The user drinks green tea every morning before work.',
    tags: ['drinks'],
  });
  const linkedId = await remember({
    content: 'A sencha tin from Shizuoka sits on the kitchen shelf.',
    category: 'observation',
  });
  const link = await asAlice.send('POST', '/v1/links', {
    source_id: teaId,
    target_id: linkedId,
    link_type: 'related',
  });
  if (link.status !== 201 && link.status !== 409)
    throw new Error(`linking failed: ${link.status} ${link.text}`);
  const privateId = await remember({ content: PRIVATE_TEXT, private: true });
  const first = await remember({ content: 'The team meets every Tuesday at ten for the planning call.' });
  const second = await remember({
    content: 'The team meets every Tuesday at ten for the planning call!',
    force: true,
  });
  await asAlice.send('POST', '/v1/episodes', { summary: 'Morning routine', memory_ids: [teaId, linkedId] });
  const bobId = await remember({ content: BOB_TEXT }, cluster.roundRobin(bob));
  return { teaId, linkedId, privateId, duplicateIds: [first, second], bobId };
}

/**
 * Old memories for the auto-forget dry run, brought in as a user would (`kioku import` of the export
 * format, which keeps their dates): three untouched for a year (dropped), one from 40 days ago
 * (fades) and a pinned one from a year ago (protected).
 */
async function importOldMemories(cluster: ReplicaCluster): Promise<{ dropIds: string[]; pinnedId: string }> {
  const header = JSON.parse(
    (await cluster.cli(['export', '--namespace', 'alice'])).stdout.split('\n')[0],
  ) as {
    embeddingModel: { id: string };
  };
  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
  const old = [
    { content: 'Bought a paper notebook for the train rides.', days: 380, importance: 1 },
    { content: 'The printer on the third floor jammed twice.', days: 400, importance: 2 },
    { content: 'Tried a new route to the office through the park.', days: 420, importance: 1 },
    { content: 'Lunch was a bento from the station kiosk.', days: 40, importance: 2 },
    { content: 'The user was born in Sapporo in winter.', days: 365, importance: 5 },
  ].map((m, i) => ({
    type: 'memory',
    memory: {
      id: `mem_01d00000000${i}`,
      content: m.content,
      createdAt: daysAgo(m.days),
      updatedAt: daysAgo(m.days),
      category: 'daily',
      importance: m.importance,
      emotion: { primary: 'neutral', secondary: [], intensity: 0.2, valence: 0, arousal: 0.1 },
      tags: [],
      isPrivate: false,
      accessCount: 0,
      lastAccessedAt: null,
      embeddingModel: header.embeddingModel.id,
    },
  }));
  const trailer = {
    type: 'trailer',
    counts: { memory: old.length, link: 0, episode: 0, trash: 0, setting: 0 },
  };
  const file = join(mkdtempSync(join(tmpdir(), 'kioku-dashboard-')), 'old.jsonl');
  writeFileSync(file, [header, ...old, trailer].map((line) => JSON.stringify(line)).join('\n') + '\n');
  await cluster.cli(['import', file, '--namespace', 'alice']);
  return { dropIds: old.slice(0, 3).map((m) => m.memory.id), pinnedId: old[4].memory.id };
}

/** One line as the worker's ReportWriter writes it (apps/worker/src/reports), for namespace alice. */
function writeWorkerReport(dataDir: string): void {
  mkdirSync(join(dataDir, 'worker-reports'), { recursive: true });
  const report = {
    job: 'consolidate',
    namespace: 'alice',
    startedAt: new Date().toISOString(),
    durationMs: 42,
    status: 'ok',
    pid: 1,
    counts: { replayed: 3, linksCreated: 1 },
  };
  writeFileSync(join(dataDir, 'worker-reports', 'consolidate.jsonl'), JSON.stringify(report) + '\n');
}

describe('the dashboard on a loopback gateway that allows anonymous access', () => {
  let cluster: ReplicaCluster;
  let browser: Browser;

  beforeAll(async () => {
    cluster = await startReplicaCluster(1, { KIOKU_HTTP_ALLOW_ANONYMOUS: 'true', KIOKU_NAMESPACE: 'local' });
    const saved = await cluster
      .roundRobin()
      .send('POST', '/v1/memories', { content: 'The balcony tomatoes need staking this week.' });
    if (saved.status !== 201) throw new Error(`seeding failed: ${saved.status} ${saved.text}`);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  });

  afterAll(async () => {
    await browser?.close();
    await cluster?.stop();
  });

  it("continues without a key into the gateway's namespace", async () => {
    const page = await browser.newPage();
    await page.goto(`${cluster.urls[0]}/ui`);
    await page.getByRole('button', { name: 'Continue without a key' }).click();
    await page.getByRole('heading', { name: 'Search' }).waitFor();
    await page.getByLabel('What to recall').fill('tomatoes on the balcony');
    await page.getByRole('button', { name: 'Search' }).click();
    await waitForText(page.locator('main'), 'The balcony tomatoes need staking this week.');
    expect(await page.evaluate('sessionStorage.length')).toBe(1);
  });
});
