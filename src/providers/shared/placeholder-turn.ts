/**
 * Text of the user turn an adapter inserts when the provider needs one the caller did not send. OpenAI accepts a
 * conversation of a system prompt alone, or of empty user messages, or one that starts with the assistant;
 * Anthropic rejects all three and Gemini the first two (no content left once empty text is dropped). A neutral
 * marker keeps every word the caller sent verbatim.
 */
export const PLACEHOLDER_USER_TEXT = '(start of conversation)';
