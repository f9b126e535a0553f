import { access } from 'node:fs/promises';
import { resolve } from 'node:path';
import { loadCatalog } from '../catalog/catalog.js';
import { ConfigError, loadConfig } from '../config/load-config.js';
import { buildProviderRegistry } from '../config/provider-registry.js';
import { configReference } from '../config/config-reference.js';
import { deploymentWarnings } from '../config/deployment-warnings.js';
import { exitCodes, UsageError, type CliOutput } from './cli-output.js';


/**
 * `svc config check FILE`: reads the file as `svc serve` would (SVC_CONFIG=FILE), on its own — the
 * environment's overrides are left out, so the verdict is the file's. Valid: what it configures, exit 0.
 * Invalid: every problem, with the file, the key and what is allowed, exit 1.
 */
export async function configCheck(args: string[], output: CliOutput): Promise<number> {
  if (args.length !== 1) throw new UsageError('one config file is needed');
  const file = resolve(args[0]);
  try {
    await access(file);
  } catch {
    output.result({ file, valid: false, problems: [`${file} does not exist or cannot be read`] }, () => `${file}: cannot be read`);
    return exitCodes.failed;
  }
  const catalog = await loadCatalog();
  try {
    const config = await loadConfig({ SVC_CONFIG: file }, catalog);
    const providers = buildProviderRegistry(config, catalog)
      .configured()
      .filter((provider) => !catalog.providers.find((row) => row.id === provider.id)?.built_in)
      .map((provider) => ({ id: provider.id, wire: provider.wire, keys: provider.apiKeys.length, base_url: provider.baseUrl }));
    const summary = {
      file,
      valid: true,
      storage: config.storage.databaseUrl ? 'postgres' : `sqlite in ${config.storage.dataDir}`,
      shared_state: config.storage.redisUrl ? 'redis' : 'in process',
      listen: `${config.server.host}:${config.server.port}`,
      workers: config.server.workers,
      default_intelligence_mode: config.defaults.intelligenceMode,
      providers,
      warnings: deploymentWarnings(config),
    };
    output.result(summary, () =>
      [
        `${file}: valid`,
        `  listen ${summary.listen}, ${summary.workers} worker(s), storage ${summary.storage}, shared state ${summary.shared_state}, default mode ${summary.default_intelligence_mode}`,
        `  providers with keys in the file: ${providers.length === 0 ? 'none (keys may come from <PROVIDER>_API_KEY)' : providers.map((provider) => `${provider.id} (${provider.keys})`).join(', ')}`,
        ...summary.warnings.map((warning) => `  warning: ${warning}`),
      ].join('\n'),
    );
    return exitCodes.ok;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    output.result({ file, valid: false, problems: error.problems }, () => `${file}: invalid\n${error.problems.map((problem) => `  - ${problem}`).join('\n')}`);
    return exitCodes.failed;
  }
}

/** `svc config reference`: the reference of every config key (docs/configuration.md), as markdown. */
export async function configReferenceCommand(_args: string[], output: CliOutput): Promise<number> {
  output.result({ reference: configReference() }, () => configReference());
  return exitCodes.ok;
}
