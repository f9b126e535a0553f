import { test } from 'node:test';
import assert from 'node:assert/strict';
import { wavTone } from '../../test/support/audio-files.js';
import { audioDurationSeconds, estimatedSeconds, plausibleSeconds } from './audio-duration.js';

test('a WAV lasts its data size over its byte rate', async () => {
  assert.equal(await audioDurationSeconds(wavTone(3), 'wav'), 3);
});

test('a WAV whose header claims a byte rate no audio has is not measured (it would bill a 2-second file as 9 hours)', async () => {
  const lying = wavTone(2);
  lying.writeUInt32LE(2, 28); // bytes a second: 64,000 bytes of samples would be 32,000 s
  assert.equal(await audioDurationSeconds(lying, 'wav'), undefined);
});

test('a duration is plausible when the file holds at least 400 bytes for each second of it', () => {
  assert.equal(plausibleSeconds(60, 24_000), 60);
  assert.equal(plausibleSeconds(61, 24_000), undefined);
  for (const absurd of [1e308, -1, Number.NaN, Number.POSITIVE_INFINITY]) assert.equal(plausibleSeconds(absurd, 25_000_000), undefined, String(absurd));
  assert.equal(plausibleSeconds(undefined, 25_000_000), undefined);
});

test('nothing measured: a file is estimated at 128 kbps', () => {
  assert.equal(estimatedSeconds(960_000), 60);
});
