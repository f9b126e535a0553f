import type { ContentPart } from '../../core/chat-types.js';
import type { GeminiPart } from './wire-types.js';
import { isHttpUrl, parseDataUrl } from '../shared/data-url.js';
import { addWarning } from '../shared/warnings.js';

const imageTypesByExtension: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  heic: 'image/heic',
  heif: 'image/heif',
};

const fileTypesByExtension: Record<string, string> = {
  ...imageTypesByExtension,
  pdf: 'application/pdf',
  txt: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  html: 'text/html',
  wav: 'audio/wav',
  mp3: 'audio/mp3',
};

/** Converts message content (a string or OpenAI content parts) into Gemini parts; empty text is left out. */
export function convertContentParts(content: string | ContentPart[] | null, warnings: string[]): GeminiPart[] {
  if (content === null) return [];
  if (typeof content === 'string') return content === '' ? [] : [{ text: content }];
  const parts: GeminiPart[] = [];
  for (const part of content) {
    const converted = convertContentPart(part, warnings);
    if (converted) parts.push(converted);
  }
  return parts;
}

function convertContentPart(part: ContentPart, warnings: string[]): GeminiPart | undefined {
  if (part.type === 'text') {
    const text = typeof part.text === 'string' ? part.text : '';
    return text === '' ? undefined : { text };
  }
  if (part.type === 'image_url') {
    const url = (part as { image_url?: { url?: string } }).image_url?.url ?? '';
    return urlToPart(url, guessMimeType(url, imageTypesByExtension, 'image/jpeg'), warnings);
  }
  if (part.type === 'input_audio') {
    const audio = (part as { input_audio?: { data?: string; format?: string } }).input_audio;
    return { inlineData: { mimeType: `audio/${audio?.format ?? 'wav'}`, data: audio?.data ?? '' } };
  }
  if (part.type === 'file') {
    const file = (part as { file?: { file_data?: string; file_id?: string; filename?: string } }).file ?? {};
    if (file.file_data) {
      const fallbackType = guessMimeType(file.filename ?? '', fileTypesByExtension, 'application/pdf');
      return file.file_data.startsWith('data:')
        ? urlToPart(file.file_data, fallbackType, warnings)
        : { inlineData: { mimeType: fallbackType, data: file.file_data } };
    }
    // An OpenAI file id means nothing to Google.
    addWarning(warnings, 'gemini: a file part given by file_id cannot be sent to Gemini and was dropped');
    return undefined;
  }
  addWarning(warnings, `gemini: content part of type "${part.type}" is not supported and was dropped`);
  return undefined;
}

/** A data URL becomes inline bytes; an http(s) URL is passed by reference for Google to fetch. */
function urlToPart(url: string, fallbackMimeType: string, warnings: string[]): GeminiPart | undefined {
  const dataUrl = parseDataUrl(url);
  if (dataUrl) return { inlineData: { mimeType: dataUrl.mediaType || fallbackMimeType, data: dataUrl.base64 } };
  if (isHttpUrl(url)) return { fileData: { mimeType: fallbackMimeType, fileUri: url } };
  addWarning(warnings, 'gemini: an image or file URL that is neither a base64 data URL nor http(s) was dropped');
  return undefined;
}

function guessMimeType(url: string, table: Record<string, string>, fallback: string): string {
  const path = url.split(/[?#]/)[0];
  const extension = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase();
  return (extension && table[extension]) || fallback;
}
