/** Image and file URLs of chat content parts, as every adapter reads them. */

export interface DataUrl {
  /** Lower-cased; empty when the URL names none (`data:;base64,…`). */
  mediaType: string;
  base64: string;
}

const dataUrlPattern = /^data:([^;,]*)((?:;[^;,]*)*);base64,(.*)$/is;
const httpUrlPattern = /^https?:\/\//i;

/** Splits `data:<media type>[;params];base64,<data>`; undefined for anything else (plain-text data URLs included). */
export function parseDataUrl(url: string): DataUrl | undefined {
  const match = dataUrlPattern.exec(url);
  if (!match) return undefined;
  const mediaType = match[1].trim().toLowerCase();
  // "image/jpg" is common in the wild but not a registered type.
  return { mediaType: mediaType === 'image/jpg' ? 'image/jpeg' : mediaType, base64: match[3] };
}

export function isHttpUrl(url: string): boolean {
  return httpUrlPattern.test(url);
}
