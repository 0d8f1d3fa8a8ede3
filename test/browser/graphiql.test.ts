/**
 * GraphiQL in a real browser, offline (issue "a newcomer's first hour"):
 * Debian's headless Chromium driven by playwright-core opens /graphql, the
 * page renders from the gateway's own dependencies, the documentation
 * explorer lists `submitInvoice`, a query with a token in the headers editor
 * returns data, and no request leaves localhost. Skipped, saying so, only
 * where /usr/bin/chromium is absent (`.ci/run` installs it).
 */
import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, launchChromium } from '../support/chromium.ts';
import { startGateway, type Gateway } from '../support/gateway.ts';

describe.skipIf(!existsSync(CHROMIUM))('GraphiQL in headless Chromium', { timeout: 120_000 }, () => {
  let gateway: Gateway;
  let browser: Browser;
  beforeAll(async () => {
    gateway = await startGateway('pglite');
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await gateway?.stop();
  });

  it('loads offline, documents submitInvoice, and runs a query with the token from the headers editor', async () => {
    const tenant = await gateway.tenant();
    const page = await browser.newPage();
    const requests: string[] = [];
    page.on('request', (request) => void requests.push(request.url()));
    await page.goto(`${gateway.url}/graphql`, { waitUntil: 'load' });

    // The default tab is a Passerelle query, with a note on where the token goes.
    await page.locator('.graphiql-query-editor .monaco-editor').first().waitFor({ timeout: 30_000 });
    expect(await page.title()).toBe('Passerelle GraphQL');
    expect(await page.locator('.graphiql-tab-button').first().textContent()).toContain('LatestSubmissions');

    // The token goes in the headers editor (the schema needs it too: introspection is for tenants).
    await page.getByRole('button', { name: 'Headers' }).click();
    await page.locator('.graphiql-editor-tool .graphiql-editor:not(.hidden) .monaco-editor').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText(JSON.stringify({ Authorization: tenant.authorization }));
    await page.getByRole('button', { name: /Re-fetch GraphQL schema/ }).click();

    // The documentation explorer lists the mutation.
    await page.getByRole('button', { name: /Show Documentation Explorer/ }).click();
    await page.getByText('Mutation', { exact: true }).first().click({ timeout: 15_000 });
    await expect.poll(() => page.getByText('submitInvoice').count(), { timeout: 15_000 }).toBeGreaterThan(0);

    // The default query then returns data.
    const reply = page.waitForResponse(
      (response) => response.url().endsWith('/graphql') && response.request().postData()?.includes('LatestSubmissions') === true,
    );
    await page.locator('.graphiql-execute-button').click();
    const response = await reply;
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ data: { submissions: { edges: [] } } });

    // GraphiQL starts its editor workers from blob: URLs of the page's own origin.
    const outside = requests.filter(
      (url) => !url.startsWith(gateway.url) && !url.startsWith(`blob:${gateway.url}`) && !url.startsWith('data:'),
    );
    expect(outside).toEqual([]);
    await page.close();
  });
});
