import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decidePair, labelledPairs, type LabelledPair } from '../../../test/support/semantic-pairs.js';
import { localEmbedder } from './embedders.js';
import { editDistance, swappedOrDoubled } from './edit-distance.js';
import { guardConflict, leadingGuardConflict, leadingGuardKey } from './prompt-guards.js';
import { promptFeatures } from './text-features.js';

const pairs = labelledPairs();
const threshold = localEmbedder.defaultThreshold;

test('the labelled sets hold at least 400 pairs: typos, synonyms, reordered clauses and paraphrases, and near misses of every kind', () => {
  assert.ok(pairs.length >= 400, `${pairs.length} pairs`);
  const kinds = new Set(pairs.map((pair) => `${pair.label}:${pair.kind ?? 'paraphrase'}`));
  for (const kind of ['hit:typo', 'hit:synonym', 'hit:reorder', 'hit:paraphrase', 'miss:role_swap', 'miss:numbers', 'miss:entity', 'miss:negation', 'miss:scope', 'miss:language']) assert.ok(kinds.has(kind), kind);
});

test('no near miss is ever served from the cache at the default threshold (precision 100 %)', () => {
  const wrongHits = pairs.filter((pair) => pair.label === 'miss' && decidePair(pair, threshold).hit);
  assert.deepEqual(wrongHits.map((pair) => `${pair.kind}: ${pair.a} | ${pair.b}`), []);
});

test('the guards alone refuse every near miss, whatever the similarity', () => {
  const unguarded = pairs.filter((pair) => pair.label === 'miss' && decidePair(pair, 0).refusedBy === undefined);
  assert.deepEqual(unguarded.map((pair) => `${pair.kind}: ${pair.a} | ${pair.b}`), []);
});

test('the key kept beside a stored prompt refuses exactly what the guards refuse first, for the same reason', () => {
  let refusedOnTheKey = 0;
  for (const pair of pairs) {
    const [asked, stored] = [promptFeatures(pair.b), promptFeatures(pair.a)];
    const early = leadingGuardConflict(leadingGuardKey(asked), leadingGuardKey(stored));
    const full = guardConflict(asked, stored);
    if (early !== undefined) {
      refusedOnTheKey++;
      assert.equal(early, full, `${pair.a} | ${pair.b}`);
    } else assert.ok(full === undefined || !['numbers', 'negation', 'identifiers'].includes(full), `${pair.a} | ${pair.b}: ${full}`);
  }
  assert.ok(refusedOnTheKey >= 100, `${refusedOnTheKey} refused on the key`);
});

const served = (selection: readonly LabelledPair[]) => selection.filter((pair) => decidePair(pair, threshold).hit).length;

test('on the first two sets, recall stays above 85 % overall and above 50 % for each kind of rephrasing', (context) => {
  const hits = labelledPairs(['first', 'hard']).filter((pair) => pair.label === 'hit');
  context.diagnostic(`recall ${((100 * served(hits)) / hits.length).toFixed(1)} % (${served(hits)} of ${hits.length})`);
  assert.ok(served(hits) / hits.length >= 0.85, `recall ${served(hits)}/${hits.length}`);
  for (const kind of ['typo', 'synonym', 'reorder', 'paraphrase']) {
    const ofKind = hits.filter((pair) => (pair.kind ?? 'paraphrase') === kind);
    assert.ok(served(ofKind) / ofKind.length >= 0.5, `${kind}: ${served(ofKind)}/${ofKind.length}`);
  }
});

test("on the fresh set, whose rephrasings change most of their words, recall stays at the issue's 60 %", (context) => {
  // Lower than the first sets': a word may only stand for its WordNet synonyms or a listed group, never for a word
  // merely used alike (the figure is printed below and in bench/README.md).
  const hits = labelledPairs(['fresh']).filter((pair) => pair.label === 'hit');
  context.diagnostic(`recall ${((100 * served(hits)) / hits.length).toFixed(1)} % (${served(hits)} of ${hits.length})`);
  assert.ok(served(hits) / hits.length >= 0.6, `recall ${served(hits)}/${hits.length}`);
});

test('each guard names its reason', () => {
  const reason = (a: string, b: string) => guardConflict(promptFeatures(a), promptFeatures(b));
  assert.equal(reason('Convert 100 dollars to euros', 'Convert 200 dollars to euros'), 'numbers');
  assert.equal(reason('Is it safe to eat raw eggs?', 'Is it not safe to eat raw eggs?'), 'negation');
  assert.equal(reason('Turn left at the light', 'Turn right at the light'), 'antonym');
  assert.equal(reason('Translate hello into German', 'Translate hello into Italian'), 'language');
  assert.equal(reason('Give it to me as JSON', 'Give it to me as YAML'), 'format');
  assert.equal(reason('What does getUserById do?', 'What does getUserByName do?'), 'identifiers');
  assert.equal(reason('What is the capital of France?', 'What is the capital of Spain?'), 'entity');
  assert.equal(reason('Who wrote Hamlet?', 'When was Hamlet written?'), 'question');
  assert.equal(reason('Flights from Paris to Rome', 'Flights from Rome to Paris'), 'word order');
  assert.equal(reason('Is Alice older than Bob?', 'Is Bob older than Alice?'), 'word order');
  assert.equal(reason('What is the capital of France?', "what's the capital of france"), undefined);
  assert.equal(reason('How do I read a CSV file in Python?', 'In Python, how do I read a CSV file?'), undefined);
  assert.equal(reason('Where can I buy cheap flights?', 'Where can I purchase cheap flights?'), undefined);
  assert.equal(reason('How do I reverse a list in Python?', 'How do I reverse a list in Pyhton?'), undefined);
  assert.equal(reason('Why is the sky blue?', 'Why is teh sky blue?'), undefined, 'a misspelt filler');
  assert.equal(reason('How do I merge my list with Go?', 'How do I merge my list with AWS?'), 'entity', 'a name is never a misspelt filler');
  assert.notEqual(reason('What is the half-life of carbon-14?', 'What is the half-life of carbon-12?'), undefined, 'a misspelling never changes a number');
  assert.notEqual(reason('What is a delegate in C#?', 'What is a delegate in C?'), undefined, 'C# is not C');
  assert.equal(reason('What is a delegate in C#?', 'what is a delegate in c#'), undefined);
  assert.notEqual(reason('How is hypotension treated?', 'How is hypertension treated?'), undefined, 'two real words, however rare, are not a misspelling');
  assert.notEqual(reason('Why is nitrite added to cured meat?', 'Why is nitrate added to cured meat?'), undefined);
  assert.equal(reason('How do I install numpy on Windows?', 'How do I instal numpy on Windows?'), undefined, 'a British spelling');
  assert.notEqual(reason('日本の首都はどこですか？', '中国の首都はどこですか？'), undefined, 'no misspellings between words that are not English');
  assert.equal(reason('Must I file a tax return?', 'May I file a tax return?'), 'modal');
  assert.equal(reason('Can I freeze cooked rice?', 'Should I freeze cooked rice?'), 'modal');
  assert.equal(reason('How can I freeze cooked rice?', 'How do I freeze cooked rice?'), undefined, 'how can I and how do I ask alike');
  assert.equal(reason('What is the difference between == and === in JavaScript?', 'What is the difference between = and == in JavaScript?'), 'identifiers');
  assert.equal(reason('Translate to French: I love you', 'Translate to French: I loved you'), 'content');
  assert.equal(reason("Translate to French: 'I love you'", 'Translate to French: I love you'), undefined);
  assert.notEqual(reason('Who was Lincoln killed by?', 'Who did Lincoln kill?'), undefined, 'the passive names who acts');
  assert.equal(reason("What's the population of Georgia the country?", "What's the population of Georgia the state?"), 'scope');
  assert.equal(reason('What does the -l flag do in ls?', 'What does the -L flag do in ls?'), 'identifiers', 'flags keep their case');
  assert.equal(reason('What is the third largest country?', 'What is the 3rd largest country?'), undefined, 'an ordinal either way');
  assert.equal(reason('What is the third largest country?', 'What is the fourth largest country?'), 'numbers');
  assert.equal(reason("What's the difference between a crocodile and an alligator?", "What's the difference between an alligator and a crocodile?"), undefined, 'X and Y ask what Y and X ask');
  assert.equal(reason('Should I learn Python or JavaScript first?', 'Should I learn JavaScript or Python first?'), undefined);
  assert.equal(reason('How do I install Node.js on Ubuntu?', 'How do I install Nodejs on Ubuntu?'), undefined, 'a JavaScript project is named as words');
  assert.notEqual(reason('How do I install Node.js on Ubuntu?', 'How do I install Vue.js on Ubuntu?'), undefined);
  assert.equal(reason('What should I do if I lose my wallet?', 'What do I do if I lost my wallet?'), undefined, 'an irregular past form is its verb');
  assert.equal(reason('Who won the 2018 World Cup?', 'Who will win the 2018 World Cup?'), 'tense', 'the auxiliary still marks the tense');
  assert.notEqual(reason('Turn left at the church', 'Leave at the church'), undefined, '"left" the direction is not a form of "leave"');
});

test('typos are measured in edits, an adjacent swap counting one', () => {
  assert.equal(editDistance('pyhton', 'python', 2), 1);
  assert.equal(editDistance('recieve', 'receive', 2), 1);
  assert.equal(editDistance('capitol', 'capital', 2), 1);
  assert.equal(editDistance('kitten', 'sitting', 5), 3);
  assert.equal(editDistance('austria', 'australia', 5), 2);
  assert.ok(editDistance('dessert', 'elephant', 1) > 1, 'stops early above the limit');
});

test('a website or software name is never a slip of the word it is a letter from, but can be misspelt itself', () => {
  const reason = (a: string, b: string) => guardConflict(promptFeatures(b), promptFeatures(a));
  // Lower-case names one letter from a word (lexicon/site-names.txt): two things, whatever the similarity.
  for (const [a, b] of [
    ['what is venmo', 'what is venom'],
    ['how much does a lyft to the airport cost', 'how much does a lift to the airport cost'],
    ['what is magento', 'what is a magneto'],
    ['how do I get an orcid', 'how do I get an orchid'],
    ['how do I export a design from canva', 'how do I export a design from canvas'],
  ]) assert.notEqual(reason(a, b), undefined, `${a} / ${b}`);
  // A name misspelt: a swap or a doubled letter in a short name, any slip in a long one.
  for (const [a, b] of [
    ['how do I transfer money with venmo', 'how do I transfer money with vemno'],
    ['How do I deploy to Vercel?', 'How do I deploy to Vercell?'],
    ['Is Nginx faster than Apache?', 'Is Ngnix faster than Apache?'],
    ['how do I delete my instagram account', 'how do I delete my instagarm account'],
  ]) assert.equal(reason(a, b), undefined, `${a} / ${b}`);
  // A short name with a letter left out may be another name.
  assert.notEqual(reason('Is Figma free?', 'Is Figa free?'), undefined);
});

test('the slips a name is typed with: two neighbouring letters swapped, or one letter typed twice', () => {
  assert.equal(swappedOrDoubled('ngnix', 'nginx'), true);
  assert.equal(swappedOrDoubled('vercell', 'vercel'), true);
  assert.equal(swappedOrDoubled('vercel', 'vercell'), true);
  assert.equal(swappedOrDoubled('vveb', 'veb'), true);
  assert.equal(swappedOrDoubled('figa', 'figma'), false, 'a letter left out that was not doubled');
  assert.equal(swappedOrDoubled('lift', 'lyft'), false, 'a letter changed');
  assert.equal(swappedOrDoubled('abcd', 'abdc'), true);
  assert.equal(swappedOrDoubled('abcd', 'abcd'), false, 'no slip at all');
});

test('a synonym stands in only where its sense is pinned: WordNet senses the prompt may not mean are refused', () => {
  const decide = (a: string, b: string) => decidePair({ a, b, label: 'miss' }, localEmbedder.defaultThreshold);
  // Both words common, sharing only a sense the prompt does not mean.
  for (const [a, b] of [
    ['How do I get a date for prom?', 'How do I get an appointment for prom?'],
    ['How do I catch a fish?', 'How do I get a fish?'],
    ['How do I change a flat tire?', 'How do I alter a flat tire?'],
    ['What is the interest rate on a savings account?', 'What is the involvement rate on a savings account?'],
    ['What is the best way to store bread?', 'What is the best way to shop bread?'],
    ['How do I run a marathon?', 'How do I operate a marathon?'],
  ]) assert.equal(decide(a, b).hit, false, `${a} / ${b}`);
  // One word of few senses pins the other's.
  for (const [a, b] of [
    ['Where can I buy cheap headphones?', 'Where can I purchase cheap headphones?'],
    ['What is a good movie for tonight?', 'What is a good film for tonight?'],
  ]) assert.equal(decide(a, b).hit, true, `${a} / ${b}`);
});

test('a number is read with its thousands separators: "10,000" is 10000, "2,5" two and a half', () => {
  assert.deepEqual(promptFeatures('How many calories does walking 10,000 steps burn?').numbers, ['10000']);
  assert.deepEqual(promptFeatures('Is 1,250,000.50 dollars a lot?').numbers, ['1250000.50']);
  assert.deepEqual(promptFeatures('Add 2,5 kg of flour').numbers, ['2.5']);
});

test('a number hyphenated to the words it measures is read apart from them: "a 10-year-old boy" is "a 10 year old boy"', () => {
  assert.equal(promptFeatures('a gift for a 10-year-old boy').normalized, 'a gift for a 10 year old boy');
  assert.deepEqual(promptFeatures('a 3-day trip').numbers, ['3']);
  // Codes keep their hyphens: a name before the number, or a number after it.
  assert.equal(promptFeatures('is covid-19 a virus').normalized, 'is covid-19 a virus');
  assert.match(promptFeatures('call 1-800-flowers').normalized, /1-800/);
});

test('a negation typed without its apostrophe is a negation: "dont", "cant", "wont"; "cat" and "want" are not', () => {
  assert.deepEqual(promptFeatures('Why wont my car start?').negations, ['not']);
  assert.deepEqual(promptFeatures('I dont know why I cant sleep').negations, ['not', 'not']);
  assert.deepEqual(promptFeatures('Why does my cat want to sleep?').negations, []);
  assert.equal(guardConflict(promptFeatures('Why does my car start in the cold?'), promptFeatures('Why wont my car start in the cold?')), 'negation');
});
