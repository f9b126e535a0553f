import { parseBuffer } from 'music-metadata';
import type { AudioContainer } from './audio-format.js';

/**
 * Seconds of audio in a file, measured by svc (per-minute billing never trusts the upstream's figure
 * alone): a WAV from its header (byte rate and data size), anything else by music-metadata, which
 * reads MP3 frames, MP4 atoms and WebM clusters. Undefined when the file does not say.
 */
export async function audioDurationSeconds(bytes: Uint8Array, container: AudioContainer): Promise<number | undefined> {
  if (container === 'wav') return plausibleSeconds(wavDurationSeconds(bytes), bytes.length);
  try {
    const metadata = await parseBuffer(bytes, { mimeType: container === 'mp3' ? 'audio/mpeg' : `audio/${container === 'm4a' ? 'mp4' : container}`, size: bytes.length }, { duration: true, skipCovers: true });
    return plausibleSeconds(metadata.format.duration, bytes.length);
  } catch {
    return undefined;
  }
}

/**
 * The fewest bytes a second of audio takes in any format the providers transcribe (AMR-NB's 4.75 kbps is ~600, Opus
 * at 6 kbps 750): a duration that would put fewer bytes in each second is a header that lies (a WAV whose byte rate
 * says 1, an MP3 whose Xing frame claims hours), from the caller or from an upstream, and is not billed.
 */
const MIN_BYTES_PER_SECOND = 400;

/** `seconds` when it is a duration `bytes` of audio can hold, else undefined. */
export function plausibleSeconds(seconds: number | undefined, bytes: number): number | undefined {
  return seconds !== undefined && Number.isFinite(seconds) && seconds >= 0 && seconds <= bytes / MIN_BYTES_PER_SECOND ? seconds : undefined;
}

/** A compressed file's usual rate, 128 kbps: what a file of `bytes` is estimated to last when nothing measured it. */
const ESTIMATE_BYTES_PER_SECOND = 16_000;

export function estimatedSeconds(bytes: number): number {
  return bytes / ESTIMATE_BYTES_PER_SECOND;
}

/** RIFF chunks: `fmt ` gives the byte rate, `data` the size of the samples (cut short by the file's end). */
function wavDurationSeconds(bytes: Uint8Array): number | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let byteRate: number | undefined;
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = String.fromCharCode(bytes[offset], bytes[offset + 1], bytes[offset + 2], bytes[offset + 3]);
    const size = view.getUint32(offset + 4, true);
    if (id === 'fmt ' && offset + 20 <= bytes.length) byteRate = view.getUint32(offset + 16, true);
    if (id === 'data') {
      if (!byteRate) return undefined;
      const available = Math.min(size, bytes.length - offset - 8);
      return available / byteRate;
    }
    offset += 8 + size + (size % 2);
  }
  return undefined;
}
