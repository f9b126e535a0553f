import { parseArgs } from 'node:util';
import { parseBody } from '../http/request-body/parse-body.js';
import { usageQuery } from '../routes/admin/admin-schemas.js';
import { GatewayError } from '../errors/gateway-error.js';
import { exitCodes, textTable, UsageError, type CliOutput } from './cli-output.js';
import { withStorage } from './storage-session.js';


/** `svc usage --org ID`: the org's usage and cost totals, per model and per endpoint (GET /v1/admin/usage). */
export async function usageCommand(args: string[], output: CliOutput, env: NodeJS.ProcessEnv): Promise<number> {
  const { values } = parseArgs({ args, options: { org: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' } } });
  if (!values.org) throw new UsageError('--org is required');
  const query = parseBody(usageQuery, { org_id: values.org, from: values.from, to: values.to });
  const summary = await withStorage(env, async ({ store }) => {
    if (!(await store.tenants.getOrg(values.org!))) throw new GatewayError('resource_not_found', `Org ${values.org} does not exist`);
    return store.usage.summarizeUsage({ org_id: query.org_id ?? undefined, from: query.from ?? undefined, to: query.to ?? undefined });
  });
  output.result(summary, () =>
    [
      `org ${values.org}${values.from || values.to ? ` from ${values.from ?? 'the start'} to ${values.to ?? 'now'}` : ''}`,
      `requests ${summary.requests} (cache hits ${summary.cache_hits}), tokens ${summary.total_tokens} (${summary.prompt_tokens} in, ${summary.completion_tokens} out)`,
      `cost $${summary.cost_usd.toFixed(6)}, baseline $${summary.baseline_cost_usd.toFixed(6)}, saved $${summary.savings_usd.toFixed(6)}`,
      '',
      textTable(summary.by_model, [
        ['MODEL', (row) => row.model],
        ['REQUESTS', (row) => row.requests],
        ['TOKENS', (row) => row.total_tokens],
        ['COST USD', (row) => row.cost_usd.toFixed(6)],
        ['SAVED USD', (row) => row.savings_usd.toFixed(6)],
      ]),
    ].join('\n'),
  );
  return exitCodes.ok;
}
