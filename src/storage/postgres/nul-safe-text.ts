import { OperationNodeTransformer, type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, type PrimitiveValueListNode, type QueryResult, type RootOperationNode, type UnknownRow, type ValueNode } from 'kysely';

/**
 * PostgreSQL text cannot hold U+0000 (SQLite can): a value carrying one would fail its whole statement — a
 * lookup answering 500, a ledger batch sent to dead letters. Every string parameter has its NULs replaced
 * by U+FFFD on the way in, so a record is always written and a lookup by such a value finds nothing.
 */
class NulReplacer extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    return typeof node.value === 'string' && node.value.includes('\u0000') ? { ...node, value: replaceNul(node.value) } : super.transformValue(node);
  }

  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    if (!node.values.some((value) => typeof value === 'string' && value.includes('\u0000'))) return super.transformPrimitiveValueList(node);
    return { ...node, values: node.values.map((value) => (typeof value === 'string' ? replaceNul(value) : value)) };
  }
}

function replaceNul(text: string): string {
  return text.replaceAll('\u0000', '\uFFFD');
}

export class NulSafeTextPlugin implements KyselyPlugin {
  private readonly replacer = new NulReplacer();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.replacer.transformNode(args.node);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
