/**
 * The subset of the Gemini generateContent wire (v1beta, camelCase JSON) that the adapter writes and
 * reads. Field names follow googleapis/js-genai `src/types.ts`; see catalog/wire-formats.md §4.
 */

export interface GeminiInlineData {
  mimeType: string;
  /** Base64 bytes. */
  data: string;
}

export interface GeminiFileData {
  mimeType: string;
  fileUri: string;
}

export interface GeminiFunctionCall {
  name: string;
  args?: Record<string, unknown>;
  id?: string;
}

export interface GeminiFunctionResponse {
  name: string;
  response: Record<string, unknown>;
  id?: string;
}

/** One part; exactly one of the data fields is set. `thought` marks reasoning text, not the answer. */
export interface GeminiPart {
  text?: string;
  inlineData?: GeminiInlineData;
  fileData?: GeminiFileData;
  functionCall?: GeminiFunctionCall;
  functionResponse?: GeminiFunctionResponse;
  thought?: boolean;
  /** Opaque; must be sent back with the part on later turns (Gemini 3 rejects function calls without it). */
  thoughtSignature?: string;
}

export type GeminiRole = 'user' | 'model';

export interface GeminiContent {
  role: GeminiRole;
  parts: GeminiPart[];
}

export interface GeminiFunctionDeclaration {
  name: string;
  description?: string;
  /** Plain JSON Schema (the `parameters` field takes Google's OpenAPI subset instead). */
  parametersJsonSchema?: Record<string, unknown>;
}

export interface GeminiTool {
  functionDeclarations: GeminiFunctionDeclaration[];
}

export type GeminiFunctionCallingMode = 'AUTO' | 'ANY' | 'NONE' | 'VALIDATED';

export interface GeminiToolConfig {
  functionCallingConfig: { mode: GeminiFunctionCallingMode; allowedFunctionNames?: string[] };
}

export interface GeminiThinkingConfig {
  thinkingBudget?: number;
  thinkingLevel?: string;
  includeThoughts?: boolean;
}

export interface GeminiGenerationConfig {
  temperature?: number;
  topP?: number;
  topK?: number;
  candidateCount?: number;
  maxOutputTokens?: number;
  stopSequences?: string[];
  presencePenalty?: number;
  frequencyPenalty?: number;
  seed?: number;
  responseLogprobs?: boolean;
  logprobs?: number;
  responseMimeType?: string;
  responseJsonSchema?: Record<string, unknown>;
  thinkingConfig?: GeminiThinkingConfig;
}

export interface GeminiRequest {
  contents: GeminiContent[];
  systemInstruction?: { parts: GeminiPart[] };
  tools?: GeminiTool[];
  toolConfig?: GeminiToolConfig;
  generationConfig?: GeminiGenerationConfig;
}

export interface GeminiLogprobCandidate {
  token?: string;
  tokenId?: number;
  logProbability?: number;
}

export interface GeminiLogprobsResult {
  topCandidates?: { candidates?: GeminiLogprobCandidate[] }[];
  chosenCandidates?: GeminiLogprobCandidate[];
}

export interface GeminiCandidate {
  content?: { role?: string; parts?: GeminiPart[] };
  finishReason?: string;
  index?: number;
  avgLogprobs?: number;
  logprobsResult?: GeminiLogprobsResult;
}

export interface GeminiUsageMetadata {
  /** Includes the cached tokens. */
  promptTokenCount?: number;
  candidatesTokenCount?: number;
  /** Reasoning tokens, billed as output but not part of candidatesTokenCount. */
  thoughtsTokenCount?: number;
  cachedContentTokenCount?: number;
  /** Prompt tokens added by built-in tools (search results and the like). */
  toolUsePromptTokenCount?: number;
  totalTokenCount?: number;
}

export interface GeminiErrorDetail {
  '@type'?: string;
  /** google.rpc.RetryInfo: a protobuf Duration such as "7s" or "0.5s". */
  retryDelay?: string;
  /** google.rpc.ErrorInfo, e.g. API_KEY_INVALID. */
  reason?: string;
  [key: string]: unknown;
}

/** google.rpc.Status as the REST API renders it. */
export interface GeminiError {
  code?: number;
  message?: string;
  status?: string;
  details?: GeminiErrorDetail[];
}

/** One generateContent answer, or one chunk of a streamed answer (same shape, only the new parts). */
export interface GeminiResponse {
  candidates?: GeminiCandidate[];
  promptFeedback?: { blockReason?: string; blockReasonMessage?: string };
  usageMetadata?: GeminiUsageMetadata;
  modelVersion?: string;
  responseId?: string;
  /** Only in a stream: an in-band failure. */
  error?: GeminiError;
}
