/** The canonical moderation request and result (spec 2.7). */

export type ModerationInput = string | { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

export interface ModerationRequest {
  model: string;
  /** One entry per result; multimodal parts of one entry are moderated together. */
  input: string[] | ModerationInput[];
}

/** The 11 category keys of spec 2.7, in its order. */
export const moderationCategories = [
  'sexual',
  'hate',
  'harassment',
  'self-harm',
  'sexual/minors',
  'hate/threatening',
  'violence/graphic',
  'self-harm/intent',
  'self-harm/instructions',
  'harassment/threatening',
  'violence',
] as const;
export type ModerationCategory = (typeof moderationCategories)[number];

export interface ModerationVerdict {
  flagged: boolean;
  categories: Record<ModerationCategory, boolean> & Record<string, boolean>;
  category_scores: Record<ModerationCategory, number> & Record<string, number>;
  /** OpenAI's omni models: which kinds of input (`text`, `image`) each category's verdict was drawn from. */
  category_applied_input_types?: Record<string, string[]>;
}

export interface ModerationResult {
  id: string;
  model: string;
  results: ModerationVerdict[];
}
