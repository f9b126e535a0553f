import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { seededMutations } from '../support/random-mutations.js';
import { silentMp3, wavTone } from '../support/audio-files.js';
import { answerFault, assertStillWell, providerRefused } from '../support/answer-faults.js';
import { gatewayForSuite, testMasterKey } from '../support/test-gateway.js';

/**
 * Audio uploads as careless and hostile clients send them: valid transcription and translation forms, changed at
 * random at the level of the form (fields dropped, repeated, given hostile values, files cut, emptied, doubled or
 * sent as text) and at the level of the bytes (the multipart body cut short, its boundary wrong, its header lines
 * broken). Each answer must be a success, or a 4xx in the spec's envelope: never a 5xx, never the provider's refusal
 * of what svc forwarded, and svc answers normally afterwards. Seeded: a failure names the seed and replays
 * (SVC_FUZZ_SEEDS=4-200 searches deeper by hand).
 */
describe('audio uploads mutated at random get a success or svc\'s own 4xx, never a 5xx', () => {
  const harness = gatewayForSuite();
  const wav = wavTone(0.4);
  const mp3 = silentMp3(6);
  const hostileText = ['', ' ', '-1', '1.5', '1e308', 'NaN', 'null', '[]', '{}', 'x'.repeat(2000), '\u0000', '\ud800', 'whisper-1', 'gpt-4o-mini', 'verbose_json', 'srt', 'en', '../../etc/passwd'];
  const fieldNames = ['model', 'language', 'prompt', 'response_format', 'temperature', 'timestamp_granularities[]', 'stream', 'include[]', 'chunking_strategy', 'x'];

  interface Part {
    name: string;
    value?: string;
    file?: { bytes: Uint8Array; filename: string; type: string };
  }

  const validForms: Array<{ path: string; parts: Part[] }> = [
    { path: '/v1/audio/transcriptions', parts: [{ name: 'model', value: 'whisper-1' }, { name: 'file', file: { bytes: wav, filename: 'tone.wav', type: 'audio/wav' } }] },
    { path: '/v1/audio/transcriptions', parts: [{ name: 'model', value: 'gpt-4o-mini-transcribe' }, { name: 'response_format', value: 'json' }, { name: 'language', value: 'en' }, { name: 'file', file: { bytes: mp3, filename: 'silence.mp3', type: 'audio/mpeg' } }] },
    { path: '/v1/audio/transcriptions', parts: [{ name: 'model', value: 'whisper-1' }, { name: 'response_format', value: 'verbose_json' }, { name: 'timestamp_granularities[]', value: 'segment' }, { name: 'temperature', value: '0.2' }, { name: 'file', file: { bytes: wav, filename: 'a.wav', type: 'audio/wav' } }] },
    { path: '/v1/audio/translations', parts: [{ name: 'model', value: 'whisper-1' }, { name: 'prompt', value: 'A meeting.' }, { name: 'file', file: { bytes: mp3, filename: 'b.mp3', type: 'audio/mpeg' } }] },
  ];

  function mutateParts(parts: Part[], mutations: ReturnType<typeof seededMutations>): Part[] {
    const { next, pick } = mutations;
    const copy = parts.map((part) => ({ ...part, ...(part.file ? { file: { ...part.file } } : {}) }));
    const roll = next();
    const index = Math.floor(next() * copy.length);
    if (roll < 0.15) copy.splice(index, 1);
    else if (roll < 0.3) copy.push({ name: pick(fieldNames), value: pick(hostileText) });
    else if (roll < 0.4) copy.push({ ...copy[index] });
    else if (roll < 0.6 && copy[index].value !== undefined) copy[index].value = pick(hostileText);
    else if (roll < 0.7) copy[index] = { name: copy[index].name, value: pick(hostileText) };
    else {
      const file = copy.find((part) => part.file)?.file;
      if (file) {
        const cut = pick(['empty', 'half', 'header', 'type', 'name']);
        if (cut === 'empty') file.bytes = new Uint8Array(0);
        else if (cut === 'half') file.bytes = file.bytes.subarray(0, Math.floor(file.bytes.length / 2));
        else if (cut === 'header') file.bytes = file.bytes.subarray(0, 12);
        else if (cut === 'type') file.type = pick(['text/plain', 'application/json', '', 'audio/x-unknown']);
        else file.filename = pick(['', 'a', '../x.wav', 'x'.repeat(500), 'tone.txt', '\u0000.wav']);
      }
    }
    return copy;
  }

  /** The multipart body, written by hand so that it can also be broken on purpose. */
  function encode(parts: Part[], boundary: string): Buffer {
    const chunks: Buffer[] = [];
    for (const part of parts) {
      const filename = part.file ? `; filename="${part.file.filename}"` : '';
      const type = part.file ? `\r\nContent-Type: ${part.file.type}` : '';
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${filename}${type}\r\n\r\n`));
      chunks.push(part.file ? Buffer.from(part.file.bytes) : Buffer.from(part.value ?? ''));
      chunks.push(Buffer.from('\r\n'));
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    return Buffer.concat(chunks);
  }

  function breakBytes(body: Buffer, mutations: ReturnType<typeof seededMutations>): Buffer {
    const { next, pick } = mutations;
    if (next() >= 0.3) return body;
    const how = pick(['cut', 'no-close', 'garbage-header', 'lf-only']);
    if (how === 'cut') return body.subarray(0, Math.floor(body.length * next()));
    if (how === 'no-close') return body.subarray(0, body.length - 4);
    if (how === 'garbage-header') return Buffer.concat([Buffer.from('--b\r\nContent-Disposition: nonsense\r\n\r\nxx\r\n'), body]);
    return Buffer.from(body.toString('latin1').replaceAll('\r\n', '\n'), 'latin1');
  }

  const [first, last] = (process.env.SVC_FUZZ_SEEDS ?? '1-3').split('-').map(Number);
  for (let seed = first; seed <= (last ?? first); seed++) {
    test(`seed ${seed}: 40 mutated uploads to transcriptions and translations`, async () => {
      const mutations = seededMutations(seed);
      const faults: string[] = [];
      const statuses = new Map<number, number>();
      const logsBefore = harness.logLines.length;
      for (let sent = 0; sent < 40; sent++) {
        const form = mutations.pick(validForms);
        let parts = form.parts;
        const rounds = 1 + Math.floor(mutations.next() * 2);
        for (let round = 0; round < rounds; round++) parts = mutateParts(parts, mutations);
        const boundary = `svcfuzz${seed}x${sent}`;
        const declared = mutations.next() < 0.1 ? `${boundary}-wrong` : boundary;
        const body = breakBytes(encode(parts, boundary), mutations);
        const response = await fetch(`${harness.url}${form.path}`, { method: 'POST', headers: { authorization: `Bearer ${testMasterKey}`, 'content-type': `multipart/form-data; boundary=${declared}` }, body: new Uint8Array(body) });
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        const fault = answerFault(response.status, await response.text(), { forwardedRefusal: providerRefused });
        if (fault) faults.push(`${form.path} parts ${JSON.stringify(parts.map((part) => [part.name, part.value?.slice(0, 20) ?? `<file ${part.file?.filename.slice(0, 20)} ${part.file?.type} ${part.file?.bytes.length} B>`]))}\n  → ${fault}`);
      }
      assert.deepEqual(faults, [], `seed ${seed}: ${faults.length} uploads were not a success or svc's own 4xx`);
      assert.ok((statuses.get(200) ?? 0) > 0 && (statuses.get(400) ?? 0) > 0, JSON.stringify([...statuses]));
      await assertStillWell(harness, logsBefore);
    });
  }
});
