/**
 * The console in a real browser (Debian's headless Chromium driven by
 * playwright-core), offline: the token pasted once, the list loads and
 * filters, a submission made over REST appears live within a second, a
 * rejected document's findings mark the field their pointer names, a
 * generated e-invoice downloads, every input is labelled, a payment shows its
 * amount and reporting state (212, or the payments e-report it links to), a
 * B2C invoice shows its e-report, the sellers page says each seller's
 * directory status ("unknown" with the reason without a directory, "in the
 * directory" with the sandbox PA's), and no request leaves localhost. On
 * PostgreSQL when TEST_DATABASE_URL is set, PGlite otherwise. With CONSOLE_SCREENSHOTS=1 it writes the screenshots of
 * docs/console.md. Skipped, saying so, where /usr/bin/chromium is absent.
 */
import { once } from 'node:events';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SELLER_PROFILE } from '../../src/domain/sellers/seller-defaults.ts';
import { CHROMIUM, launchChromium } from '../support/chromium.ts';
import { invoice } from '../support/documents.ts';
import { b2c } from '../support/e-reporting-http.ts';
import { engines, startGateway, type Gateway } from '../support/gateway.ts';

const ENGINE = engines().at(-1) ?? 'pglite';
const SHOTS = process.env.CONSOLE_SCREENSHOTS === '1' ? new URL('../../docs/console/', import.meta.url) : undefined;

describe.skipIf(!existsSync(CHROMIUM))('the console in headless Chromium', { timeout: 180_000 }, () => {
  let gateway: Gateway;
  let browser: Browser;
  let client: Awaited<ReturnType<Gateway['tenant']>>;
  const ids: Record<string, string> = {};
  let receiver: Server;
  let hookUrl: string;

  beforeAll(async () => {
    // E-reports stay open (they would close by themselves once their period ends): a state the test can name.
    gateway = await startGateway(ENGINE, { pipeline: true, eReporting: { closeDelayMs: 10 * 365 * 86_400_000 } });
    browser = await launchChromium();
    client = await gateway.tenant();
    // A local endpoint that refuses everything: its deliveries fail and can be redelivered.
    receiver = createServer((_req, res) => res.writeHead(500).end()).listen(0, '127.0.0.1');
    await once(receiver, 'listening');
    hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/passerelle`;
    const endpoint = await client.post('/v1/webhook-endpoints', { url: hookUrl, event_types: ['submission.received'] });
    expect(endpoint.status).toBe(201);
    for (const [key, doc] of Object.entries({
      a: invoice().unique('a').with('number', 'FA-2026-0001').build(),
      b: invoice().unique('b').with('number', 'FA-2026-0002').withCustomerField('name', 'Boulangerie Dupont').build(),
      r: invoice().unique('r').with('number', 'FA-2026-0003').build(),
      c: b2c('FA-B2C-0001', '2026-11-02', [[10000, 20]]),
    })) {
      const reply = await client.post('/v1/invoices', doc);
      expect(reply.status).toBe(202);
      ids[key] = reply.body.submission_id;
    }
    for (let waited = 0; ; waited += 100) {
      const states = await Promise.all(
        Object.values(ids).map(async (id) => (await client.get(`/v1/invoices/${id}`)).body.processing_state),
      );
      if (states.every((state) => state === 'validated')) break;
      if (states.includes('rejected')) throw new Error(`a document was rejected: ${states}`);
      if (waited > 30_000) throw new Error(`documents not validated: ${states}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // A rejection as the official artefacts write one, pointing into the body: what the page must show.
    const rejection = {
      source: 'validation',
      errors: [{ rule: 'BR-CO-17', message: 'VAT category tax amount = taxable amount × rate', path: '/lines/0/taxes/0/percentage' }],
    };
    await gateway.database.db.execute(
      sql`update submissions set processing_state = 'rejected', rejection = ${JSON.stringify(rejection)}::jsonb where id = ${ids['r']}::uuid`,
    );
    // A cashing on the domestic B2B services invoice (reported by a 212) and one on the B2C one (payments e-report).
    for (const [key, body] of [
      ['a', { id: 'pay-a-1', paid_at: '2026-11-20', amount: 12345, method: 'virement' }],
      ['c', { id: 'pay-c-1', paid_at: '2026-11-21', amount: 12000, method: 'carte' }],
    ] as const) {
      const paid = await client.post(`/v1/invoices/${ids[key]}/payments`, body);
      expect(paid.status, paid.text).toBe(201);
    }
  }, 150_000);
  afterAll(async () => {
    await browser?.close();
    await gateway?.stop();
    receiver?.close();
  });

  async function signedIn(
    width = 1280,
    height = 900,
    at = { url: gateway?.url, token: client?.token },
  ): Promise<{ page: Page; requests: string[] }> {
    const page = await browser.newPage({ viewport: { width, height }, acceptDownloads: true, locale: 'fr-FR' });
    const requests: string[] = [];
    page.on('request', (request) => void requests.push(request.url()));
    await page.goto(`${at.url}/`, { waitUntil: 'load' });
    await page.getByLabel("Jeton d'API").fill(at.token);
    await page.getByRole('button', { name: 'Ouvrir la console' }).click();
    await page.getByRole('heading', { name: 'Documents' }).waitFor();
    return { page, requests };
  }

  function outside(requests: string[]): string[] {
    return requests.filter((url) => !url.startsWith(gateway.url) && !url.startsWith('data:') && !url.startsWith(`blob:${gateway.url}`));
  }

  it('keeps the token for the session, lists and filters, and shows a REST submission live within a second', async () => {
    const { page, requests } = await signedIn();
    expect(
      await page.evaluate(() => [sessionStorage.getItem('passerelle.token') !== null, localStorage.getItem('passerelle.token')]),
    ).toEqual([true, null]);
    const rows = page.locator('table.list tbody tr[data-id]');
    await expect.poll(() => rows.count()).toBe(4);
    expect(await page.locator('.count').textContent()).toBe('4 documents');

    await page.getByLabel('Acheteur (nom ou SIREN)').fill('boulangerie');
    await page.getByRole('button', { name: 'Filtrer' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().getAttribute('data-id')).toBe(ids['b']);
    await page.getByRole('button', { name: 'Effacer' }).click();
    await page.getByLabel('État', { exact: true }).selectOption('REJECTED');
    await page.getByRole('button', { name: 'Filtrer' }).click();
    await expect.poll(async () => (await rows.count()) === 1 && (await rows.first().getAttribute('data-id')) === ids['r']).toBe(true);
    await page.getByRole('button', { name: 'Effacer' }).click();
    await expect.poll(() => rows.count()).toBe(4);

    // Every input and select has a label.
    const unlabelled = await page
      .locator('input, select')
      .evaluateAll((elements) =>
        elements.filter((e) => !(e as HTMLInputElement).labels?.length && !e.getAttribute('aria-label')).map((e) => e.outerHTML),
      );
    expect(unlabelled).toEqual([]);
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: new URL('list.png', SHOTS).pathname, fullPage: true });
    }

    await page.locator('[data-testid="live"].on').waitFor({ timeout: 15_000 });
    const posted = await client.post('/v1/invoices', invoice().unique('live').with('number', 'FA-LIVE-1').build());
    const start = Date.now();
    await page.locator(`table.list tr[data-id="${posted.body.submission_id}"]`).waitFor({ timeout: 5_000 });
    expect(Date.now() - start).toBeLessThan(1_000);
    expect(outside(requests)).toEqual([]);
    await page.close();
  });

  it("marks the rejected document's fields by their pointers, shows the timeline, and downloads the generated UBL", async () => {
    const { page, requests } = await signedIn();
    await page.getByRole('link', { name: 'FA-2026-0003' }).click();
    const hit = page.locator('.json-hit');
    await hit.first().waitFor();
    expect(await hit.count()).toBe(1);
    expect(await hit.getAttribute('data-pointer')).toBe('/lines/0/taxes/0/percentage');
    expect(await hit.textContent()).toContain('BR-CO-17');
    expect(await page.getByRole('heading', { name: /Motifs du rejet/ }).count()).toBe(1);
    expect(await page.locator('.timeline li').count()).toBeGreaterThanOrEqual(2);
    if (SHOTS) await page.screenshot({ path: new URL('rejected.png', SHOTS).pathname, fullPage: true });

    await page.goto(`${gateway.url}/console/submissions/${ids['a']}`);
    await page.getByRole('button', { name: 'Afficher UBL' }).click();
    await page.locator('pre.xml').waitFor();
    expect(await page.locator('pre.xml').textContent()).toContain('FA-2026-0001');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Télécharger UBL' }).click();
    const file = await (await download).path();
    expect(readFileSync(file, 'utf8')).toMatch(/^<\?xml[\s\S]*<cbc:ID>FA-2026-0001<\/cbc:ID>/);
    expect((await download).suggestedFilename()).toBe('FA-2026-0001.ubl.xml');
    if (SHOTS) await page.screenshot({ path: new URL('submission.png', SHOTS).pathname, fullPage: true });
    expect(outside(requests)).toEqual([]);
    await page.close();
  });

  it("shows a payment's amount and reporting state, a B2C invoice's e-report, and the payments e-report it links to", async () => {
    const { page, requests } = await signedIn();
    await page.goto(`${gateway.url}/console/submissions/${ids['a']}`);
    const payments = page.getByRole('region', { name: /Paiements/ });
    await payments.waitFor();
    const a = payments.locator('[data-payment="pay-a-1"]');
    expect(await a.textContent()).toContain('123,45\u00a0€');
    expect(await a.textContent()).toContain('20/11/2026');
    expect(await a.textContent()).toContain('Statut 212 Encaissée');
    expect(await a.locator('.badge').textContent()).toBe('En attente');
    expect(await a.textContent()).toContain('Services B2B en France');
    expect(await a.textContent()).toMatch(/Identifiant du flux 212 [0-9a-f-]{36}/);
    // A B2B invoice has no e-report.
    expect(await page.locator('[data-testid="e-report"]').count()).toBe(0);
    if (SHOTS) await page.screenshot({ path: new URL('payment-212.png', SHOTS).pathname, fullPage: true });

    await page.goto(`${gateway.url}/console/submissions/${ids['c']}`);
    const report = page.getByRole('region', { name: 'E-reporting (flux 10)' });
    await report.waitFor();
    const facts = await report.locator('dl').textContent();
    expect(facts).toContain('Transactions');
    expect(facts).toContain('Initial (IN)');
    expect(facts).toContain('Ouvert');
    expect(facts).toMatch(/Période2026-11-D1/);
    expect(facts).toMatch(/Échéance\d\d\/\d\d\/20\d\d/);
    const c = page.locator('[data-payment="pay-c-1"]');
    expect(await c.textContent()).toContain('120,00\u00a0€');
    expect(await c.textContent()).toContain('E-reporting des paiements');
    expect(await c.textContent()).toContain('Services B2C');
    expect(await c.locator('.badge').textContent()).toBe('En attente');
    if (SHOTS) await page.screenshot({ path: new URL('payment-e-report.png', SHOTS).pathname, fullPage: true });

    // The payment's link opens the payments e-report covering it, by keyboard.
    const link = c.getByRole('link', { name: "Voir l'e-report des paiements" });
    await link.focus();
    await page.keyboard.press('Enter');
    const heading = page.getByRole('heading', { level: 1, name: /^E-report 2026-11.* — Paiements \(IN\)$/ });
    await heading.waitFor();
    expect(await page.locator('main').textContent()).toContain('Ouvert');
    // At phone width nothing overflows sideways.
    await page.goto(`${gateway.url}/console/submissions/${ids['c']}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await report.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    expect(outside(requests)).toEqual([]);
    await page.close();
  });

  it('shows a payment recorded while the page is open, without a reload (no event carries it: the page re-reads its payments)', async () => {
    const { page, requests } = await signedIn();
    await page.goto(`${gateway.url}/console/submissions/${ids['b']}`);
    await page.getByRole('heading', { level: 1, name: /FA-2026-0002/ }).waitFor();
    expect(await page.locator('[data-testid="payments"]').count()).toBe(0);
    const paid = await client.post(`/v1/invoices/${ids['b']}/payments`, {
      id: 'pay-b-1',
      paid_at: '2026-11-22',
      amount: 5000,
      method: 'chèque',
    });
    expect(paid.status, paid.text).toBe(201);
    const recorded = page.locator('[data-payment="pay-b-1"]');
    // The page re-reads its payments every 5 s while shown.
    await recorded.waitFor({ timeout: 15_000 });
    expect(await recorded.textContent()).toContain('50,00\u00a0€');
    expect(await page.locator('[data-testid="payments"] h2').textContent()).toContain('(1)');
    expect(outside(requests)).toEqual([]);
    await page.close();
  });

  it("says which sellers the PA's directory knows, with their lines, and which it does not", async () => {
    // The sandbox PA's directory: it knows every SIREN but those beginning with 999.
    const withDirectory = await startGateway(ENGINE, { platform: { kind: 'sandbox', stepMs: 60_000, directory: {} }, pipeline: false });
    try {
      const tenant = await withDirectory.tenant();
      const unknown = { ...DEMO_SELLER_PROFILE, siren: '999000003', siret: null, vat_number: 'FR42999000003', name: 'Atelier Inconnu' };
      expect((await tenant.post('/v1/sellers', unknown)).status).toBe(201);
      const { page, requests } = await signedIn(1280, 900, { url: withDirectory.url, token: tenant.token });
      await page.getByRole('link', { name: 'Vendeurs' }).click();
      const statuses = page.locator('.seller [data-directory]');
      await expect.poll(() => statuses.count()).toBe(2);
      // The default seller first: registered, with its addressing line; the 999 one absent.
      expect(await statuses.evaluateAll((all) => all.map((e) => e.getAttribute('data-directory')))).toEqual(['registered', 'absent']);
      const first = page.locator('.seller').first();
      expect(await first.locator('.directory dt').textContent()).toBe('Annuaire');
      expect(await first.locator('.directory dd').textContent()).toContain("Dans l'annuaire");
      expect(await first.locator('.directory-lines li').first().textContent()).toContain(DEMO_SELLER_PROFILE.siren);
      expect(await page.locator('.seller').nth(1).locator('.directory dd').textContent()).toContain("Absent de l'annuaire");
      if (SHOTS) await page.screenshot({ path: new URL('sellers.png', SHOTS).pathname, fullPage: true });
      await page.getByLabel('Langue').selectOption('en');
      await page.getByText('In the directory', { exact: true }).waitFor();
      expect(outside(requests).filter((url) => !url.startsWith(withDirectory.url))).toEqual([]);
      await page.close();
    } finally {
      await withDirectory.stop();
    }
  });

  it('shows the dashboard, the seller, the webhooks, in English too, and fits a phone', async () => {
    const { page, requests } = await signedIn();
    await page.getByRole('link', { name: 'Tableau de bord' }).click();
    await page.locator('figure.chart svg rect').first().waitFor();
    if (SHOTS) await page.screenshot({ path: new URL('dashboard.png', SHOTS).pathname, fullPage: true });
    await page.getByRole('link', { name: 'Vendeurs' }).click();
    await page.getByText('900123456', { exact: true }).waitFor();
    // No directory is configured here (REST 501): the status is unknown, with the reason, and the page stands.
    const status = page.locator('.seller [data-directory]');
    await status.waitFor();
    expect(await status.getAttribute('data-directory')).toBe('unknown');
    expect(await page.locator('.seller .directory dd').textContent()).toMatch(/^Inconnu\s+— aucun annuaire n'est configuré \(/);
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
    await page.getByText(hookUrl).waitFor();
    await page.getByRole('button', { name: 'Livraisons' }).click();
    await page.locator('table tbody tr').first().waitFor();
    await page.getByRole('button', { name: 'Relivrer' }).first().click();
    await page.getByText('Relivraison programmée.').waitFor();
    if (SHOTS) await page.screenshot({ path: new URL('webhooks.png', SHOTS).pathname, fullPage: true });
    await page.getByLabel('Langue').selectOption('en');
    await page.getByRole('link', { name: 'Documents' }).click();
    await page.getByRole('button', { name: 'Filter' }).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    if (SHOTS) await page.screenshot({ path: new URL('list-phone.png', SHOTS).pathname, fullPage: true });
    expect(outside(requests)).toEqual([]);
    await page.close();
  });
});
