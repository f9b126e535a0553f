import type { ChatMessage, ChatRequest } from '../../core/chat-types.js';

/** What every demo answer says about itself, so nobody mistakes it for a model's. */
export const DEMO_WARNING = 'demo answer: no provider key is configured, so the built-in demo provider answered; set a provider key (e.g. OPENAI_API_KEY) and restart for real answers';

/** The text of the last user message (its text parts joined), or '' when there is none. */
export function lastUserText(messages: readonly ChatMessage[]): string {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index];
    if (message.role !== 'user') continue;
    if (typeof message.content === 'string') return message.content;
    if (Array.isArray(message.content)) {
      return message.content
        .map((part) => (part.type === 'text' && typeof (part as { text?: unknown }).text === 'string' ? (part as { text: string }).text : ''))
        .join(' ')
        .trim();
    }
  }
  return '';
}

const QUOTE_LIMIT = 200;

/** The demo's answer to a chat request: deterministic, a function of the request alone. */
export function demoAnswerText(request: ChatRequest): string {
  const said = lastUserText(request.messages).replace(/\s+/g, ' ').trim();
  const quoted = said.length > QUOTE_LIMIT ? `${said.slice(0, QUOTE_LIMIT)}…` : said;
  const format = request.response_format?.type;
  if (format === 'json_object' || format === 'json_schema') return JSON.stringify({ demo: true, you_said: quoted });
  return `This is svc's demo provider: no provider key is configured yet. You said: "${quoted}". Set OPENAI_API_KEY (or another provider's key) and restart svc to get answers from a real model.`;
}

/** Splits an answer into the pieces a stream sends: words with their following space. */
export function streamPieces(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}
