import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cuesIn } from './task-cues.js';
import { assertCue } from '../../../test/support/cue-assertions.js';

// The extraction family's cues (cues/extraction.ts).

test('what a given conversation says, asked of it, is an extraction; a conversation to write or to have is not', () => {
  for (const text of ['from the conversation below, work out what each person ordered.', 'from the chat above, find out when they agreed to meet', 'from the transcript below, list the action items']) {
    assert.ok(cuesIn(text).includes('extraction'), text);
  }
  for (const text of ['write a conversation between a cat and a dog', 'how do i start a conversation with my neighbour?']) assert.ok(!cuesIn(text).includes('extraction'), text);
});

test("given items returned as JSON, as an app's system prompt asks in Spanish, French, German, Chinese and Japanese, are an extraction", () => {
  for (const text of ['devuelve en json el nombre, el teléfono y la ciudad', 'renvoie en json la date et le lieu', 'gib die termine als json zurück', '提取订单号，用json返回', '日時と場所をjsonで返してください']) {
    assert.ok(cuesIn(text).includes('extraction'), text);
  }
  assert.ok(!cuesIn('escribe una función que devuelva un json').includes('extraction'));
});

test('German items listed from a text ("liste alle … auf", "zählen Sie alle … auf", "alle genannten") are extraction; a list lying on a table is not', () => {
  for (const text of ['liste aus dieser stellenanzeige alle geforderten qualifikationen stichpunktartig auf: wir suchen eine fachkraft', 'bitte liste alle termine aus der mail auf', 'zählen sie alle im vertrag erwähnten fristen auf', 'welche sind alle genannten städte?']) {
    assert.ok(cuesIn(text).includes('extraction'), text);
  }
  assert.deepEqual(cuesIn('die liste aller teilnehmer liegt auf dem tisch'), []);
  assert.deepEqual(cuesIn('ich habe eine liste mit allen terminen aufgestellt'), []);
});

test('what a given text mentions, asked in French, Spanish, German, Italian or Portuguese, is extraction', () => {
  for (const text of ['dans cet avis client, quels points positifs et négatifs sont mentionnés ?', '¿qué precios se mencionan en el texto?', 'welche fristen werden im vertrag genannt?', 'quali prodotti vengono menzionati?', 'quais datas são mencionadas no contrato?']) {
    assert.deepEqual(cuesIn(text), ['extraction'], text);
  }
  assert.deepEqual(cuesIn('wir werden das genannte problem lösen'), []);
});

test('Spanish "saca" as an order to pull items out is extraction; a fruit taken out of a box in a puzzle is not', () => {
  for (const text of ['sácame los números de teléfono de este texto', 'saca todas las fechas del correo']) assert.ok(cuesIn(text).includes('extraction'), text);
  assert.ok(!cuesIn('sacando una sola fruta de una caja, ¿cómo sé cuál es cuál?').includes('extraction'));
});

test('items got out of a given text are an extraction; a thing got out of a place is not', () => {
  assertCue('extraction', ['get all the hashtags out of this caption: #beach #summer', 'pull the dates out of this email', 'take every name out of the following list']);
  assert.ok(!cuesIn('how do i get a stain out of my shirt?').includes('extraction'));
});

test('fields listed from given documents in German, and French "récupère les…", are an extraction; a bike got back is not', () => {
  assertCue('extraction', ['geh die bewerbungen im ordner durch und liste name, e-mail und gewünschtes gehalt auf', 'récupère les coordonnées de tous les fournisseurs mentionnés dans ce dossier']);
  assert.deepEqual(cuesIn('il a récupéré son vélo'), []);
  // An e-mail named as a list's field is not one to write.
  assert.ok(!cuesIn('liste name, e-mail und gehalt auf').includes('writing'));
  assert.ok(cuesIn('write an email to my landlord').includes('writing'));
});
