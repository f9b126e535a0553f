import { withinEdits } from './edit-distance.js';
import { englishLexicon } from './lexicon.js';
import { languageNames } from './language-names.js';
import { ordinalDigitsOf } from './number-forms.js';

/**
 * Question forms that ask the same thing in other words, rewritten to one form before the words are compared (on
 * lower-case text with contractions expanded), at the start of the prompt or after a comma ("please, what is…").
 * Each holds the whole question, so that nothing around it changes meaning: "what is the *cheapest* way to X" keeps
 * its criterion ("X cheaply"), "is X different from Y?" (yes or no) is not "how is X different from Y?". Each was
 * probed with near misses around it (bench/README.md, probe rounds 27 onwards).
 *
 * A rewrite is [a text or pattern the question must hold for it to be tried (a cheap test first: most prompts
 * match none), pattern, replacement].
 */
type Rewrite = [string | RegExp, RegExp, string | ((match: string, ...groups: string[]) => string)];

/** "prevented" → "stopped": the ending of "stop" for each ending of the verb it replaces ("ting" of "getting", "quitting"). */
const stopEndings: Record<string, string> = { s: 's', ed: 'ped', ped: 'ped', ing: 'ping', ping: 'ping', ting: 'ping' };

/** "…so my dog does not bark" → "how do I stop my dog barking": the asker stopping a thing from acting. */
const asStopping = (_: string, start: string, person: string, thing: string, act: string) => `${start}how do ${person} stop ${thing} ${inflected(act, 'ing')}`;

/** "A polite way to…" does it politely. */
const mannerAdverbs: Record<string, string> = { polite: 'politely', easy: 'easily', simple: 'simply', safe: 'safely', quick: 'quickly', quiet: 'quietly', natural: 'naturally', legal: 'legally', healthy: 'healthily' };

/** "…a polite way to decline an offer?" → "…how do i decline an offer politely?". */
const inManner = (_: string, start: string, manner: string, act: string, end: string) => `${start}how do i ${act} ${mannerAdverbs[manner]}${end}`;
const manners = Object.keys(mannerAdverbs).join('|');

/**
 * `verb` with the ending the rewritten verb had ("turned" → "converted", "getting" → "removing"): -s, -ed, -ing
 * ("ting" of "getting", "putting" is -ing); a final "e" is dropped before -ed and -ing.
 */
function inflected(verb: string, ending = ''): string {
  if (ending === '' || ending === 's') return verb + ending;
  const stem = verb.endsWith('e') ? verb.slice(0, -1) : verb;
  return ending === 'ed' ? `${stem}ed` : `${stem}ing`;
}

/** Comparatives a "then" after which is the typo of "than" (a list: "register then", "offer then" are no typos). */
const comparatives = [
  'better', 'worse', 'faster', 'slower', 'quicker', 'bigger', 'smaller', 'larger', 'cheaper', 'pricier', 'higher', 'lower', 'older',
  'younger', 'newer', 'stronger', 'weaker', 'easier', 'harder', 'longer', 'shorter', 'taller', 'healthier', 'safer', 'riskier',
  'greater', 'heavier', 'lighter', 'warmer', 'colder', 'hotter', 'cooler', 'richer', 'poorer', 'smarter', 'nicer', 'cleaner',
  'louder', 'quieter', 'wider', 'deeper', 'thicker', 'thinner', 'closer', 'further', 'farther', 'happier', 'busier', 'tougher',
].join('|');

/** What "is X … to Y?" asks of an act. */
const judgements = 'safe|okay|ok|healthy|legal|illegal|normal|rude';

/**
 * A word in -ing that names an act ("wearing", "charging"), not a noun that ends so ("spring", "morning", "thing"):
 * after "when" or "while" it says during the act (read here, and by the frame markers of text-features.ts).
 */
export const actInIng = '(?!(?:spring|king|thing|string|morning|evening|ring|sing|swing|bring|wing|sting)\\b)\\w{2,}ing\\b';

/** What "how" asks of, for mending a misspelling of it ("how lnog", "how mcuh"). */
const howAdverbs = ['long', 'much', 'many', 'often', 'far', 'old'];

/** "How lnog" is "how long": a word outside the vocabulary one edit (a swap, a letter) from an adverb "how" asks with. */
function mendedHowAdverb(match: string, start: string, word: string): string {
  if (englishLexicon().rank(word) !== undefined) return match;
  const meant = howAdverbs.find((adverb) => Math.abs(adverb.length - word.length) <= 1 && withinEdits(word, adverb, 1));
  return meant === undefined ? match : `${start}how ${meant}`;
}

const templates: Rewrite[] = [
  // Round 113: a misspelt adverb after "how" still asks what the adverb asks ("how lnog should I steep tea").
  ['how ', /(^|, )how ([a-z]{2,6})(?= )/, mendedHowAdverb],
  // "Whats the best way…", "hows", "wheres": the apostrophe left out.
  [/(?:what|how|where|who|why|when)s /, /(^|, )(what|how|where|who|why|when)s (?=\S)/, '$1$2 is '],
  // "What is the best / a good way to X?" asks how to X; "the fastest way to X" how to X fast, "the cheapest way" how
  // to X cheaply (another criterion, such as safest, is kept as it is).
  ['way', /(^|, )(?:what (?:is|are) |which (?:is|are) )?(?:(?:the|a|some) )?(?:best|good|right|proper|correct|recommended|most effective) ways? to /, '$1how do i '],
  // "With no glue" and "without any glue" are "without glue".
  ['with', /\bwith no\b|\bwithout any\b/g, 'without'],
  // "Learn to play the guitar" is "learn guitar" (round 141).
  ['to play', /\blearn(s|ing|ed|t)? (?:how )?to play (?:the )?(?=\w)/g, 'learn$1 '],
  // "What are some good books to read?" asks "what books should I read?" (round 141; "bad books" stay).
  ['good ', /(^|, )what are (?:some )?good ((?:\S+ )?\S+s) to (\w+)/, '$1what $2 should i $3'],
  // "What does it take to become a pilot?" asks how to become one (round 141).
  ['take to', /(^|, )what does it take to (?=\w)/, '$1how do i '],
  // "15 percent" is "15%".
  ['cent', /(\d)\s*(?:percent|per cent)\b/g, '$1%'],
  // "What are the steps to X?" asks how to X; "tips for Xing" how to X ("tips for sleeping better" / "how can I sleep
  // better"; tips for beginners name no act, and stay).
  ['steps', /(^|, )what are the (?:steps|instructions) (?:to|for) /, '$1how do i '],
  ['tips', /(^|, )(?:what are )?(?:some |any )?(?:good )?tips (?:for|on) (?=\w+ing\b)/, '$1how can i '],
  ['tips to', /(^|, )(?:what are )?(?:some |any )?(?:good )?tips to (?=\w)/, '$1how can i '],
  // "No longer charging" is "not charging anymore": "no longer" is "not", a closing "anymore" adds nothing (round 153).
  ['no longer', /\bno longer\b/g, 'not'],
  ['any', /\s(?:anymore|any more)(?=\s*[?.!]*$)/, ''],
  // "On the internet" is "online" (round 151).
  ['internet', /\b(?:on|over|via|through) the internet\b/g, 'online'],
  // "Is it normal to have a fever after a vaccine?" asks "is a fever after a vaccine normal?" (round 149).
  ['to have ', /(^|, )is it (normal|common|bad|dangerous|safe|healthy|unusual|rare) to have (.+?)(\s*[?.!]*)$/, '$1is $3 $2$4'],
  // "What will / would happen if…" asks "what happens if…" (round 142).
  ['happen if', /(^|, )what (?:will|would) happen if /, '$1what happens if '],
  // "What do I need to know before X?" asks "what should I know before X?".
  ['need to know', /(^|, )what do i need to know /, '$1what should i know '],
  // "What should I do to be a great geologist?" asks how to be one ("what should I do to my lawn" names no act, and stays).
  ['do to ', /(^|, )what (?:should|can|must|do) (i|we) (?:do|need to do) to (?=(?:be|become|get|improve|make|stop|prevent|avoid|keep|lose|gain|prepare|pass|learn|feel|stay)\b)/, '$1how do $2 '],
  ['way', /(^|, )(?:what is )?the (?:fastest|quickest) way to (.+?)(\s*[?.!]*)$/, '$1how do i $2 fast$3'],
  ['way', /(^|, )(?:what is )?the (?:cheapest|least expensive) way to (.+?)(\s*[?.!]*)$/, '$1how do i $2 cheaply$3'],
  // "What is a polite way to X?" asks how to X politely.
  ['way', new RegExp(`(^|, )(?:what is |is there )?(?:a|an) (${manners}) way to (.+?)(\\s*[?.!]*)$`), inManner],
  ['ways', new RegExp(`(^|, )(?:what are |are there )?(?:some |any )?(${manners}) ways to (.+?)(\\s*[?.!]*)$`), inManner],
  ['frequently', /\bhow frequently\b/, 'how often'],
  ['much time', /\bhow much time\b/, 'how long'],
  // "How many bones does the body have?" asks "how many bones are in the body?".
  ['how many', /(^|, )how many ((?:\w+ ){0,2}\w+) (?:does|do) (.+?) (?:have|contain)(\s*[?.!]*)$/, '$1how many $2 are in $3$4'],
  // "How many teaspoons make up / go into / are there in one tablespoon?" asks "how many teaspoons are in a tablespoon?".
  ['how many', /(^|, )how many ((?:\w+ ){0,2}\w+) (?:make up|makes up|go into|goes into|fit in|fit into|are there in|are in) (?:one|a|an) /, '$1how many $2 are in a '],
  // "How many hours of sleep…" asks "how much sleep…".
  ['hours of', /\bhow many hours of (?=\w)/, 'how much '],
  // "What is the role of a nurse?" asks "what does a nurse do?".
  [' of ', /(^|, )what (?:is|are) the (?:role|job|responsibilities|duties|function) of (a|an|the) (.+?)(\s*[?.!]*)$/, '$1what does $2 $3 do$4'],
  // "What makes bread rise?" asks why it does ("what makes a good leader?" asks for qualities, and stays).
  ['what makes', /(^|, )what makes (?!a |an )/, '$1why does '],
  // "…on earth" is "…in the world" ("the coldest place on Earth").
  ['earth', /\bon (?:the )?earth(\s*[?.!]*)$/, 'in the world$1'],
  // "…using Python" is "…in Python" or "with Python" (but "stop using", "keep using" stay: there it is the act).
  ['using', /(?<!\b(?:stop|start|keep|quit|avoid|begin|about|of|for|when|while|after|before|without|by|am|is|are|was|were|been|be|like|try|trying|continue|worth|risk|mind) )\busing (?=\S)/g, 'with '],
  // "Which planet is the largest?" asks "what is the largest planet?" (a superlative, with nothing after it).
  ['which', /(^|, )which (.+?) (?:is|are) the ((?:most |least )?\w+)((?: in the world| in \w+)?\s*[?.!]*)$/, '$1what is the $3 $2$4'],
  // "Which laptop is best for programming?" asks "what is the best laptop for programming?".
  ['which', /(^|, )which (\w+(?: \w+)?) (?:is|are) (?:the )?(best|worst|cheapest|fastest|safest|easiest|healthiest|most \w+|least \w+)(?=\s*[?.!]*$| (?:for|to|in) )/, '$1what is the $3 $2'],
  // "Is it possible to X?" asks "can I X?" ("is it possible for a dog to…" names who, and stays); "is there a
  // way to X?" asks how.
  ['possible', /(^|, )is it possible to /, '$1can i '],
  // "Is it worth learning Rust?" asks "should I learn Rust?" (the act in its base form; "is it worth the money" names
  // no act, and stays).
  ['worth', /(^|, )is it (?:really )?worth (?:it to (\w+)|(\w+ing))\b/, (_, start: string, base?: string, gerund?: string) => `${start}should i ${base ?? englishLexicon().lemma(gerund!)}`],
  ['worth', /(^|, )is (\w+ing) (.+?) (?:really )?worth it\b/, (_, start: string, gerund: string, rest: string) => `${start}should i ${englishLexicon().lemma(gerund)} ${rest}`],
  // "What causes hair to turn gray?" asks "why does hair turn gray?".
  ['causes', /(^|, )what (?:causes|makes) (.+?) to (?=\w)/, '$1why does $2 '],
  // "What helps you fall asleep?" asks "how do I fall asleep?" (an act follows; "what helps with a headache" names
  // none, and stays).
  ['helps', /(^|, )what (?:helps|can help) (?:you|me|people|someone|one) (?!with\b)(?=\w)/, '$1how do i '],
  // Hair "goes" gray as it "turns" gray: a change of state before its adjective.
  [/\b(?:go|goes|going|went|gone) (?:gray|grey|white|bald|sour|stale|numb|brown|yellow)\b/, /\b(?:go|goes|going|went|gone) (gray|grey|white|bald|sour|stale|numb|brown|yellow)\b/g, 'turn $1'],
  // "Is it better to pay off debt or to invest?" asks "should I pay off debt or invest?" (better only: "is it cheaper
  // to rent or buy" asks for a comparison of costs, and stays).
  ['better to', /(^|, )is it (?:better|wiser|smarter) to (.+?) or (?:to )?/, '$1should i $2 or '],
  ['way', /(^|, )is there (?:a|any) way to /, '$1how can i '],
  // "Am I allowed to X?" asks "can I X?"; "against the law" is "illegal".
  ['allowed', /(^|, )am i allowed to /, '$1can i '],
  // "Is it okay to freeze cooked rice?" asks "can I freeze cooked rice?" (whether it is safe, healthy or legal is
  // another question, and stays).
  [/\bis it (?:okay|ok|alright|all right) to /, /(^|, )is it (?:okay|ok|alright|all right) to /, '$1can i '],
  // "What is 'thank you' in Japanese?", "what's the word for dog in Spanish?" ask how to say it (round 122).
  [/ in \w+\s*[?.!]*$/, new RegExp(`^what is (?:the word for )?((?:\\S+ ){0,3}\\S+) in (${languageNames})(\\s*[?.!]*)$`), 'how do you say $1 in $2$3'],
  // "Translate 'good morning' into Spanish" asks the same of a short phrase (round 138; a longer text stays a task).
  ['translate', new RegExp(`^(?:please,? )?(?:(?:can|could|would) you (?:please )?)?translate ((?:\\S+ ){0,3}\\S+) (?:in|into|to) (${languageNames})(\\s*[?.!]*)$`), 'how do you say $1 in $2$3'],
  // "Am I allowed to take a power bank on a plane?" asks "can I…" (round 122).
  [/\b(?:allowed|permitted) to /, /(^|, )(?:am i|are we) (?:allowed|permitted) to /, '$1can i '],
  // "What stretches help with back pain?" asks "what are good stretches for back pain?" (round 122).
  [/^what \w+ helps? /, /^what (?!are\b|is\b)(\w+) helps? (?:with |for )?/, 'what are good $1 for '],
  ['against', /\bagainst the law\b/, 'illegal'],
  // "Why does the sky look blue?" asks "why is the sky blue?" (a colour or state seen: "look" with one word after it;
  // "why does my code look wrong to the linter" says more, and stays).
  [/\b(?:look|looks|appear|appears|seem|seems) \w+\s*[?.!]*$/, /(^|, )why (?:does|do) (.+?) (?:look|appear|seem) (\w+)(\s*[?.!]*)$/, '$1why is $2 $3$4'],
  // "Is coffee bad for your kidneys?" asks of anyone's: "bad for the kidneys" (a judgement of an effect; "your"
  // elsewhere — "what is your name" — asks of the listener, and stays).
  ['for your', /\b(good|bad|harmful|healthy|unhealthy|safe|unsafe|dangerous|better|worse) for your\b/g, '$1 for the'],
  // "Stop / prevent / keep my cat from scratching" is "stop my cat scratching": with "from" the three are one act
  // ("prevent a cold" is not "stop a cold", nor "keep my dog barking" "stop my dog barking": without "from" they stay).
  [/\b(?:stop|prevent|keep|kept)/, /\b(?:stop|prevent|keep|kept)(s|ped|ping|ed|ing)? ((?:\S+ ){1,3})from (?=\S+ing\b)/, (match, ending = '', object: string) => `stop${match.startsWith('kept') ? 'ped' : (stopEndings[ending] ?? '')} ${object}`],
  // "What can I do so my dog does not bark?" asks "how do I stop my dog barking?" (a thing of the speaker's, or
  // "the …", that should not act; "so my dog barks" keeps no negation and is not rewritten).
  ['do so', /(^|, )what (?:can|should|do) (i|we) do (?:so|so that|to make sure) ((?:my|our|the) (?:\S+ ){0,2}?\S+) (?:does|do|will|would) not (\w+)\b/, asStopping],
  // "Get / make my cat (to) stop scratching" is "stop my cat scratching".
  ['stop', /\b(?:get|make)(s|ting|ing)? ((?:my|our|the|a|an|his|her|their|your) (?:\S+ ){0,2}?\S+) (?:to )?stop (?=\w+ing\b)/, (_, ending = '', thing: string) => `stop${stopEndings[ending] ?? ''} ${thing} `],
  // "How should I keep fresh basil so it lasts?" asks how to store it ("so it stays fresh", "so they last longer"
  // say what storing is for; "keep my dog calm" keeps no purpose clause and stays).
  ['so ', /(^|, )how (?:should|do|can|would) (i|we) (?:keep|store|save) (.+?),? so (?:that )?(?:it|they) (?:lasts?|stays? (?:fresh|good)|keeps?)(?: longer)?(\s*[?.!]*)$/, '$1how do $2 store $3$4'],
  // "How can I keep cut apples so they don't turn brown?" asks how to stop them turning brown.
  ['so ', /(^|, )how (?:can|do|should) (i|we) keep (.+?),? so (?:that )?(?:it|they) (?:does|do|will|would) not (\w+)\b/, asStopping],
  // "How long does cooked rice last in the fridge?" asks how long one can keep it there (a place of storage is
  // named: "how long does a phone battery last" asks something else).
  ['how long', /(^|, )how long (?:does|do|will|would) (.+?) (?:last|keep|stay good|stay fresh) ((?:in|on|at|outside|out of) (?:the |a )?(?:fridge|refrigerator|freezer|pantry|counter|cupboard|room temperature))/, '$1how long can i keep $2 $3'],
  // "Can you freeze herbs?" asks, of anyone, "can I freeze herbs?" (a request to the assistant — "can you tell /
  // write / translate…" — stays).
  ['can you', /^can you (?!(?:please )?(?:tell|explain|show|give|help|list|describe|write|recommend|suggest|walk|make|create|generate|translate|summarize|summarise|check|find|draft|fix|rewrite|convert|calculate|compare|name|solve|answer|provide|share|send|read|review|edit|correct|proofread|plan|design|build|code|debug|optimize|optimise|improve|teach|help)\b)/, 'can i '],
  // "Can pizza boxes be recycled?" asks "can I recycle pizza boxes?" (the participle is read as its verb; a pronoun
  // names nothing to act on, and stays).
  [' be ', /^can (?!(?:i|you|we|he|she|they|it|this|that) be\b)((?:\S+ ){0,3}?\S+) be (\w+(?:ed|en))\b/, 'can i $2 $1'],
  // "If I have high cholesterol, what should I avoid?" asks "what should I avoid with high cholesterol?" ("have" only:
  // "if I am pregnant" is not "with pregnant").
  [/^if (?:i|you) have /, /^if (?:i|you) have (.+?), (.+?)(\s*[?.!]*)$/, '$2 with $1$3'],
  // "How much does a wedding cost?" asks its cost, "how much does a nurse make?" the salary, "how many people live in
  // Tokyo?" the population.
  ['how much', /(^|, )how much (?:does|do|did|will|would) (.+?) cost\b/, '$1what is the cost of $2'],
  ['how much', /(^|, )how much (?:does|do) (.+?) (?:make|earn)\b/, '$1what is the salary of $2'],
  ['people live', /(^|, )how many people live in (.+?)(\s*[?.!]*)$/, '$1what is the population of $2$3'],
  // "What is the name for a baby kangaroo?" asks what one is called (not what to name one).
  [' for ', /(^|, )what is the (?:name|word|term) (?:for|of) (a |an |the )?(.+?)(\s*[?.!]*)$/, '$1what is $2$3 called$4'],
  // "What's a good name for my puppy?" and "suggest a name for my puppy" ask "what should I name my puppy?".
  ['name', /(^|, )(?:what (?:is|are)|suggest|recommend|give me|can you suggest) (?:a |some )?(?:good |great |nice |cute )?names? for (.+?)(\s*[?.!]*)$/, '$1what should i name $2$3'],
  // "What side effects does ibuprofen have?" asks "what are the side effects of ibuprofen?".
  ['have', /(^|, )what ((?:\w+ )?\w+) (?:does|do) (.+?) have(\s*[?.!]*)$/, '$1what are the $2 of $3$4'],
  // "What can I use instead of buttermilk?" asks for a substitute for it.
  ['instead of', /(^|, )what (?:can|could|should) (?:i|we|you) use instead of /, '$1what is a substitute for '],
  [' substitute for', /(^|, )what (?:is|are) (?:a |some )?(?:good |the best )?substitutes? for /, '$1what is a substitute for '],
  // "Can I substitute baking soda for baking powder?" asks "can I use baking soda instead of baking powder?" (round 140).
  ['substitute ', /\bsubstitute (?!for\b)((?:\S+ ){0,3}?\S+) for (?=\S)/, 'use $1 instead of '],
  // "How long do you boil an egg for?" asks how long boiling it takes (cooking, where the time is the question).
  ['how long', /(^|, )how long (?:do|should) (?:you|i|we) (boil|bake|cook|roast|grill|fry|steam|microwave|simmer|poach|toast|blanch)\b(.*?)(?: for)?(\s*[?.!]*)$/, '$1how long does it take to $2$3$4'],
  // "How do I become more confident?" asks "how can I be more confident?" (a state; "become a doctor" stays).
  ['become', /(^|, )how (do|can|could|should) (i|we|you) become (?=(?:more|less|a bit more|really|very) \w)/, '$1how $2 $3 be '],
  // "Who is the author of Dune?" asks "who wrote Dune?".
  ['author', /(^|, )who (?:is|was) the author of /, '$1who wrote '],
  // "The capital city of Peru" is its capital.
  ['capital city', /\bcapital city\b/g, 'capital'],
  // "When is the best time to go to Japan?" asks when to visit it.
  ['time to', /\btime to (?:go|travel) to (?=\S)/, 'time to visit '],
  // "What year did the Berlin Wall fall?" asks when it fell (a year asked of a date: "what year is it" stays).
  ['what year', /(^|, )(?:what|which|in what|in which) year (did|was|were|does|do|will)\b/, '$1when $2'],
  // "What time does the sun set?" asks when ("what time is it in Tokyo?" asks the time, and stays).
  ['what time', /(^|, )what time (?!is it\b)(does|do|did|is|are|will|should|can)\b/, '$1when $2'],
  // "Is it safe for dogs to eat bananas?" and "are bananas safe for dogs to eat?" ask "can dogs eat bananas?" (eating and drinking only).
  [/\b(?:safe|okay|ok) for /, /(^|, )is it (?:safe|okay|ok) for (.+?) to (eat|drink)\b/, '$1can $2 $3'],
  [/\b(?:safe|okay|ok) for /, /(^|, )(?:is|are) (?!it )(.+?) (?:safe|okay|ok) for (.+?) to (eat|drink)(\s*[?.!]*)$/, '$1can $3 $4 $2$5'],
  // "What is the best time to X?" asks when.
  ['time', /(^|, )what is the (best|right|ideal|worst) time (of (?:the )?(?:day|year|week|month) )?to /, '$1when is the $2 time $3to '],
  // "How is X different from Y?" / "How does X differ from Y?" ask for the difference between X and Y.
  ['differ', /(^|, )how (?:is|are) (.+?) different (?:from|than) (.+?)(\s*[?.!]*)$/, '$1what is the difference between $2 and $3$4'],
  ['differ', /(^|, )how (?:does|do) (.+?) differ from (.+?)(\s*[?.!]*)$/, '$1what is the difference between $2 and $3$4'],
  // "Roth IRA vs traditional IRA: what is the difference?" asks the difference between them.
  ['difference', /^(.+?) (?:vs\.?|versus) (.+?)\s*[:,-]\s*what is the difference(\s*[?.!]*)$/, 'what is the difference between $1 and $2$3'],
  // "Is raw chicken safe to eat?" asks "is it safe to eat raw chicken?".
  [new RegExp(` (?:${judgements}) to `), new RegExp(`(^|, )is (.+?) (${judgements}) to (\\w+)(\\s*[?.!]*)$`), '$1is it $3 to $4 $2$5'],
  // "Is taking ibuprofen every day safe?" asks "is it safe to take ibuprofen every day?" (the -ing form is read as its verb).
  [new RegExp(` (?:${judgements}|bad)\\s*[?.!]*$`), new RegExp(`(^|, )is (\\w+ing) (.+?) (${judgements}|bad)(\\s*[?.!]*)$`), '$1is it $4 to $2 $3$5'],
  // "Is learning Latin worth it?" asks "is it worth learning Latin?".
  ['worth it', /(^|, )is (\w+ing) (.+?) worth it(\s*[?.!]*)$/, '$1is it worth $2 $3$4'],
  // "What are some good exercises for…?" asks "what are good exercises for…?" ("some" asks for a few, not for
  // a part: "do some birds fly?" keeps it).
  ['some', /(^|, )(what are|name|list|suggest|recommend|give me|can you (?:name|list|suggest|recommend|give me)) some /, '$1$2 '],
  // "What are signs that my car needs new brakes?" asks "how do I know if my car needs new brakes?".
  ['signs that', /(^|, )what are (?:the |some )?(?:signs|indications) that /, '$1how do i know if '],
  // "My phone got wet, what should I do?" asks "what should I do if my phone got wet?".
  ['what should', /^((?:my|our) .+?)\s*[,;:]\s*what (should|can) (i|we) do(\s*[?.!]*)$/, 'what $2 $3 do if $1$4'],
  // "What counts as a good credit score?" asks "what is a good credit score?".
  ['counts as', /(^|, )what counts as /, '$1what is '],
  // "…a day?", "…per day?", "…each day?" at the end of a question: daily (and so for weeks, months, years); so is
  // "…everyday?", the adjective typed for "every day".
  [/(?:day|week|month|year)\s*[?.!]*$/, /\b(?:(?:a|per|each|every) |every)(day|week|month|year)(\s*[?.!]*)$/, (_, unit: string, end: string) => `${unit === 'day' ? 'daily' : `${unit}ly`}${end}`],
  // "What happens when…", "what does it mean when…", "what should I do when…", "how do I know when…": "when" joins a
  // condition, as "if" does.
  ['when', /(^|, )(what happens|what does it mean|what (?:should|do|can|would) (?:i|you|we) do|how (?:do|can|would) (?:i|you|we) (?:know|tell)) when /, '$1$2 if '],
  // "A coworker who is retiring" is "a retiring coworker", "a screw that is stripped" "a stripped screw": a closing
  // relative clause of one participle reads as the adjective it is.
  [/ (?:who|that) (?:is|are) /, /\b(a|an|the|my|your|our) (\w+) (?:who|that) (?:is|are) (\w{3,}(?:ing|ed))(\s*[?.!]*)$/, '$1 $3 $2$4'],
];

/** Phrasal verbs that mean one verb ("get rid of" = eliminate, "shut down" = power off), rewritten after the question forms. */
const phrasalVerbs: Rewrite[] = [
  ['rid of', /\bget(?:s|ting)? rid of\b/g, 'eliminate'],
  ['rid of', /\bgot rid of\b/g, 'eliminated'],
  // "Take a screenshot" is "screenshot".
  ['screenshot', /\b(?:take|takes|taking|took) (?:a )?screenshots?\b/g, 'screenshot'],
  // "Make my laptop faster" is "speed up my laptop".
  [/\bmake .*(?:faster|quicker)/, /\bmake (my|the|your|a|an|our) (\w+(?:-\w+)?) (?:run |load )?(?:faster|quicker)\b/g, 'speed up $1 $2'],
  ['shut', /\bshut(?:s|ting)? (?:down|off)\b/g, 'shutdown'],
  ['power', /\bpower(?:s|ed|ing)? (?:down|off)\b/g, 'shutdown'],
  ['switch', /\bswitch(?:es|ed|ing)? (?:down|off)\b/g, 'shutdown'],
  ['calm', /\bcalm(?:s|ing|ed)? down\b/g, 'relax'],
  ['look', /\blook(?:s|ing|ed)? after\b/g, 'care for'],
  ['care of', /\b(?:take|takes|taking|took) (?:good )?care of\b/g, 'care for'],
  ['turn', /\bturn(?:s|ing|ed)? off\b/g, 'disable'],
  ['turn', /\bturn(?:s|ing|ed)? on\b/g, 'enable'],
  ['rich', /\brich in\b/g, 'high in'],
  // "Get rust off metal" is "remove rust from metal".
  [/\bget/, /\bget(s|ting)? ((?:\S+ ){1,3})off (?=\S)/g, (_, ending: string, thing: string) => `${inflected('remove', ending)} ${thing}from `],
  // "Get a stain out of a shirt" is "remove a stain from a shirt" ("get out of bed" names nothing taken out, and stays).
  [/\bget/, /\bget(s|ting)? ((?:a|an|the|my|this|that|some) (?:\S+ ){0,2})out of (?=\S)/g, (_, ending: string, thing: string) => `${inflected('remove', ending)} ${thing}from `],
  // "Get out a stripped screw" is "remove" it (a thing named right after "out"; "get out of" is above).
  [/\bget/, /\bget(s|ting)? out (?=(?:a|an|the|my|this|that|some) )/g, (_, ending: string) => `${inflected('remove', ending)} `],
  // "How do I show hidden files" acts on the files: "show" is then "display", a meaning word, not the filler of "show me
  // how…" ("show hidden files" is not "hide files", round 123).
  [/\bshow /, /^(how (?:do|can|could|should|would) (?:i|we|you) )show (?!(?:me|us|him|her|them|you|how|what|why|where|when|which|that)\b)/, '$1display '],
  // "Get my toddler to sleep" is "make my toddler sleep": causing someone or something to act.
  // (Not when "to" leads to a place: "get my kids to school", "get the baby to bed".)
  [/\bget /, /\bget ((?:my|the|your|our|his|her|their|this) (?:\S+ ){1,3}?)to (?!(?:the|a|an|my|your|school|work|bed)\b)(?=\w)/g, 'make $1'],
  // "Get / calculate / compute the median of a list" is "find" it: before "the X of", each asks for a value.
  [/\b(?:get|calculate|compute|determine) the /, /\b(?:get|calculate|compute|determine) the (?=\w+ of\b)/g, 'find the '],
  // "With not much money" is "with little money", "not many friends" "few friends".
  ['not m', /\bnot (much|many) (?=[a-z])/g, (_, amount: string) => (amount === 'much' ? 'little ' : 'few ')],
  // "A breakfast for weight loss" is one "to lose weight" (and so for gaining it).
  ['weight', /\bfor weight (loss|gain)\b/g, (_, change: string) => (change === 'loss' ? 'to lose weight' : 'to gain weight')],
  // "Putting things off" is procrastinating.
  ['off', /\bput(s|ting)? (?:things|stuff|tasks|work|it) off\b/g, (_, ending: string) => inflected('procrastinate', ending)],
  // "Turn a PDF into a Word document" is "convert" it "to" one.
  ['into', /\bturn(s|ed|ing)? ((?:\S+ ){1,4})into\b/g, (_, ending: string, thing: string) => `${inflected('convert', ending)} ${thing}to`],
  // "Translate 'good morning' into Spanish" is "… to Spanish"; "convert Celsius into Fahrenheit" is "… to Fahrenheit".
  ['into', /\b(translat(?:e|es|ed|ing)|say|write|convert(?:s|ed|ing)?)((?: .{1,80}?)?) into (?=\S)/g, '$1$2 to '],
  // "Fix the grammar" is "correct the grammar" (round 148; "fix my car" stays).
  ['fix ', /\bfix ((?:the |my |this |any )?(?:grammar|spelling|punctuation|typos|mistakes|errors)\b)/g, 'correct $1'],
  // "Foods that contain a lot of iron" are foods "high in iron".
  ['a lot of', /\b(?:contain|contains|have|has) (?:a lot of|lots of|plenty of)\b/g, 'high in'],
  // "Turn down a job offer" is "decline" it ("turn down the volume" lowers it, and stays).
  ['down', /\bturn(s|ed|ing)? down (a|an|the|my|his|her|their|your|this|that) (offer|job|invitation|proposal|request)\b/g, (_, ending: string, owner: string, thing: string) => `${inflected('decline', ending)} ${owner} ${thing}`],
  ['deal', /\b(?:deal|deals|dealing|dealt) with\b/g, 'handle'],
  // "Help / assist my child with homework" is to aid them at it: a meaning word, not the filler "help" ("help my child
  // with homework" is not "do my child's homework", round 124).
  [/\b(?:help|assist)/, /\b(?:help|assist)(s|ed|ing)? ((?:my|your|his|her|our|their|a|an|the) (?:\S+ ){0,2}?)with\b/g, (_, ending = '', someone: string) => `aid${ending} ${someone}with`],
  // "5kg" is "5 kg", "10mph" "10 mph": a number and its unit, written together or apart (round 130).
  [/\d[a-z]/, /\b(\d+(?:\.\d+)?)(kg|g|mg|lb|lbs|oz|km|m|cm|mm|mi|ft|ml|l|mph|kph|kmh|gb|mb|kb|tb|ghz|mhz|hz|kw|kwh|mah|hrs|hr|mins|min|secs|sec)\b/g, '$1 $2'],
  // "The second largest" is "the 2nd largest": an ordinal before a superlative, as digits (round 130).
  [/\b(?:second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth) \w+est\b/, /\b(second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth) (?=\w+est\b|most\b|least\b)/g, (_, ordinal: string) => `${ordinalDigitsOf(ordinal)} `],
  // "Sign in / out" is "log in / out" ("sign up" registers, and stays; round 128).
  ['sign', /\bsign(s|ed|ing)? (in|out|on|off)\b/g, (_, ending = '', way: string) => `${logForms[ending]} ${way === 'on' ? 'in' : way === 'off' ? 'out' : way}`],
  // "Go to sleep" is "fall asleep"; "go to the doctor" is "see a doctor" (round 124).
  ['to sleep', /\b(?:go|goes|going|went) to sleep\b/g, 'fall asleep'],
  ['go', /\b(?:go|goes|going|went) to (?:the|a|my) (doctor|dentist|physician|therapist|vet)\b/g, 'see a $1'],
  // "Assist a friend" is "help" one, "reply / respond to an email" "answer" it: words that are fillers as the plain
  // verb is (round 123).
  ['assist', /\bassist(s|ed|ing)?\b/g, (_, ending = '') => `help${ending}`],
  [/\b(?:reply|replies|replied|replying|respond) to\b/, /\b(?:reply|replies|replied|replying|respond|responds|responded|responding) to\b/g, 'answer'],
  // "Make money" is "earn money"; "thinking too much" is "overthinking".
  ['money', /\bmak(e|es|ing) (?=(?:some |more |extra |good |real |passive )?(?:money|income|a living)\b)/g, (_, ending: string) => (ending === 'ing' ? 'earning ' : ending === 'es' ? 'earns ' : 'earn ')],
  ['too much', /\bthink(s|ing)? too much\b/g, (_, ending = '') => `overthink${ending}`],
  // "Loose weight" is the common misspelling of "lose weight" ("a loose tooth" stays).
  ['loose', /\bloose (?=weight\b|belly fat\b|(?:\d+ )?(?:pounds|kilos|kg|lbs)\b)/g, 'lose '],
  // "In simple terms" is "simply" (as "in plain English", "in layman's terms").
  [/\bin (?:simple|plain|easy|layman)/, /\bin (?:simple|plain|easy|layman'?s?|laymans) (?:terms|words|english|language)\b/g, 'simply'],
  // "Least expensive" is "cheapest"; "build muscle" is "gain muscle".
  ['expensive', /\bleast expensive\b/g, 'cheapest'],
  ['expensive', /\bless expensive\b/g, 'cheaper'],
  ['muscle', /\bbuild(s|ing)? (muscle|muscles|muscle mass)\b/g, (_, ending = '', what: string) => `${inflected('gain', ending)} ${what}`],
  // "Get better at chess" is "improve at chess" (and so is "get beter at", the typo people make in it).
  ['at', /\bget(s|ting)? bett?er at\b/g, (_, ending = '') => `${inflected('improve', ending)} at`],
  // "Faster then Java" is "faster than Java": after a comparative "then" is the typo of "than".
  ['then', new RegExp(`\\b(${comparatives}|more \\w+|less \\w+|fewer \\w+|rather|other) then\\b`, 'g'), '$1 than'],
  // "Advantages and disadvantages", "benefits and drawbacks" are "pros and cons".
  [/\b(?:disadvantages|drawbacks|downsides)\b/, /\b(?:advantages and disadvantages|benefits and drawbacks|upsides and downsides|benefits and downsides)\b/g, 'pros and cons'],
  ['more quickly', /\bmore quickly\b/g, 'faster'],
  // "How do I fall asleep faster?" asks what "… fast?" asks: with nothing it is faster than, it is the speed wanted.
  [/^how .* (?:faster|quicker)\s*[?.!]*$/, /^(how (?:do|can|could|should) (?:i|we|you) (?:(?!\bthan\b).)*?)\b(?:faster|quicker)(\s*[?.!]*)$/, '$1fast$2'],
  // "Quickly" is "fast" (as "the fastest way to" is: see the templates).
  ['quickly', /\bquickly\b/g, 'fast'],
  // "Alot" is "a lot".
  ['alot', /\balot\b/g, 'a lot'],
  // "While charging" is "when charging": before an act in -ing, both say during it (a "while" before a clause —
  // "while you wait" — stays).
  ['while ', new RegExp(`\\bwhile (?=${actInIng})`, 'g'), 'when '],
  // "Right after eating" is "after eating", "right now" is "now": "right" only stresses the time (after a verb of
  // moving or turning it is the direction, and stays: "turn right after the bridge").
  ['right ', /(?<!\b(?:turn|turns|turned|turning|go|goes|going|went|keep|bear|veer|swipe|scroll|move|look|lean|head|exit|stay|pull|steer) )\bright (?=(?:after|before|now|away)\b)/g, ''],
  // "Quit smoking" is "stop smoking" (before an act; "quit vim" exits it, and stays).
  ['quit', /\bquit(s|ting)? (?=\w+ing\b)/g, (_, ending = '') => `stop${stopEndings[ending] ?? ''} `],
  // "Make my handwriting better" is "improve my handwriting".
  ['better', /\bmake (my|the|your|a|an|our|his|her|their) (\w+(?: \w+)?) better\b/g, 'improve $1 $2'],
];

/** "Log" with the ending of the "sign" it replaces. */
const logForms: Record<string, string> = { '': 'log', s: 'logs', ed: 'logged', ing: 'logging' };

const rewrites: readonly Rewrite[] = [...templates, ...phrasalVerbs];

/** The question forms, then the phrasal verbs, rewritten to one form. */
export function rewriteQuestion(lowered: string): string {
  for (const [cue, pattern, replacement] of rewrites) {
    if (typeof cue === 'string' ? !lowered.includes(cue) : !cue.test(lowered)) continue;
    lowered = lowered.replace(pattern, replacement as never);
  }
  return lowered;
}
