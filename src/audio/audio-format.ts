/**
 * What an uploaded audio file is, read from its first bytes (its magic number), not from its name: a
 * renamed text file is refused, a WAV called `clip.mp3` is sent upstream as the WAV it is (OpenAI reads
 * the format from the file name's extension, so the name svc forwards always matches the content).
 */
export type AudioContainer = 'wav' | 'mp3' | 'mp4' | 'm4a' | 'webm';

export interface SniffedAudio {
  container: AudioContainer;
  /** The extension svc gives the file upstream. */
  extension: string;
  contentType: string;
}

/** The formats of spec 4.6 (mp3, mp4, mpeg, mpga, m4a, wav, webm): mpeg and mpga are MP3 by content. */
export const acceptedAudioFormats = 'mp3, mp4, mpeg, mpga, m4a, wav, webm';

const ascii = (bytes: Uint8Array, offset: number, text: string) => {
  if (bytes.length < offset + text.length) return false;
  for (let index = 0; index < text.length; index++) if (bytes[offset + index] !== text.charCodeAt(index)) return false;
  return true;
};

/** An MPEG audio frame header: 11 sync bits, a version other than reserved, a layer other than reserved. */
function isMpegFrame(bytes: Uint8Array, offset: number): boolean {
  if (bytes.length < offset + 4) return false;
  const second = bytes[offset + 1];
  return bytes[offset] === 0xff && (second & 0xe0) === 0xe0 && ((second >> 3) & 0b11) !== 0b01 && ((second >> 1) & 0b11) !== 0b00 && ((bytes[offset + 2] >> 4) & 0xf) !== 0xf;
}

/** The container of `bytes` (the first 64 are enough), or undefined when it is none of the accepted formats. */
export function sniffAudio(bytes: Uint8Array): SniffedAudio | undefined {
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WAVE')) return { container: 'wav', extension: 'wav', contentType: 'audio/wav' };
  if (ascii(bytes, 0, 'ID3') || isMpegFrame(bytes, 0)) return { container: 'mp3', extension: 'mp3', contentType: 'audio/mpeg' };
  if (ascii(bytes, 4, 'ftyp')) {
    const brand = String.fromCharCode(...bytes.subarray(8, 12));
    return brand.startsWith('M4A') || brand.startsWith('M4B') ? { container: 'm4a', extension: 'm4a', contentType: 'audio/mp4' } : { container: 'mp4', extension: 'mp4', contentType: 'audio/mp4' };
  }
  if (bytes.length >= 4 && bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return { container: 'webm', extension: 'webm', contentType: 'audio/webm' };
  return undefined;
}
