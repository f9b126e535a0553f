/**
 * Words read as one word (the first of each group): spellings WordNet does not link (typos of common words,
 * American/British forms), and words asked alike that it does not link or that the sense rule (lexicon.ts) keeps
 * apart. Each group was probed with near misses around it (bench/README.md).
 */
const wordGroups = [
  ['capital', 'capitol'],
  ['color', 'colour'],
  ['center', 'centre'],
  ['favorite', 'favourite'],
  // Verbs asked alike that WordNet does not link (or links only through senses used apart).
  ['remove', 'delete', 'erase', 'eliminate'],
  ['choose', 'pick', 'select'],
  ['iterate', 'loop'],
  ['reduce', 'lower', 'decrease', 'lessen'],
  ['exit', 'quit', 'shutdown'],
  ['symptom', 'sign'],
  ['child', 'kid', 'children', 'kids'],
  ['mother', 'mom', 'mum'],
  ['father', 'dad'],
  // Synonyms of many senses each, which the sense rule no longer lets stand in for each other, but which mean
  // the same in the questions people ask.
  ['start', 'begin'],
  // "Is it normal for a newborn to…" / "Is it typical for…" (round 51).
  ['normal', 'typical'],
  // "Undo the last commit" / "revert the last commit" (round 52).
  ['undo', 'revert'],
  ['big', 'large'],
  ['fix', 'repair', 'mend'],
  ['write', 'compose'],
  ['speak', 'talk'],
  ['merge', 'combine'],
  ['help', 'assist'],
  ['error', 'mistake'],
  ['boss', 'manager'],
  ['abroad', 'overseas'],
  ['unblock', 'unclog'],
  ['dangerous', 'risky'],
  ['marijuana', 'cannabis', 'weed'],
  ['bicycle', 'bike'],
  ['create', 'make'],
  ['advantage', 'benefit'],
  // Everyday nouns and adjectives asked alike, each probed with near misses around it (round 26).
  ['gift', 'present'],
  ['colleague', 'coworker', 'co-worker'],
  ['faucet', 'tap'],
  ['thaw', 'defrost', 'unfreeze'],
  ['rude', 'impolite'],
  ['trip', 'journey'],
  ['expense', 'expenses', 'spending', 'expenditure'],
  // British spellings that are words of their own, so never taken for misspellings.
  ['install', 'instal'],
  ['enroll', 'enrol'],
  ['fulfill', 'fulfil'],
  ['tire', 'tyre'],
  ['gray', 'grey'],
  ['license', 'licence'],
  ['defense', 'defence'],
  ['catalog', 'catalogue'],
  ['program', 'programme'],
  ['aluminum', 'aluminium'],
  ['computer', 'pc'],
  ['password', 'passcode'],
  ['summarize', 'summarise', 'summary'],
  ['meaning', 'mean', 'definition', 'define'],
  ['difference', 'differ'],
  ['translate', 'translation'],
  // "How to reverse a string in JS?" (round 57).
  ['javascript', 'js'],
  // Round 61: "eat veggies" / "eat vegetables", "my back aches" / "hurts".
  ['vegetable', 'veggie', 'veggies'],
  ['hurt', 'ache'],
  // Round 68: "clean / wash a cast iron pan", "what causes / triggers hiccups", "is coffee bad / harmful for…".
  ['clean', 'wash'],
  ['cause', 'trigger'],
  ['bad', 'harmful'],
  // Round 70: "how does caffeine effect sleep" is the everyday misspelling; "the effect of X on Y" asks how X affects Y.
  ['affect', 'effect'],
  // Round 74: "how can I be a good / great geologist"; round 120: "a good / nice gift for a retiring coworker".
  ['good', 'great', 'nice'],
  // Round 123: a plain word and its formal synonym, which WordNet links only through senses the sense rule refuses
  // ("what do I need / require to open an account", "change / modify my email"; not "alter": "alter a flat tire" is
  // not changing it). "Assist" and "reply to", whose plain words are fillers, are rewritten to them instead.
  ['need', 'require'],
  ['change', 'modify'],
  ['huge', 'enormous', 'massive'],
  // Round 79: "why is my dog shaking / trembling" (WordNet keeps the -ing forms as nouns), "easy / simple dinner ideas".
  ['shake', 'tremble', 'shaking', 'trembling'],
  ['easy', 'simple'],
  // Round 89: units and their abbreviations ("how many oz are in a cup"), plurals listed: the lexicon does not bring
  // each to its word (`feet`, `centimetres`, `milliliters` stay as written).
  ['ounce', 'oz', 'ounces'],
  ['pound', 'lb', 'lbs', 'pounds'],
  ['kilogram', 'kg', 'kgs', 'kilograms'],
  ['kilometer', 'km', 'kms', 'kilometers', 'kilometre', 'kilometres'],
  ['centimeter', 'cm', 'centimeters', 'centimetre', 'centimetres'],
  ['millimeter', 'mm', 'millimeters', 'millimetre', 'millimetres'],
  ['milliliter', 'ml', 'milliliters', 'millilitre', 'millilitres'],
  ['teaspoon', 'tsp', 'teaspoons'],
  ['tablespoon', 'tbsp', 'tablespoons'],
  ['foot', 'ft', 'feet'],
  ['gallon', 'gal', 'gallons'],
  // Round 91: "convince / persuade my parents".
  ['convince', 'persuade'],
  // Round 94: "find / locate big files", "a directory / folder".
  ['find', 'locate'],
  ['folder', 'directory'],
  // Round 102: "a list of dicts".
  ['dictionary', 'dict', 'dicts', 'dictionaries'],
  // Round 104: "sleep thru the night".
  ['through', 'thru'],
  // Round 113: "convert a string to an int / integer".
  ['integer', 'int', 'integers', 'ints'],
  // Round 106: single words swapped for one that means the same in the question ("a strange / weird noise", "end /
  // finish a conversation", "raw / uncooked salmon", "a torn / ripped jacket").
  ['strange', 'weird'],
  ['end', 'finish'],
  ['raw', 'uncooked'],
  ['torn', 'ripped'],
];
export const groupWord = new Map<string, string>();
for (const group of wordGroups) for (const word of group) groupWord.set(word, group[0]);

/** The first word of the listed group a word (as written, lower case) belongs to: what the built-in embedder reads for it. */
export function listedGroupOf(word: string): string | undefined {
  return groupWord.get(word);
}

/**
 * Words WordNet puts in one synset that questions ask apart (base forms): "can pizza boxes be recycled?" is not
 * "… reused?" (round 67).
 */
const keptApartPairs: Array<[string, string]> = [['recycle', 'reuse']];
const keptApartSet = new Set(keptApartPairs.flatMap(([left, right]) => [`${left}|${right}`, `${right}|${left}`]));

/** Whether two synonyms (base forms) are asked apart all the same. */
export function keptApart(left: string, right: string): boolean {
  return keptApartSet.has(`${left}|${right}`);
}
