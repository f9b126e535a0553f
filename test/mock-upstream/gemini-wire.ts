import { silentMp3 } from '../support/audio-files.js';
import { contentChunks } from './default-reply.js';
import type { MockReply, RequestSummary, StreamEvent, WireRenderer } from './mock-types.js';
import { validateGemini } from './request-validation.js';

/** google.rpc status names by HTTP status, as Gemini puts them in `error.status`. */
const rpcStatusByHttpStatus: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

const finishReasons: Record<NonNullable<MockReply['finish']>, string> = {
  stop: 'STOP',
  length: 'MAX_TOKENS',
  // Gemini ends a function-calling answer with a plain STOP.
  tool_calls: 'STOP',
  content_filter: 'SAFETY',
};

/** An opaque stand-in for the thought signature Gemini 3 puts on the first function call of a step. */
const MOCK_THOUGHT_SIGNATURE = Buffer.from('mock thought signature').toString('base64');

const routePattern = /^\/v1(?:beta|alpha)?\/models\/([^/:]+):(generateContent|streamGenerateContent)$/;

/** The Gemini Developer API generateContent wire (catalog/wire-formats.md §4). */
export const geminiWire: WireRenderer = {
  wire: 'gemini',
  validate: validateGemini,
  // streamGenerateContent answers a JSON array of chunks unless `alt=sse` asks for server-sent events.
  streamsAsJsonArray: (url) => url.searchParams.get('alt') !== 'sse',

  match(method, path) {
    const route = method === 'POST' ? routePattern.exec(path) : null;
    return route ? { modelFromPath: decodeURIComponent(route[1]), streamFromPath: route[2] === 'streamGenerateContent' } : undefined;
  },

  apiKey(headers, url) {
    const value = headers['x-goog-api-key'];
    return typeof value === 'string' ? value : (url.searchParams.get('key') ?? undefined);
  },

  summarize(body, route): RequestSummary {
    const contents: any[] = Array.isArray(body.contents) ? body.contents : [];
    const partsOf = (content: any): any[] => (Array.isArray(content?.parts) ? content.parts : []);
    const lastUserText = [...contents].reverse().find((content) => content.role === 'user' && partsOf(content).some((part) => typeof part.text === 'string'));
    const callingConfig = body.toolConfig?.functionCallingConfig;
    const allowed: string[] = Array.isArray(callingConfig?.allowedFunctionNames) ? callingConfig.allowedFunctionNames : [];
    const lastContent = contents[contents.length - 1];
    return {
      model: route.modelFromPath ?? '',
      stream: route.streamFromPath === true,
      lastUserText: partsOf(lastUserText).map((part) => (typeof part.text === 'string' ? part.text : '')).join(''),
      toolNames: (Array.isArray(body.tools) ? body.tools : []).flatMap((tool: any) => (tool.functionDeclarations ?? []).map((declaration: any) => declaration.name)),
      forcedTool: callingConfig?.mode === 'ANY' && allowed.length === 1 ? allowed[0] : undefined,
      toolChoiceNone: callingConfig?.mode === 'NONE',
      // Gemini has no switch for parallel calls.
      parallelToolCalls: true,
      wantsJson: body.generationConfig?.responseMimeType === 'application/json',
      hasToolResult: partsOf(lastContent).some((part) => part.functionResponse !== undefined),
      // Gemini always reports usage.
      includeUsage: true,
    };
  },

  renderJson(reply, summary) {
    if (reply.promptBlockReason) return promptBlocked(reply, summary);
    return {
      candidates: [{ content: { role: 'model', parts: [...textParts(reply.content), ...functionCallParts(reply), ...musicParts(summary.model)] }, finishReason: finishReasonOf(reply), index: 0 }],
      usageMetadata: usageOf(reply),
      modelVersion: summary.model,
      responseId: 'mock-response-id',
    };
  },

  renderStream(reply, summary) {
    if (reply.promptBlockReason) return [{ data: JSON.stringify(promptBlocked(reply, summary)) }];
    const bodies: { parts: object[] }[] = contentChunks(reply).map((piece) => ({ parts: [{ text: piece }] }));
    // Function calls arrive whole, together in one chunk.
    if (reply.toolCalls?.length) bodies.push({ parts: functionCallParts(reply) });
    if (bodies.length === 0) bodies.push({ parts: [] });
    const usage = usageOf(reply);
    return bodies.map((body, position): StreamEvent => {
      const last = position === bodies.length - 1;
      const candidate = { content: { role: 'model', parts: body.parts }, index: 0, ...(last ? { finishReason: finishReasonOf(reply) } : {}) };
      // Every chunk carries usage; only the last one is complete.
      const usageMetadata = last ? usage : { promptTokenCount: usage.promptTokenCount, totalTokenCount: usage.promptTokenCount };
      return { data: JSON.stringify({ candidates: [candidate], usageMetadata, modelVersion: summary.model, responseId: 'mock-response-id' }) };
    });
  },

  renderError(status, message, errorType) {
    return { error: { code: status, message, status: errorType ?? rpcStatusByHttpStatus[status] ?? (status >= 500 ? 'INTERNAL' : 'INVALID_ARGUMENT') } };
  },

  renderStreamError(message) {
    return { data: JSON.stringify({ error: { code: 500, message, status: 'INTERNAL' } }) };
  },
};

/** A prompt blocked before generation: no candidates, only the block reason and the prompt's usage. */
function promptBlocked(reply: MockReply, summary: RequestSummary) {
  const promptTokenCount = (reply.usage ?? { input: 10, output: 0 }).input;
  return {
    promptFeedback: { blockReason: reply.promptBlockReason, safetyRatings: [] },
    usageMetadata: { promptTokenCount, totalTokenCount: promptTokenCount },
    modelVersion: summary.model,
    responseId: 'mock-response-id',
  };
}

function textParts(content: string | undefined): object[] {
  return content ? [{ text: content }] : [];
}

function functionCallParts(reply: MockReply): object[] {
  return (reply.toolCalls ?? []).map((call, index) => ({
    functionCall: { id: call.id ?? `mock-call-${index}`, name: call.name, args: JSON.parse(call.arguments || '{}') },
    ...(index === 0 ? { thoughtSignature: MOCK_THOUGHT_SIGNATURE } : {}),
  }));
}

function finishReasonOf(reply: MockReply): string {
  return finishReasons[reply.finish ?? 'stop'];
}

/** MockUsage counts like OpenAI (input includes cached, output includes reasoning); Gemini splits thoughts out. */
function usageOf(reply: MockReply) {
  const usage = reply.usage ?? { input: 10, output: 10 };
  const reasoning = usage.reasoning ?? 0;
  return {
    promptTokenCount: usage.input,
    candidatesTokenCount: usage.output - reasoning,
    totalTokenCount: usage.input + usage.output,
    ...(usage.cached ? { cachedContentTokenCount: usage.cached } : {}),
    ...(reasoning ? { thoughtsTokenCount: reasoning } : {}),
  };
}

/** Lyria answers with its lyrics as text and a 30 s MP3 clip as inline data (wire-formats.md §4.3). */
export const LYRIA_CLIP = silentMp3(1149);
function musicParts(model: string) {
  return model.startsWith('lyria') ? [{ inlineData: { mimeType: 'audio/mpeg', data: LYRIA_CLIP.toString('base64') } }] : [];
}
