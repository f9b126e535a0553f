import type { ChatMessage } from '../../core/chat-types.js';

/** What the Responses translator keeps of the wire request, to echo it in the response object and to store the turn. */
export interface ResponsesRequestFacts {
  responseId: string;
  createdAt: number;
  model: string;
  instructions: string | null;
  previousResponseId: string | null;
  store: boolean;
  /** The conversation sent upstream (earlier turns included, instructions not), stored for a later previous_response_id. */
  conversation: ChatMessage[];
  /** Request settings echoed in the response object, as OpenAI does. */
  echo: {
    temperature: number | null;
    top_p: number | null;
    max_output_tokens: number | null;
    tool_choice: unknown;
    tools: unknown[];
    parallel_tool_calls: boolean;
    text: unknown;
    reasoning: unknown;
    metadata: Record<string, string>;
    user: string | null;
    service_tier: string | null;
  };
}

/** An output item of the response object (spec 2.5). */
export type ResponseOutputItem =
  | { type: 'message'; id: string; role: 'assistant'; status: 'in_progress' | 'completed' | 'incomplete'; content: Array<{ type: 'output_text'; text: string; annotations: unknown[]; logprobs?: unknown[] } | { type: 'refusal'; refusal: string }> }
  | { type: 'function_call'; id: string; call_id: string; name: string; arguments: string; status: 'in_progress' | 'completed' };

export interface ResponseUsage {
  input_tokens: number;
  input_tokens_details: { cached_tokens: number };
  output_tokens: number;
  output_tokens_details: { reasoning_tokens: number };
  total_tokens: number;
}
