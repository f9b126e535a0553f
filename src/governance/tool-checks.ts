import { GatewayError } from '../errors/gateway-error.js';
import type { RegisteredTool } from '../core/storage-interfaces.js';
import { validateAgainstSchema } from '../verification/schema-validator.js';

/** A request may only declare tools its org registered (when the org enforces its registry). */
export function checkDeclaredTools(names: string[], registry: Map<string, RegisteredTool>): void {
  names.forEach((name, index) => {
    if (!registry.has(name)) {
      throw new GatewayError('tool_not_registered', `Tool ${JSON.stringify(name)} is not registered for this org (register it with PUT /v1/admin/orgs/{id}/tools/{name})`, {
        param: `tools[${index}].function.name`,
      });
    }
  });
}

/** A tool call the model made: refused when the tool is blocked or its arguments fail the registered schema. */
export function checkToolCall(name: string, argumentsText: string, registry: Map<string, RegisteredTool>): void {
  const tool = registry.get(name);
  if (!tool) throw blocked(name, 'the tool is not registered');
  if (tool.policy === 'block') throw blocked(name, "the org's policy blocks it");
  if (!tool.schema) return;
  let value: unknown;
  try {
    value = JSON.parse(argumentsText === '' ? '{}' : argumentsText);
  } catch {
    throw blocked(name, 'its arguments are not valid JSON');
  }
  const result = validateAgainstSchema(value, tool.schema);
  if (!result.valid) throw blocked(name, `its arguments fail the registered schema: ${result.errors.join('; ')}`);
}

function blocked(name: string, reason: string): GatewayError {
  return new GatewayError('tool_call_blocked', `The call to tool ${JSON.stringify(name)} was blocked: ${reason}`, { param: 'tool_calls' });
}
