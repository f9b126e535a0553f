import assert from 'node:assert/strict';
import { test } from 'node:test';
import { englishLexicon } from './lexicon.js';

test('base forms: -ies and -ied on a two-letter stem, -oes, and the rules that were there', () => {
  const lexicon = englishLexicon();
  const cases: Array<[string, string]> = [
    ['flies', 'fly'],
    ['cried', 'cry'],
    ['skies', 'sky'],
    ['tomatoes', 'tomato'],
    ['heroes', 'hero'],
    ['shoes', 'shoe'],
    ['cities', 'city'],
    ['stores', 'store'],
    ['running', 'run'],
    // A two-letter stem before -ing is still refused: `bring` is not `br` + ing.
    ['bring', 'bring'],
  ];
  assert.deepEqual(cases.map(([word]) => [word, lexicon.lemma(word)]), cases);
});

test('a misspelling is corrected to the word one slip away: swapped, left out or doubled letters, the first letter kept', () => {
  const lexicon = englishLexicon();
  const cases: Array<[string, string | undefined]> = [
    ['calcualte', 'calculate'],
    ['cirlce', 'circle'],
    // A letter left out before the more frequent word a letter changed would give: `later`, `rout`, `angel`.
    ['leter', 'letter'],
    ['routr', 'router'],
    ['ankel', 'ankle'],
    ['acount', 'account'],
    ['committ', 'commit'],
    // A letter changed is not tried (`prepaid` is one letter from it), nor a first letter.
    ['prepair', undefined],
    ['rpint', undefined],
    // Words, short words, names with digits are left alone.
    ['manger', undefined],
    ['teh', undefined],
    ['gpt4o', undefined],
  ];
  assert.deepEqual(cases.map(([word]) => [word, lexicon.correction(word)]), cases);
});

test('no correction adds a final "s" or drops a final vowel: those are names coined from words', () => {
  const lexicon = englishLexicon();
  assert.equal(lexicon.correction('matcha'), undefined);
  assert.notEqual(lexicon.correction('canva'), 'canvas');
  assert.equal(lexicon.correction('freez'), 'freeze');
  assert.equal(lexicon.correction('delet'), 'delete');
});

test('the names of the most visited websites are words, and names: never corrected into the word they are a letter from', () => {
  const lexicon = englishLexicon();
  for (const name of ['venmo', 'lyft', 'flickr', 'tumblr', 'patreon', 'magento', 'desmos', 'klook']) {
    assert.equal(lexicon.isWord(name), true, name);
    assert.equal(lexicon.isName(name), true, name);
    assert.equal(lexicon.correction(name), undefined, name);
  }
  // English words are not names, even when a site is called so; misspellings are neither.
  for (const word of ['booking', 'venom', 'lift', 'pyhton', 'vemno']) assert.equal(lexicon.isName(word), false, word);
  assert.equal(lexicon.correction('vemno'), undefined, 'a misspelt name is not corrected into a word');
});

test('a prompt of many misspellings has the first few corrected: the search is bounded per prompt', async () => {
  const { withMisspellingsCorrected } = await import('./misspellings.js');
  const lexicon = englishLexicon();
  // Ten misspellings no other test reads, each one slip from a word.
  const typed = 'gardne fmaily hosue mnoey sumemr wtaer pepole oragne yelow palnet';
  const corrected = withMisspellingsCorrected(typed, new Set(), lexicon).split(' ');
  assert.deepEqual(corrected.slice(0, 8), ['garden', 'family', 'house', 'money', 'summer', 'water', 'people', 'orange']);
  assert.deepEqual(corrected.slice(8), ['yelow', 'palnet']);
  // Once found, a correction is free: the next prompt has it whatever its length.
  assert.equal(withMisspellingsCorrected('sumemr', new Set(), lexicon), 'summer');
});
