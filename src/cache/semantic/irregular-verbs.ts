/**
 * Past forms of English irregular verbs, read as the verb (`lost` → lose, `bought` → buy): the suffix rules of
 * lexicon.ts find `stopped` and `tried` but not these, and WordNet's own exception lists are not in the package
 * the lexicon is built from. "What do I do if I lost my wallet?" asks what "… if I lose my wallet?" asks; a tense
 * that changes the question is marked by its auxiliary ("did", "will": text-features.ts), not by the verb.
 * Forms that are also words of their own are left out: left (the direction), found, saw, lay, rose, felt, ground,
 * bore, fell, wound, spoke, bit, lit, shot, drunk, bound, did and had (fillers), and born.
 */
const pastForms: ReadonlyArray<[verb: string, forms: string]> = [
  ['lose', 'lost'],
  ['go', 'went gone'],
  ['eat', 'ate eaten'],
  ['take', 'took taken'],
  ['give', 'gave given'],
  ['buy', 'bought'],
  ['sell', 'sold'],
  ['think', 'thought'],
  ['bring', 'brought'],
  ['teach', 'taught'],
  ['catch', 'caught'],
  ['run', 'ran'],
  ['begin', 'began begun'],
  ['break', 'broke broken'],
  ['choose', 'chose chosen'],
  ['drive', 'drove driven'],
  ['write', 'wrote written'],
  ['spend', 'spent'],
  ['send', 'sent'],
  ['build', 'built'],
  ['keep', 'kept'],
  ['sleep', 'slept'],
  ['pay', 'paid'],
  ['say', 'said'],
  ['tell', 'told'],
  ['win', 'won'],
  ['know', 'knew known'],
  ['grow', 'grew grown'],
  ['throw', 'threw thrown'],
  ['fly', 'flew flown'],
  ['forget', 'forgot forgotten'],
  ['freeze', 'froze frozen'],
  ['hide', 'hid hidden'],
  ['mean', 'meant'],
  ['meet', 'met'],
  ['steal', 'stole stolen'],
  ['swim', 'swam swum'],
  ['sing', 'sang sung'],
  ['drink', 'drank'],
  ['understand', 'understood'],
  ['wake', 'woke woken'],
  ['wear', 'wore worn'],
  ['become', 'became'],
  ['come', 'came'],
  ['make', 'made'],
  ['get', 'got gotten'],
  ['hear', 'heard'],
  ['hold', 'held'],
  ['fight', 'fought'],
  ['seek', 'sought'],
  ['forgive', 'forgave forgiven'],
  ['hang', 'hung'],
  ['shake', 'shook shaken'],
  ['stick', 'stuck'],
  ['strike', 'struck'],
  ['swear', 'swore sworn'],
  ['feed', 'fed'],
  ['lend', 'lent'],
  ['bend', 'bent'],
];

const verbOfPastForm = new Map<string, string>();
for (const [verb, forms] of pastForms) for (const form of forms.split(' ')) verbOfPastForm.set(form, verb);

/** The verb a past form belongs to, or undefined. */
export function verbOfIrregularForm(word: string): string | undefined {
  return verbOfPastForm.get(word);
}
