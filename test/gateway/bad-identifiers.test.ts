import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { storageVariants } from '../support/storage-variants.js';
import { startTestGateway, type TestGateway } from '../support/test-gateway.js';
import { createOrg, expectError, postChat, waitFor } from './gateway-test-helpers.js';

/**
 * Names and ids with control characters (NUL above all: PostgreSQL text cannot hold it) are refused at the
 * edge with a 400 naming the field; a refused request still has its ledger and audit row; and the router's
 * own refusals (an over-long path segment, bad percent-encoding) answer in the spec's envelope.
 */
const invalid = { status: 400, type: 'invalid_request_error', code: 'validation_error' } as const;

for (const variant of storageVariants()) {
  describe(`control characters in names and ids (${variant.name})`, { skip: variant.skip }, () => {
    let harness: TestGateway;
    let orgId: string;

    before(async () => {
      const env = await variant.prepare();
      if (variant.name === 'postgres' && process.env.SVC_TEST_REDIS_URL) env.SVC_REDIS_URL = process.env.SVC_TEST_REDIS_URL;
      harness = await startTestGateway({ env });
      orgId = await createOrg(harness, `identifiers-${variant.name}`);
    });
    after(async () => {
      await harness?.close();
      await variant.cleanup();
    });

    test('admin bodies, queries and paths: 400 naming the field, never a 500', async () => {
      await expectError(await harness.request('/v1/admin/orgs', { body: { name: 'Acme\u0000Evil' } }), { ...invalid, param: 'name', message: 'U+0000' });
      await expectError(await harness.request('/v1/admin/keys', { body: { org_id: orgId, name: 'line\nbreak' } }), { ...invalid, param: 'name', message: 'U+000A' });
      await expectError(await harness.request('/v1/admin/keys', { body: { org_id: `${orgId}\u0000` } }), { ...invalid, param: 'org_id' });
      await expectError(await harness.request(`/v1/admin/orgs/${orgId}%00/limits`), { ...invalid, param: 'id' });
      await expectError(await harness.request(`/v1/admin/orgs/${orgId}/tools/a%00b`, { method: 'PUT', body: {} }), { ...invalid, param: 'name' });
      await expectError(await harness.request('/v1/admin/usage?org_id=a%00b'), { ...invalid, param: 'org_id' });
      await expectError(await harness.request('/v1/admin/audit?endpoint=chat%00'), { ...invalid, param: 'endpoint' });
      await expectError(await harness.request('/v1/responses/resp_%00'), { ...invalid, param: 'id' });
      await expectError(await harness.request('/v1/responses', { body: { model: 'gpt-4o-mini', input: 'hi', previous_response_id: 'resp_\u0000' } }), { ...invalid, param: 'previous_response_id' });
    });

    test('a model name with a NUL is a 400, and the refused request keeps its ledger and audit row', async () => {
      const response = await postChat(harness, { model: 'gpt-4o-mini\u0000', messages: [{ role: 'user', content: 'hi' }] });
      const requestId = response.headers.get('x-svc-request-id');
      await expectError(response, { ...invalid, param: 'model' });
      assert.ok(requestId);
      let status = 0;
      assert.ok(
        await waitFor(async () => {
          status = (await harness.request(`/v1/admin/audit/aud_${requestId}`)).status;
          return status === 200;
        }, 5000),
        `the audit record of the refused request answered ${status}`,
      );
    });

    test('storage takes any text: a NUL that reaches it is stored (PostgreSQL: as U+FFFD), never a failed statement', async () => {
      const org = await harness.gateway.services.store.tenants.createOrg({ id: `org_nul_${variant.name}`, name: 'written\u0000directly', created_at: new Date().toISOString() } as never);
      assert.ok(org);
      const read = await harness.gateway.services.store.tenants.getOrg(`org_nul_${variant.name}`);
      assert.ok(read?.name === 'written\u0000directly' || read?.name === 'written\uFFFDdirectly', JSON.stringify(read?.name));
      assert.equal(await harness.gateway.services.store.tenants.getOrg('org_\u0000'), undefined, 'a lookup by such an id finds nothing');
    });

    test("the router's refusals are in the envelope: a path segment over 100 characters, bad percent-encoding", async () => {
      await expectError(await harness.request(`/v1/admin/orgs/${'o'.repeat(150)}/limits`), { status: 414, type: 'invalid_request_error', code: 'invalid_request' });
      await expectError(await harness.request('/v1/admin/orgs/%E0%A4%A/limits'), { ...invalid, message: 'percent-encoded' });
    });
  });
}
