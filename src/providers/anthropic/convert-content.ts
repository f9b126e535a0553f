import type { ChatMessage, ContentPart } from '../../core/chat-types.js';
import type { AnthropicDocumentBlock, AnthropicImageBlock, AnthropicImageMediaType, AnthropicContentBlock, AnthropicTextBlock } from './wire-types.js';
import { addWarning } from '../shared/warnings.js';
import { isHttpUrl, parseDataUrl } from '../shared/data-url.js';
import { cacheControlOf } from './cache-control.js';

/** The image types Anthropic accepts; anything else would be rejected upstream. */
const IMAGE_MEDIA_TYPES = new Set<string>(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);


/** OpenAI `image_url` (https URL or base64 data URL) → Anthropic image block. */
function convertImage(url: string, warnings: string[]): AnthropicImageBlock | undefined {
  if (url.startsWith('data:')) {
    const dataUrl = parseDataUrl(url);
    if (!dataUrl || !IMAGE_MEDIA_TYPES.has(dataUrl.mediaType)) {
      addWarning(warnings, `an image of type ${dataUrl?.mediaType ?? 'unknown'} was dropped: Anthropic accepts base64 JPEG, PNG, GIF and WebP images only`);
      return undefined;
    }
    return { type: 'image', source: { type: 'base64', media_type: dataUrl.mediaType as AnthropicImageMediaType, data: dataUrl.base64 } };
  }
  if (isHttpUrl(url)) return { type: 'image', source: { type: 'url', url } };
  addWarning(warnings, 'an image whose URL is neither http(s) nor a data URL was dropped');
  return undefined;
}

/** OpenAI `file` part (`file_data` data URL) → Anthropic document (PDF, plain text) or image block. */
function convertFile(part: ContentPart, warnings: string[]): AnthropicContentBlock | undefined {
  const file = (part as { file?: { file_data?: string; file_id?: string; filename?: string } }).file;
  const dataUrl = file?.file_data ? parseDataUrl(file.file_data) : undefined;
  if (!file || !dataUrl) {
    addWarning(warnings, 'a file part without inline file_data was dropped: Anthropic cannot read OpenAI file ids');
    return undefined;
  }
  const title = file.filename ? { title: file.filename } : {};
  if (dataUrl.mediaType === 'application/pdf') {
    return { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: dataUrl.base64 }, ...title } satisfies AnthropicDocumentBlock;
  }
  if (dataUrl.mediaType === 'text/plain') {
    const text = Buffer.from(dataUrl.base64, 'base64').toString('utf8');
    return { type: 'document', source: { type: 'text', media_type: 'text/plain', data: text }, ...title } satisfies AnthropicDocumentBlock;
  }
  if (IMAGE_MEDIA_TYPES.has(dataUrl.mediaType)) return convertImage(file.file_data!, warnings);
  addWarning(warnings, `a file of type ${dataUrl.mediaType} was dropped: Anthropic reads PDF, plain text and images`);
  return undefined;
}

/**
 * User or assistant content → Anthropic blocks. Empty text is left out because Anthropic rejects empty
 * text blocks; assistant turns keep text only (Anthropic has no images in assistant turns).
 */
export function convertContent(content: ChatMessage['content'], role: 'user' | 'assistant', warnings: string[]): AnthropicContentBlock[] {
  if (content === null || content === undefined) return [];
  if (typeof content === 'string') return content === '' ? [] : [{ type: 'text', text: content }];
  const blocks: AnthropicContentBlock[] = [];
  for (const part of content) {
    const block = convertPart(part, role, warnings);
    if (!block) continue;
    const cacheControl = cacheControlOf(part);
    blocks.push(cacheControl ? { ...block, cache_control: cacheControl } : block);
  }
  return blocks;
}

function convertPart(part: ContentPart, role: 'user' | 'assistant', warnings: string[]): AnthropicContentBlock | undefined {
  if (part.type === 'text') {
    const text = (part as { text?: unknown }).text;
    return typeof text === 'string' && text !== '' ? { type: 'text', text } : undefined;
  }
  // An assistant refusal part is what the model said: keep it as text so the history stays truthful.
  if (part.type === 'refusal' && role === 'assistant') {
    const refusal = (part as { refusal?: unknown }).refusal;
    return typeof refusal === 'string' && refusal !== '' ? { type: 'text', text: refusal } : undefined;
  }
  if (role === 'assistant') {
    addWarning(warnings, `${part.type} parts in assistant messages were dropped: Anthropic assistant turns hold text and tool calls only`);
    return undefined;
  }
  if (part.type === 'image_url') {
    const url = (part as { image_url?: { url?: unknown } }).image_url?.url;
    return typeof url === 'string' ? convertImage(url, warnings) : undefined;
  }
  if (part.type === 'file') return convertFile(part, warnings);
  if (part.type === 'input_audio') {
    addWarning(warnings, 'input_audio parts were dropped: Anthropic models do not take audio input');
    return undefined;
  }
  addWarning(warnings, `${part.type} content parts were dropped: Anthropic has no equivalent`);
  return undefined;
}

/** System and developer content as Anthropic text blocks, keeping the caller's prompt-cache breakpoints. */
export function systemBlocksOf(content: ChatMessage['content'], role: string, warnings: string[]): AnthropicTextBlock[] {
  if (content === null || content === undefined) return [];
  if (typeof content === 'string') return content.trim() === '' ? [] : [{ type: 'text', text: content }];
  const blocks: AnthropicTextBlock[] = [];
  for (const part of content) {
    const text = (part as { text?: unknown }).text;
    if (part.type !== 'text' || typeof text !== 'string') {
      addWarning(warnings, `${part.type} parts in ${role} messages were dropped: Anthropic takes text there`);
      continue;
    }
    if (text.trim() === '') continue;
    const cacheControl = cacheControlOf(part);
    blocks.push(cacheControl ? { type: 'text', text, cache_control: cacheControl } : { type: 'text', text });
  }
  return blocks;
}

/** The text of system, developer and tool messages: text parts joined, anything else dropped with a warning. */
export function textOfContent(content: ChatMessage['content'], role: string, warnings: string[]): string {
  if (content === null || content === undefined) return '';
  if (typeof content === 'string') return content;
  const texts: string[] = [];
  for (const part of content) {
    if (part.type === 'text' && typeof (part as { text?: unknown }).text === 'string') texts.push((part as { text: string }).text);
    else addWarning(warnings, `${part.type} parts in ${role} messages were dropped: Anthropic takes text there`);
  }
  return texts.join('\n');
}
