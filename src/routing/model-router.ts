import type { Catalog } from '../catalog/catalog.js';
import type { CatalogModel, Lane, ModelType, Tier } from '../catalog/catalog-types.js';
import type { RoutingHints, RoutingOverride } from '../core/svc-options.js';
import { GatewayError } from '../errors/gateway-error.js';
import type { ChatRequest } from '../core/chat-types.js';
import { classifierInputOfChat } from './task-classifier/chat-input.js';
import type { TaskClass, TaskClassifier } from './task-classifier/task-classifier.js';
import { healthTarget, type HealthView } from './model-health.js';
import { chooseTier } from './tier-rules.js';
import { describeRequirements, meetsRequirements, requestFeatures, requirementsOf, type ModelRequirements } from './request-features.js';

export interface RouteDecision {
  /** The model chosen; the first candidate. */
  model: CatalogModel;
  /** Ordered failover list: the model, the same open model on other providers, configured fallbacks. */
  candidates: CatalogModel[];
  tier: Tier;
  lane: Lane;
  /** `Pinned` for an explicit model, `AutoRouter` for `model: auto`. */
  decisionSource: string;
  /** Human-readable summary for svc_metadata.routing_decision. */
  summary: string;
  /** `auto` requests: the task family the classifier read (svc_metadata.task_family). */
  taskFamily?: string;
}

export interface RouterContext {
  catalog: Catalog;
  /** Whether svc can call a provider (platform keys configured). */
  isRoutable(providerId: string): boolean;
  fallbacks: Record<string, string[]>;
  /** Tried after every other candidate of a model of that type (the demo models, while demo mode is on). */
  lastResort?: Partial<Record<ModelType, CatalogModel>>;
  /** Reads the family and complexity of an `auto` request. */
  classifier?: TaskClassifier;
  /** Live latency and error rate per provider and model. */
  health?: HealthView;
}

const chatTypes: ReadonlySet<ModelType> = new Set(['chat', 'audio_llm', 'music']);
const tierRank: Record<Tier, number> = { T1: 1, T2: 2, T3: 3 };
/** A latency budget at or under this is a request for the fast lane. */
const TIGHT_LATENCY_MS = 2000;

/**
 * Picks the model for a chat request (spec 4.1: explicit model, `auto`, routing hints and overrides). `recalled`: the
 * texts of earlier turns full mode's memory recalled for it, read by the classifier before the request's own.
 */
export function routeChatRequest(requestedModel: string, hints: RoutingHints | undefined, override: RoutingOverride | undefined, context: RouterContext, request?: ChatRequest, recalled: readonly string[] = []): RouteDecision {
  const pinnedName = override?.force_model ?? (requestedModel === 'auto' ? undefined : requestedModel);
  if (pinnedName === undefined) {
    const task = request && context.classifier?.classify(classifierInputOfChat(request, recalled));
    return routeAuto(hints, override, context, task, request && requirementsOf(requestFeatures(request)), recalled.length / 2);
  }
  const param = override?.force_model !== undefined ? 'routing_override.force_model' : 'model';
  return pinnedDecision(pinnedName, param, chatTypes, 'a chat', context);
}

/**
 * Picks the model for a request of another operation (embeddings, moderation, audio): the model is always
 * named (or defaulted by the endpoint) and must be of one of `types`.
 */
export function routeNamedModel(requestedModel: string, types: readonly ModelType[], kindLabel: string, context: RouterContext): RouteDecision {
  return pinnedDecision(requestedModel, 'model', new Set(types), kindLabel, context);
}

/** A model the caller named: it must be in the catalog and of one of the operation's types. */
function pinnedDecision(name: string, param: string, types: ReadonlySet<ModelType>, kindLabel: string, context: RouterContext): RouteDecision {
  const model = context.catalog.resolveModel(name);
  if (!model) throw new GatewayError('validation_error', `${param} ${JSON.stringify(name)} is not a model of the catalog (see GET /v1/models)`, { param });
  if (context.catalog.getProvider(model.provider)?.built_in && !context.isRoutable(model.provider)) {
    throw new GatewayError('validation_error', `${param} ${JSON.stringify(name)} is served by the built-in demo provider, which answers only while no provider key is configured`, { param });
  }
  if (!types.has(model.type)) {
    throw new GatewayError('validation_error', `${param} ${JSON.stringify(name)} is a ${model.type} model, not ${kindLabel} model`, { param });
  }
  return decisionFor(model, failoverCandidates(model, context), 'Pinned', `lane=${model.lane} source=Pinned model=${model.slug}`);
}

/** A decision for a model of no tier of its own (an explicitly named one, an audio model): the default tier T2. */
export function decisionFor(model: CatalogModel, candidates: CatalogModel[], decisionSource: string, summary: string): RouteDecision {
  return { model, candidates, tier: model.tier ?? 'T2', lane: model.lane, decisionSource, summary };
}

function routeAuto(hints: RoutingHints | undefined, override: RoutingOverride | undefined, context: RouterContext, task: TaskClass | undefined, requirements: ModelRequirements | undefined, recalledTurns: number): RouteDecision {
  const { tier: wantedTier, floor, complexity } = chooseTier(hints, override, task);
  // A tight latency budget (spec 4.1: "very low budgets bias faster lanes") asks for the turbo lane.
  const tightBudget = hints?.max_latency_ms !== undefined && hints.max_latency_ms <= TIGHT_LATENCY_MS;
  const wantedLane: Lane | undefined = override?.force_lane ?? (hints?.prefer_latency || hints?.mode === 'fast' || tightBudget ? 'turbo' : undefined);
  const configured = context.catalog.models.filter((model) => model.type === 'chat' && model.tier !== null && context.isRoutable(model.provider));
  if (configured.length === 0) {
    throw new GatewayError('provider_error', 'model auto needs at least one configured chat provider (set <PROVIDER>_API_KEY)');
  }
  // Only models that can take the request: its images, tools, JSON schema and length.
  const routable = requirements ? configured.filter((model) => meetsRequirements(model, requirements)) : configured;
  const needs = requirements ? describeRequirements(requirements) : '';
  if (routable.length === 0) {
    throw new GatewayError('validation_error', `model auto found no configured model that can take this request (it needs ${needs}); name a model or configure a provider whose models can`, { param: 'model' });
  }
  // Models at or above the complexity's floor first (with no T2 model configured, a complex request goes up to T3, not
  // down to T1 because T1 is cheaper), then the nearest tier, the wanted lane first within it, healthy models before
  // failing ones, those observed within the latency budget before slower ones, then the cheapest. Each model's keys
  // are read once.
  const budget = hints?.max_latency_ms;
  const keys = new Map(
    routable.map((model) => {
      const target = healthTarget(model.provider, model.upstream_model);
      const unhealthy = Number(context.health?.unhealthy(target) ?? false);
      const overBudget = Number(budget !== undefined && (context.health?.p95Ms(target) ?? 0) > budget);
      const offLane = Number(wantedLane !== undefined && model.lane !== wantedLane);
      const belowFloor = Number(tierRank[model.tier!] < tierRank[floor]);
      return [model, { belowFloor, distance: Math.abs(tierRank[model.tier!] - tierRank[wantedTier]), offLane, unhealthy, overBudget, price: blendedPrice(model) }];
    }),
  );
  const ranked = [...routable].sort((left, right) => {
    const a = keys.get(left)!;
    const b = keys.get(right)!;
    return a.belowFloor - b.belowFloor || a.distance - b.distance || a.offLane - b.offLane || a.unhealthy - b.unhealthy || a.overBudget - b.overBudget || a.price - b.price;
  });
  const model = ranked[0];
  const sameTier = ranked.filter((candidate) => candidate !== model && candidate.tier === model.tier);
  const chosen = keys.get(model)!;
  const why = chosen.unhealthy ? 'every model of the tier failing; least bad' : `${chosen.overBudget ? 'none within max_latency_ms; ' : ''}cheapest healthy${wantedLane ? ` ${wantedLane}` : ''} of ${sameTier.length + 1} in the tier`;
  // allow_free_fallback: when the whole tier fails, a cheaper tier may still answer (cheapest first).
  const cheaper = hints?.allow_free_fallback ? [...routable].filter((candidate) => tierRank[candidate.tier!] < tierRank[model.tier!]).sort((left, right) => blendedPrice(left) - blendedPrice(right)) : [];
  // The same open model on another provider may lack what the request needs (a JSON schema, images).
  const candidates = dedupe([...failoverCandidates(model, context), ...sameTier, ...cheaper]).filter((candidate) => !requirements || meetsRequirements(candidate, requirements));
  const read = `${task ? `family=${task.family} ` : ''}${complexity ? `complexity=${complexity} ` : ''}${task && recalledTurns > 0 ? `read_with=${recalledTurns} recalled turns ` : ''}`;
  const decision: RouteDecision = {
    model,
    candidates,
    tier: model.tier!,
    lane: model.lane,
    decisionSource: 'AutoRouter',
    summary: `${read}lane=${model.lane} source=AutoRouter tier=${model.tier} model=${model.slug}${model.tier !== wantedTier ? ` (wanted ${wantedTier})` : ''} why=${why}${needs ? ` needs=${needs}` : ''}${applied(hints, override)}`,
  };
  if (task) decision.taskFamily = task.family;
  return decision;
}

/** The hints and overrides the caller set, named in the routing explanation. */
function applied(hints: RoutingHints | undefined, override: RoutingOverride | undefined): string {
  const names = [
    ...Object.entries(hints ?? {}).filter(([, value]) => value !== undefined).map(([name]) => name),
    // force_provider is accepted but not applied (spec 4.1), so it is not named as applied.
    ...Object.entries(override ?? {}).filter(([name, value]) => value !== undefined && name !== 'force_provider').map(([name]) => name),
  ];
  return names.length > 0 ? ` hints=${names.join(',')}` : '';
}

function blendedPrice(model: CatalogModel): number {
  return (model.pricing.input_per_mtok ?? 0) + (model.pricing.output_per_mtok ?? 0);
}

/** The model, then rows serving the same open model on other providers, then configured fallbacks. */
export function failoverCandidates(model: CatalogModel, context: RouterContext): CatalogModel[] {
  const candidates = [model];
  if (model.open_model) {
    for (const other of context.catalog.models) {
      if (other !== model && other.open_model === model.open_model && other.type === model.type) candidates.push(other);
    }
  }
  for (const slug of context.fallbacks[model.slug] ?? []) {
    const fallback = context.catalog.resolveModel(slug);
    if (fallback) candidates.push(fallback);
  }
  const lastResort = context.lastResort?.[model.type];
  if (lastResort) candidates.push(lastResort);
  return dedupe(candidates);
}

function dedupe(models: CatalogModel[]): CatalogModel[] {
  return [...new Set(models)];
}
