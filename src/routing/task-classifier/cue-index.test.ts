import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CueIndex } from './cue-index.js';

const index = new CueIndex(['code', 'math', 'chat'], {
  code: ['regex', 'c++', 'go ', /code(?<!dress code)/, '代码'],
  math: ['solve', '%', '求解'],
  chat: ['hi '],
});
const held = (text: string) => index.families.filter((_, at) => index.holds(text)[at]);

test('a cue in an alphabet is matched at a word start and may run on into an inflection', () => {
  assert.deepEqual(held('solves the regexes'), ['code', 'math']);
  assert.deepEqual(held('resolve this'), []);
  assert.deepEqual(held('3regex'), ['code']);
  assert.deepEqual(held('in c++ please'), ['code']);
});

test('a cue written with a trailing space is a whole word', () => {
  assert.deepEqual(held('hi there'), ['chat']);
  assert.deepEqual(held('history'), []);
  assert.deepEqual(held('go'), ['code']);
  assert.deepEqual(held('good'), []);
});

test('a cue given as a RegExp leaves out what its pattern leaves out', () => {
  assert.deepEqual(held('the code is wrong'), ['code']);
  assert.deepEqual(held('the dress code'), []);
});

test('CJK cues and cues opening with a symbol are matched anywhere; a letter outside the BMP is a letter', () => {
  assert.deepEqual(held('请帮我看看这段代码'), ['code']);
  assert.deepEqual(held('方程求解'), ['math']);
  assert.deepEqual(held('what is 15% of 80'), ['math']);
  assert.deepEqual(held('𝐀regex'), []);
  assert.deepEqual(held('😀regex'), ['code']);
});

test('cues that share their opening are each found, however long, and a text that ends inside one holds none of it', () => {
  const shared = new CueIndex(['short', 'long', 'pattern'], {
    short: ['co ', 'conv'],
    long: ['convert', 'conversation analysis', 'cona'],
    pattern: [/co(?:de|re)s?(?!\p{L})/u],
  });
  const of = (text: string) => shared.families.filter((_, at) => shared.holds(text)[at]);
  assert.deepEqual(of('co'), ['short']);
  assert.deepEqual(of('con'), []);
  assert.deepEqual(of('conv'), ['short']);
  assert.deepEqual(of('please convert it'), ['short', 'long']);
  assert.deepEqual(of('a conversation analysis'), ['short', 'long']);
  assert.deepEqual(of('conan'), ['long']);
  assert.deepEqual(of('core code'), ['pattern']);
  assert.deepEqual(of('cores'), ['pattern']);
  assert.deepEqual(of('corey'), []);
});

test('a cue in an alphabet must open with two characters, a pattern with two letters', () => {
  assert.throws(() => new CueIndex(['x'], { x: ['a'] }), /two characters/);
  assert.throws(() => new CueIndex(['x'], { x: [/a(?:b|c)/] }), /two characters/);
});

test('a cue another of its family always matches, or one listed twice, is refused when the index is built', () => {
  assert.throws(() => new CueIndex(['code'], { code: ['sql', 'sqlite'] }), /'sqlite' is always matched by 'sql'/);
  assert.throws(() => new CueIndex(['x'], { x: ['表に', '表にして'] }), /'表にして' is always matched by '表に'/);
  assert.throws(() => new CueIndex(['x'], { x: ['poem', 'poem'] }), /listed twice/);
  // A whole word does not cover a longer word, nor a word cue one matched anywhere.
  assert.doesNotThrow(() => new CueIndex(['x'], { x: ['go ', 'golang', 'rust', '用rust', 'hi ', 'hire'] }));
  assert.throws(() => new CueIndex(['x'], { x: ['hi', 'hi '] }), /'hi ' is always matched by 'hi'/);
  assert.doesNotThrow(() => new CueIndex(['x', 'y'], { x: ['sql'], y: ['sqlite'] }));
});

test("a family's anywhere cues are joined into one pattern: a numbered backreference is refused, a named one kept", () => {
  assert.throws(() => new CueIndex(['x'], { x: ['%', /(\p{Script=Katakana}+)は\1でも/u] }), /must name its backreferences/);
  assert.throws(() => new CueIndex(['x'], { x: [{ withDigit: '(a)b\\1' }] }), /must name its backreferences/);
  const named = new CueIndex(['x'], { x: [/(?<w>[ab])c/, /(?<word>\p{Script=Katakana}+)は\k<word>でも/u] });
  assert.deepEqual(named.holds('パンはパンでも'), [true]);
  assert.deepEqual(named.holds('パンはケーキでも'), [false]);
});

test('a Latin word written against Chinese, Japanese or Korean text starts, and ends, where the script changes', () => {
  assert.deepEqual(held('用regex匹配邮箱'), ['code']);
  assert.deepEqual(held('このregexを直して'), ['code']);
  assert.deepEqual(held('go로 서버를 만들고 싶어'), ['code']);
  assert.deepEqual(held('我想用go写'), ['code']);
  // Inside a Latin word nothing changes: "ago" holds no "go ", "higo" no "hi ".
  assert.deepEqual(held('long ago'), []);
  assert.deepEqual(held('higo'), []);
});

test('a cue written with accents is also found without them, unless the family refuses that spelling', () => {
  const accented = new CueIndex(['analysis', 'writing'], { analysis: ['qué es mejor', 'análisis'], writing: ['écris', 'poème', 'scénario'] }, (variant) => variant.trim() !== 'scenario');
  const found = (text: string) => accented.families.filter((_, at) => accented.holds(text)[at]);
  assert.deepEqual(found('que es mejor, aws o gcp?'), ['analysis']);
  assert.deepEqual(found('un analisis de ventas'), ['analysis']);
  assert.deepEqual(found('ecris un poeme'), ['writing']);
  // A stem shorter than six letters is looked for without accents as a whole word only.
  assert.deepEqual(found('ecrise'), []);
  assert.deepEqual(found('in this scenario'), []);
  assert.deepEqual(found('le scénario du film'), ['writing']);
});

test('a cue accented on its last syllable is found without the accent as a whole word only: "funcion", not "funciona"', () => {
  const accented = new CueIndex(['code'], { code: ['función', 'código'] });
  const found = (text: string) => accented.families.filter((_, at) => accented.holds(text)[at]);
  assert.deepEqual(found('una funcion que ordene la lista'), ['code']);
  assert.deepEqual(found('como funciona la inflacion'), []);
  // An accent earlier in the word leaves a stem that runs on into its inflections.
  assert.deepEqual(found('los codigos de error'), ['code']);
});

test('a digit cue holds only beside a digit of the text, at a word start in an alphabet and anywhere in Chinese or Japanese', () => {
  const measures = new CueIndex(['math'], { math: [{ withDigit: 'radius|area of' }, { withDigit: '有多' }] });
  const heldBy = (text: string) => measures.holds(text)[0];
  assert.equal(heldBy('a circle of radius 5 cm'), true);
  assert.equal(heldBy('the area of a 3 m square'), true);
  assert.equal(heldBy('what is the radius of the earth?'), false);
  assert.equal(heldBy('the ultraradius of 5 rings'), false);
  assert.equal(heldBy('这条河有多深？它宽30米'), true);
  assert.equal(heldBy('这条河有多深？'), false);
  // A digit written as a full-width or Arabic-Indic numeral is not one (as \d reads them).
  assert.equal(heldBy('a circle of radius ５ cm'), false);
});

test('a pattern opening at a word start is looked up there, each branch of its opening group as a cue of its own', () => {
  const patterns = new CueIndex(['translation', 'writing', 'math'], {
    translation: [/\binto (?:formal )?(?:english|german)\b|\b(?:in|auf) (?:english|englisch)\b(?! please)|["“].{1,20}?["”]\s*什么意思/u],
    writing: [/(?<!\p{L})(?:a|my|short) bio\b/u],
    math: [/(?:19|20)\d\d年(?:時点|現在)|(?:レビュー|口コミ)を評価/u],
  });
  const found = (text: string) => patterns.families.filter((_, at) => patterns.holds(text)[at]);
  assert.deepEqual(found('put this into formal english'), ['translation']);
  assert.deepEqual(found('say it in english'), ['translation']);
  assert.deepEqual(found('sag es auf englisch'), ['translation']);
  assert.deepEqual(found('say it in english please'), []);
  // Not inside a word: "within english", "abio".
  assert.deepEqual(found('within english'), []);
  assert.deepEqual(found('write a bio for me'), ['writing']);
  assert.deepEqual(found('write abio for me'), []);
  // A Latin word written against Japanese starts a word, as for any word cue.
  assert.deepEqual(found('この文をin englishで'), ['translation']);
  // What must be tried anywhere still is, in every script a text may be written in.
  assert.deepEqual(found('"carpe diem"什么意思'), ['translation']);
  assert.deepEqual(found('2020年時点の人口'), ['math']);
  assert.deepEqual(found('口コミを評価して'), ['math']);
  assert.deepEqual(found('café 2020年現在'), ['math']);
});
