// Contract 1, 3 and 4.5 in Chromium: widget-chart.js is fetched only on the first chart press (one
// <script> with the nonce), bars for categories and a line for months, zero CSP / Trusted Types
// violations while charting, the CSV file's exact bytes, numeric sorting that the chart follows,
// and the screenshots of docs/images/chart-*.png (`UPDATE_DOC_IMAGES=1 npm run test:browser -- charts`).
import { readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { disconnectBrowser, openPage, policies, problems, recordPolicies, settle, type WidgetPage } from './helpers';
import { axeSource } from './hardening/lib';
import { REPO_ROOT, SCREENSHOTS_DIR } from './paths';

afterAll(disconnectBrowser);

const NONCE = 'chart-nonce';
const STRICT_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "connect-src 'self'",
  "require-trusted-types-for 'script'",
  'trusted-types service-widget dompurify',
].join('; ');

async function tablesReply(opts: Parameters<typeof openPage>[0] = {}): Promise<WidgetPage> {
  const wp = await openPage({ scenario: 'tables', ...opts, initOptions: { locale: 'en', nonce: NONCE, ...opts.initOptions } });
  await wp.openPanel();
  await wp.send('Show me revenue by region and orders by month');
  const reply = await wp.waitForReplies(1);
  await reply.locator('[part~="copy-message-button"]').waitFor();
  return wp;
}

const chartRequests = (wp: WidgetPage) => wp.requests.filter((r) => r.url.endsWith('/widget-chart.js'));
const tableBlock = (wp: WidgetPage, i: number) => wp.host.locator('.table-block').nth(i);

describe('charts', () => {
  it('no chart code before the first press; then one <script nonce>, bars for categories, a line for months', async () => {
    // Console errors with where they come from (the page's own favicon.ico 404 is not the widget's).
    const errors: string[] = [];
    const wp = await tablesReply({
      beforeLoad: async (page) => void page.on('console', (m) => m.type() == 'error' && !m.location().url.endsWith('/favicon.ico') && errors.push(m.text())),
    });
    await settle(wp.page);
    expect(chartRequests(wp)).toEqual([]);
    expect(await wp.part('chart-button').count()).toBe(3); // the table without numbers has none

    const regions = tableBlock(wp, 0);
    const button = regions.locator('[part~="chart-button"]');
    expect(await button.getAttribute('aria-pressed')).toBe('false');
    await button.click();
    const chart = regions.locator('[part~="chart"]');
    await chart.waitFor();
    expect(await button.getAttribute('aria-pressed')).toBe('true');
    expect(await chart.getAttribute('role')).toBe('img');
    expect(await chart.getAttribute('aria-label')).toBe('Bar chart of Revenue by Region, from Marmara to Mediterranean');
    expect(await chart.locator('rect.mark').count()).toBe(5);
    expect(await chart.locator('rect.mark title').first().textContent()).toBe('Marmara · Revenue: €48,200');
    // The table is still there for screen readers (visually hidden, its buttons out of the tab order).
    expect(await regions.locator('table').count()).toBe(1);
    expect(await regions.locator('.table-scroll').getAttribute('class')).toContain('sr-only');
    expect(await regions.locator('th button').first().getAttribute('tabindex')).toBe('-1');

    const months = tableBlock(wp, 1);
    await months.locator('[part~="chart-button"]').click();
    const line = months.locator('[part~="chart"]');
    await line.waitFor();
    expect(await line.getAttribute('aria-label')).toBe('Line chart of Orders and Returns by Month, from January to June');
    expect(await line.locator('path.line').count()).toBe(2);
    // "n/a" in May is a gap: 6 + 5 points, and the Returns line breaks there.
    expect(await line.locator('circle.mark').count()).toBe(11);
    expect((await line.locator('path.line').nth(1).getAttribute('d'))!.match(/M/g)).toHaveLength(2);
    expect(await line.locator('text.legend').allTextContents()).toEqual(['Orders', 'Returns']);

    // One script element, with the nonce, for both charts; no global defined.
    expect(chartRequests(wp)).toHaveLength(1);
    expect(
      await wp.page.evaluate(() => [...document.scripts].filter((s) => s.src.endsWith('/widget-chart.js')).map((s) => s.nonce)),
    ).toEqual([NONCE]);

    // Pressing again shows the table.
    await months.locator('[part~="chart-button"]').click();
    expect(await months.locator('[part~="chart-button"]').getAttribute('aria-pressed')).toBe('false');
    expect(await months.locator('.chart-box').isHidden()).toBe(true);
    expect(await months.locator('.table-scroll').getAttribute('class')).not.toContain('sr-only');
    expect(errors).toEqual([]);
    expect(wp.pageErrors).toEqual([]);
  });

  it('keyboard: the chart is one tab stop; arrows show each value', async () => {
    const wp = await tablesReply();
    const regions = tableBlock(wp, 0);
    await regions.locator('[part~="chart-button"]').click();
    const chart = regions.locator('[part~="chart"]');
    await chart.waitFor();
    await chart.focus();
    const readout = chart.locator('text.readout');
    expect(await readout.textContent()).toBe('Marmara · Revenue: €48,200');
    await wp.page.keyboard.press('ArrowRight');
    expect(await readout.textContent()).toBe('Aegean · Revenue: €31,950');
    await wp.page.keyboard.press('End');
    expect(await readout.textContent()).toBe('Mediterranean · Revenue: €27,310');
    expect(await regions.locator('[aria-live="polite"]').textContent()).toBe('Mediterranean · Revenue: €27,310');
    expect(await chart.locator('.mark.active').count()).toBe(1);
  });

  it('sorting a numeric column sorts numbers as numbers, and the chart follows the table’s order', async () => {
    const wp = await tablesReply();
    const regions = tableBlock(wp, 0);
    const revenue = regions.locator('th').nth(1);
    await revenue.locator('button').click();
    expect(await revenue.getAttribute('aria-sort')).toBe('ascending');
    expect(await regions.locator('tbody td:nth-child(2)').allTextContents()).toEqual(['€9,870', '€22,400', '€27,310', '€31,950', '€48,200']);
    await revenue.locator('button').press('Enter'); // keyboard works too
    expect(await revenue.getAttribute('aria-sort')).toBe('descending');
    expect(await regions.locator('tbody td:first-child').allTextContents()).toEqual(['Marmara', 'Aegean', 'Mediterranean', 'Central Anatolia', 'Black Sea']);

    await regions.locator('[part~="chart-button"]').click();
    const titles = () => regions.locator('[part~="chart"] rect.mark title').allTextContents();
    await regions.locator('[part~="chart"]').waitFor();
    expect((await titles()).map((t) => t.split(' · ')[0])).toEqual(['Marmara', 'Aegean', 'Mediterranean', 'Central Anatolia', 'Black Sea']);
    // Sorting while the chart shows redraws it (the header is reachable once the table is back).
    await regions.locator('[part~="chart-button"]').click();
    await revenue.locator('button').click(); // third press: the original order
    expect(await revenue.getAttribute('aria-sort')).toBeNull();
    await regions.locator('[part~="chart-button"]').click();
    await expect.poll(async () => (await titles()).map((t) => t.split(' · ')[0])).toEqual(['Marmara', 'Aegean', 'Central Anatolia', 'Black Sea', 'Mediterranean']);
  });

  it('the CSV file: BOM, RFC 4180 quoting, CRLF, named after the conversation and the date', async () => {
    const wp = await tablesReply();
    const owners = tableBlock(wp, 3);
    const [download] = await Promise.all([wp.page.waitForEvent('download'), owners.locator('[part~="download-table-button"]').click()]);
    const today = await wp.page.evaluate(() => new Date().toLocaleDateString('sv'));
    expect(download.suggestedFilename()).toMatch(new RegExp(`^[\\p{L}\\p{N}-]+-${today}\\.csv$`, 'u'));
    const saved = path.join(os.tmpdir(), `chart-test-${process.pid}-${Date.now()}.csv`);
    await download.saveAs(saved);
    const bytes = readFileSync(saved);
    rmSync(saved);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toBe(
      'Customer,Owner,City\r\nAcme Ltd,Ayşe Yılmaz,İzmir\r\nBauhaus GmbH,"Jonas ""JJ"" Keller",Köln\r\nÇınar A.Ş.,Mehmet Öz,Ankara\r\n',
    );
  });

  it('strict CSP with Trusted Types: charting, sorting, downloading and copying cause zero violations', async () => {
    const wp = await tablesReply({ csp: STRICT_CSP, beforeLoad: recordPolicies, initOptions: { nonce: undefined } });
    await wp.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    for (const i of [0, 1, 2]) {
      await tableBlock(wp, i).locator('[part~="chart-button"]').click();
      await tableBlock(wp, i).locator('[part~="chart"]').waitFor();
    }
    await tableBlock(wp, 2).locator('[part~="chart"]').hover();
    await tableBlock(wp, 3).locator('th button').first().click();
    const [download] = await Promise.all([wp.page.waitForEvent('download'), tableBlock(wp, 3).locator('[part~="download-table-button"]').click()]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    await wp.part('copy-message-button').click();
    await wp.part('copy-code-button').click();
    await expect.poll(() => wp.part('copy-code-button').textContent()).toBe('Copied');
    expect(await wp.page.evaluate(() => navigator.clipboard.readText())).toBe('SELECT region, SUM(total) AS revenue FROM orders GROUP BY region;\n');
    await settle(wp.page);
    expect(await wp.violations()).toEqual([]);
    expect(problems(wp)).toEqual([]);
    expect((await policies(wp)).filter((n) => n !== 'dompurify')).toEqual(['service-widget']);
    // The Turkish months with a Turkish-format currency column: a line of three points.
    expect(await tableBlock(wp, 2).locator('[part~="chart"] circle.mark').count()).toBe(3);
  });

  it('axe-core: no serious or critical finding with charts, a sorted table and the copy buttons, in both themes', async () => {
    const wp = await tablesReply();
    for (const i of [0, 1]) {
      await tableBlock(wp, i).locator('[part~="chart-button"]').click();
      await tableBlock(wp, i).locator('[part~="chart"]').waitFor();
    }
    await tableBlock(wp, 3).locator('th button').nth(2).click();
    await wp.page.addScriptTag({ content: axeSource() });
    for (const theme of ['light', 'dark'] as const) {
      await wp.page.evaluate((t) => window.__swTest.instance!.setTheme(t), theme);
      const serious = await wp.page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] }> } }).axe;
        const { violations } = await axe.run(document, { resultTypes: ['violations'] });
        return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
      });
      expect(serious, theme).toEqual([]);
    }
  });

  for (const theme of ['dark', 'light'] as const) {
    it(`screenshot: ${theme} theme (chart-${theme}.png)`, async () => {
      const wp = await tablesReply({ viewport: { width: 1000, height: 900 }, colorScheme: theme, initOptions: { theme } });
      const months = tableBlock(wp, 1);
      await months.locator('[part~="chart-button"]').click();
      await months.locator('[part~="chart"]').waitFor();
      await months.locator('[part~="chart"] circle.mark').nth(6).hover();
      await wp.part('composer-input').blur();
      await months.scrollIntoViewIfNeeded();
      // docs/images/ is refreshed on request only (UPDATE_DOC_IMAGES=1), so a test run leaves the tree clean.
      const file = path.join(process.env.UPDATE_DOC_IMAGES ? path.join(REPO_ROOT, 'docs', 'images') : SCREENSHOTS_DIR, `chart-${theme}.png`);
      await wp.part('panel').screenshot({ path: file, animations: 'disabled' });
      expect(readFileSync(file).length).toBeGreaterThan(5_000);
    });
  }
});
