/** Audio made in the test: a real PCM WAV tone and a real MPEG-1 Layer III stream (silent frames). */

/** A 16-bit mono PCM WAV of a sine tone. Its duration is `seconds` exactly (sampleRate × seconds samples). */
export function wavTone(seconds: number, options: { sampleRate?: number; frequency?: number } = {}): Buffer {
  const sampleRate = options.sampleRate ?? 16_000;
  const frequency = options.frequency ?? 440;
  const samples = Math.round(sampleRate * seconds);
  const data = Buffer.alloc(samples * 2);
  for (let index = 0; index < samples; index++) data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * frequency * index) / sampleRate) * 12_000), index * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28); // byte rate
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** Samples per MPEG-1 Layer III frame, and the frame rate of 44.1 kHz. */
export const MP3_FRAME_SECONDS = 1152 / 44_100;

/**
 * An MP3 of `frames` silent frames: MPEG-1 Layer III, 128 kbit/s, 44.1 kHz, mono, no padding (417 bytes
 * a frame). All-zero side information decodes as silence; its duration is frames × 1152 / 44100 s.
 */
export function silentMp3(frames: number): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0xc4], 0); // sync, MPEG-1, Layer III, no CRC; 128 kbit/s, 44.1 kHz, no padding; mono
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}
