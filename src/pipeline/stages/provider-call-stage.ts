import type { WireFormat } from '../../catalog/catalog-types.js';
import { GatewayError } from '../../errors/gateway-error.js';
import { completeChat, streamChat } from '../../providers/chat-upstream.js';
import type { ChatRequest } from '../../core/chat-types.js';
import type { ChatWireAdapter, UpstreamTarget } from '../../providers/provider-types.js';
import type { UpstreamExecutor } from '../../providers/upstream-executor.js';
import type { PipelineStage } from '../pipeline.js';

/** Calls the provider (with key rotation and failover) and leaves a completion or a live stream on the context. */
export function providerCallStage(executor: UpstreamExecutor, adapters: Partial<Record<WireFormat, ChatWireAdapter>>): PipelineStage {
  const adapterFor = (wire: WireFormat): ChatWireAdapter => {
    const adapter = adapters[wire];
    if (!adapter) throw new GatewayError('provider_error', `No chat adapter for the ${wire} wire format`);
    return adapter;
  };
  return {
    name: 'provider_call',
    async run(context) {
      const route = context.route!;
      const options = { signal: context.signal, warnings: context.warnings };
      /** One upstream call through the executor (keys, failover, circuits), in either form. */
      const call = async <T>(send: (adapter: ChatWireAdapter, target: UpstreamTarget, request: ChatRequest, callOptions: typeof options) => Promise<T>): Promise<T> => {
        const result = await executor.execute(route.candidates, context.principal.orgId, context.signal, (target) =>
          send(adapterFor(target.provider.wire), target, context.request, options),
        );
        context.target = result.target;
        context.attempts = result.attempts;
        return result.value;
      };
      if (context.request.stream) {
        context.stream = await call(streamChat);
      } else {
        context.completion = await call(completeChat);
        context.usage = context.completion.usage;
      }
    },
  };
}
