/**
 * Gemini attaches an opaque `thoughtSignature` to function-call parts and, from Gemini 3 on, answers 400
 * when the first function call of each step of the current turn comes back without it. Chat
 * completions has no field for it, so it travels the way Google's own OpenAI-compatible endpoint
 * carries it: `tool_calls[].extra_content.google.thought_signature`, which clients echo back with the
 * assistant message.
 */

export interface GoogleExtraContent {
  extra_content?: { google?: { thought_signature?: string } };
}

/**
 * Google's documented stand-in for history that has no real signature (a client that dropped the
 * field, or a conversation started on another model): validation is skipped for that call.
 */
export const SKIP_SIGNATURE_VALIDATION = 'skip_thought_signature_validator';

/** The signature a client sent back on a tool call, if any. */
export function signatureOfToolCall(toolCall: object): string | undefined {
  const signature = (toolCall as GoogleExtraContent).extra_content?.google?.thought_signature;
  return typeof signature === 'string' && signature !== '' ? signature : undefined;
}

/** The extra field to put on an outgoing tool call, or nothing when the part had no signature. */
export function extraContentForSignature(signature: string | undefined): GoogleExtraContent {
  return signature ? { extra_content: { google: { thought_signature: signature } } } : {};
}
