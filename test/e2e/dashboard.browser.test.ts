import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { access } from 'node:fs/promises';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startTestGateway, testMasterKey, type TestGateway } from '../support/test-gateway.js';
import { chatBody, createKey, createOrg, expectError, postChat } from '../gateway/gateway-test-helpers.js';

/** Debian's Chromium (.ci/run installs it when missing), kept off the network: this machine has none. */
const CHROMIUM = '/usr/bin/chromium';
const offlineFlags = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-default-apps'];

/**
 * The admin dashboard in a real browser: a user logs in with a key, sees the figures of the requests just
 * made (from the catalog's prices), creates a key and revokes it through the page; an org admin sees its
 * own org only.
 */
describe('the admin dashboard in headless Chromium', () => {
  let harness: TestGateway;
  let browser: Browser;
  let orgId: string;
  let otherOrgId: string;
  let orgAdminKey: string;

  before(async () => {
    await access(CHROMIUM).catch(() => {
      throw new Error(`${CHROMIUM} is missing: install Debian's chromium package (apt-get install chromium), as .ci/run does`);
    });
    harness = await startTestGateway();
    orgId = await createOrg(harness, 'Dashboard Co');
    otherOrgId = await createOrg(harness, 'Other Co');
    const appKey = (await createKey(harness, { org_id: orgId, name: 'app' })).key;
    orgAdminKey = (await createKey(harness, { org_id: orgId, name: 'ops', scopes: ['admin'] })).key;
    // Two requests with known usage: 1000 + 3000 prompt tokens, 100 + 300 completion tokens on gpt-4o-mini.
    harness.mock.enqueueReply({ content: 'first', usage: { input: 1000, output: 100 } });
    harness.mock.enqueueReply({ content: 'second', usage: { input: 3000, output: 300 } });
    for (let call = 0; call < 2; call++) assert.equal((await postChat(harness, chatBody({ model: 'openai/gpt-4o-mini' }), { key: appKey, headers: { 'x-intelligence-mode': 'proxy' } })).status, 200);
    // One refused request: an error of the org.
    await expectError(await postChat(harness, chatBody({ temperature: 9 }), { key: appKey }), { status: 400, type: 'invalid_request_error', code: 'validation_error' });
    // Another org's request, which the org admin must not see.
    const otherKey = (await createKey(harness, { org_id: otherOrgId })).key;
    assert.equal((await postChat(harness, chatBody(), { key: otherKey, headers: { 'x-intelligence-mode': 'proxy' } })).status, 200);
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: offlineFlags });
  });
  after(async () => {
    await browser?.close();
    await harness?.close();
  });

  async function loggedIn(key: string): Promise<Page> {
    const page = await browser.newPage();
    const failures: string[] = [];
    page.on('pageerror', (error) => failures.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') failures.push(message.text());
    });
    await page.goto(`${harness.url}/dashboard`);
    await page.fill('#login-key', key);
    await page.click('#login-form button[type=submit]');
    await page.waitForSelector('#views:not([hidden])');
    (page as Page & { failures: string[] }).failures = failures;
    return page;
  }

  const figure = (page: Page, name: string) => page.locator(`[data-figure="${name}"]`);

  test('an org admin logs in and sees its org’s figures: requests, cost from the catalog, errors, usage by model, charts', async () => {
    const page = await loggedIn(orgAdminKey);
    assert.deepEqual(await page.locator('#org option').allTextContents(), [`Dashboard Co (${orgId})`], 'its own org only');
    await page.waitForFunction(() => document.querySelector('[data-figure="requests"]')?.textContent !== '-');
    assert.equal(await figure(page, 'requests').textContent(), '3');
    // gpt-4o-mini: 0.15 USD per million input tokens, 0.60 per million output: 4000 × 0.15 + 400 × 0.60 = 840 millionths.
    assert.equal(await figure(page, 'cost').textContent(), '$0.000840');
    assert.equal(await figure(page, 'errors').textContent(), '1');
    const modelRow = page.locator('#models tbody tr', { hasText: 'openai/gpt-4o-mini' });
    assert.deepEqual(await modelRow.locator('td').allTextContents(), ['openai/gpt-4o-mini', '2', '4400', '$0.000840', (await modelRow.locator('td').nth(4).textContent())!]);
    assert.match((await page.locator('#errors tbody tr').first().textContent())!, /400.*validation_error/);
    assert.equal(await page.locator('#chart-cost canvas').count(), 1, 'the cost chart is drawn');
    assert.equal(await page.locator('#chart-requests canvas').count(), 1);
    assert.deepEqual((page as Page & { failures: string[] }).failures, [], 'no script error in the page');
    await page.close();
  });

  test('creating a key through the page shows its secret once; revoking it through the page stops it', async () => {
    const page = await loggedIn(orgAdminKey);
    await page.fill('#key-name', 'made-in-browser');
    await page.fill('#key-rpm', '30');
    await page.click('#key-form button[type=submit]');
    await page.waitForSelector('#new-key:not([hidden])');
    const secret = (await page.locator('#new-key-secret').textContent())!;
    assert.match(secret, /^svc_/);
    const row = page.locator('#keys tbody tr', { hasText: 'made-in-browser' });
    await row.waitFor();
    assert.match((await row.textContent())!, /rpm 30.*active/);
    assert.equal((await postChat(harness, chatBody(), { key: secret })).status, 200, 'the new key works');

    await row.locator('button').click();
    assert.equal(await row.locator('button').textContent(), 'Confirm revoke');
    await row.locator('button').click();
    await page.locator('#keys tbody tr', { hasText: 'made-in-browser' }).filter({ hasText: 'revoked' }).waitFor();
    await expectError(await postChat(harness, chatBody(), { key: secret }), { status: 401, type: 'authentication_error', code: 'revoked_api_key' });
    await page.close();
  });

  test('the master key sees every org and picks one; a non-admin key is refused at login', async () => {
    const page = await loggedIn(testMasterKey);
    const options = await page.locator('#org option').allTextContents();
    assert.equal(options[0], 'All orgs');
    assert.ok(options.some((option) => option.includes(otherOrgId)));
    await page.waitForFunction(() => document.querySelector('[data-figure="requests"]')?.textContent !== '-');
    const everyOrg = Number(await figure(page, 'requests').getAttribute('data-value'));
    await page.selectOption('#org', otherOrgId);
    await page.waitForFunction((before) => document.querySelector('[data-figure="requests"]')?.getAttribute('data-value') !== String(before), everyOrg);
    assert.equal(await figure(page, 'requests').textContent(), '1');
    await page.close();

    const refused = await browser.newPage();
    await refused.goto(`${harness.url}/dashboard`);
    const apiOnly = (await createKey(harness, { org_id: orgId })).key;
    await refused.fill('#login-key', apiOnly);
    await refused.click('#login-form button[type=submit]');
    await refused.waitForFunction(() => (document.getElementById('login-error')?.textContent ?? '') !== '');
    assert.match((await refused.locator('#login-error').textContent())!, /not an admin key/);
    assert.equal(await refused.locator('#views').isHidden(), true);
    await refused.close();
  });

  test('the page is served with a strict content security policy and no data of its own', async () => {
    const response = await fetch(`${harness.url}/dashboard`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-security-policy') ?? '', /script-src 'self'/);
    assert.equal(response.headers.get('x-frame-options'), 'DENY');
    assert.ok(!(await response.text()).includes(orgId), 'no figure is in the page itself');
    assert.equal((await fetch(`${harness.url}/dashboard/assets/uPlot.iife.min.js`)).status, 200);
    assert.equal((await fetch(`${harness.url}/dashboard/assets/..%2Fpackage.json`)).status, 404);
  });
});
