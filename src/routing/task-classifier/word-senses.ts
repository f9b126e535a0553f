/**
 * Word senses the task cues tell apart: a cue word read only in the sense that names a task. A script is a program's
 * unless a film's or a story's; a language named after "in" or "into" asks for a translation; a function is code's
 * unless maths names it or it is something's role; a letter is writing's unless one of the alphabet; and words everyday
 * speech uses in other senses (a postcode, bed bugs, a TV programme, the story behind a landmark) leave those out.
 */
import type { DigitCue } from './cue-index.js';

/** What a script is written for when it is no program ("a 30-second TV ad script", "a script for a short video"). */
const SCRIPT_MEDIA = 'ad|tv|video|movie|film|podcast|radio|youtube|tiktok|commercial|intro|animation';
/** A script of a story: "a script of Kirby and Jigglypuff in a boxing match", "a script where…", "a script idea". */
const STORY_SCRIPT = '(?:of|where|about|in which|idea)\\b';
export const storyScript = new RegExp(`script ${STORY_SCRIPT}`);
export const mediaScript = new RegExp(`script\\b(?<=\\b(?:${SCRIPT_MEDIA}) script)`);
export const programScript = new RegExp(`script(?<!\\b(?:${SCRIPT_MEDIA}) script)(?! ${STORY_SCRIPT})(?![^.?!\\n]{0,50}(?:movie|film|video|radio|podcast|commercial|\\bad\\b|\\bplay\\b|scene|episode|youtube|anime|cartoon|comedy|animation|trailer|tiktok|skit))`);
/**
 * "In Korean" and "into Japanese" ask for a language only when nothing but punctuation or a connector follows its name
 * ("good morning in korean", "put it into Spanish, please", "in Japanese characters"), not when it qualifies a noun: "I'm
 * really into japanese anime, any recommendations?" read as translation (0.87) when any "into japanese" was a cue.
 */
const LANGUAGE_NAMES = 'english|spanish|french|german|italian|portuguese|japanese|chinese|korean|russian|dutch|arabic|hindi';
const AFTER_A_LANGUAGE = 'please|pls|and|or|for|so|too|also|now|then|again|instead|only|while|with|without|keeping|using|as|but|if|because|since|the|this|that|it|them|is|are|do|does|would|could|language|words?|text|characters?|script|letters|kanji|kana|hiragana|katakana|pinyin|hangul|correctly|properly|naturally';
const ASKED_FOR = `\\b(?!\\s+(?!(?:${AFTER_A_LANGUAGE})\\b)\\p{L})`;
export const inLanguage = new RegExp(`\\bin (?:${LANGUAGE_NAMES})${ASKED_FOR}`, 'u');
export const intoLanguage = new RegExp(`\\binto (?:(?:formal|informal|polite|idiomatic|business|brazilian|european|british|american|mexican|simplified|traditional|modern) )?(?:${LANGUAGE_NAMES})${ASKED_FOR}`, 'u');

/** The short texts a sign, a menu or a page holds. */
const SHORT_TEXTS =
  'text|menu|sentence|item|paragraph|sign|message|email|phrase|title|slogan|headline|description|label|instructions?|notice|note|post|tweet|letter|lines?';
/**
 * A given text asked for in other languages as versions of it ("Provide the Spanish and Italian versions of the menu item
 * below"), not an app or a film ("is there a German version of this app?").
 */
export const versionsInLanguages = new RegExp(String.raw`\b(?:${LANGUAGE_NAMES})(?: and [a-z]+)? versions? of (?:the |this |these |my |our )?(?:following |above )?(?:${SHORT_TEXTS})\b`);

/** A Boolean expression as BIG-Bench Hard writes it: "True and not ( False ) is", "False or not not True". */
export const booleanOperations = ['true', 'false'].map((operand) => new RegExp(`${operand} (?:and|or) (?:not |\\( ?)*(?:true|false)\\b(?= ?\\)* (?:and|or|is)\\b| ?\\)* ?$)`));

/** Kinds of function only maths speaks of: "a bounded function" is a maths cue. */
export const MATHS_ONLY_FUNCTION_KINDS = 'continuous|harmonic|bounded|convex|concave|analytic|periodic|generating|inverse|density|monotone|monotonic';
/**
 * Every kind that makes a function maths's rather than a program's (no code cue): those, and kinds a program may compute
 * too ("a Python program for the zeta function", "a piecewise linear function"), which are no maths cue by themselves.
 */
const MATHS_FUNCTION_KINDS = `${MATHS_ONLY_FUNCTION_KINDS}|differentiable|zeta|gamma|holomorphic|measurable|integrable|smooth|quadratic|polynomial|rational|exponential|logarithmic|trigonometric|linear|cubic|injective|surjective|bijective|odd|even`;
/** What maths asks of a function: "the range of the function", "the zeros of the function". */
export const FUNCTION_PROPERTIES = 'range|domain|graph|zeros?|roots?|inverse|derivative|integral|period|limit|maximum|minimum';
/** A function between sets: "a function from S onto T", "the set of all functions from Z to Z". */
export const BETWEEN_SETS = String.raw`from \p{L}{1,2} (?:to|onto|into)\b`;
/**
 * A function is code's, unless maths names it: "a continuous function", "eine stetige Funktion", "une fonction dérivable",
 * "连续函数", "已知函数f(x)=…". Those are maths cues (below) and no code cue: "Is every bounded harmonic function constant?"
 * read as code, as did MMLU's algebra and calculus questions. Nor is a function that something has, its role: "the function
 * of the liver", and in every language as in English ("la función del hígado", "welche Funktion hat die Leber", "la fonction
 * principale du Sénat", "la funzione del fegato", "a função do fígado": six of nine such questions read as code). A program's
 * function asked for that way ("una función de Python") names its language, a cue of its own.
 */
export const mathematicalFunction = {
  english: new RegExp(`function(?<!\\b(?:${MATHS_FUNCTION_KINDS}) function)(?<!\\b(?:${FUNCTION_PROPERTIES}) of the function)(?! of\\b)(?!s? [fgh]\\b)(?!s? ${BETWEEN_SETS})`, 'u'),
  german: /funktion(?!\p{L})(?<!(?:stetige|stetigen|differenzierbare|differenzierbaren|lineare|linearen|quadratische|quadratischen|harmonische|beschränkte|konvexe|konkave|periodische|ganzrationale|gebrochenrationale|trigonometrische) funktion)(?! (?:der|des|von|hat|haben|hatte)(?!\p{L}))/u,
  french: /fonction(?!\p{L})(?! (?:continue|dérivable|affine|linéaire|polynôme|polynomiale|exponentielle|logarithme|carré|inverse|réciproque|périodique|bornée|convexe|concave|de répartition|génératrice|numérique)(?!\p{L}))(?! (?:du|de|des|principale|principales)(?!\p{L}))(?! d['’])/u,
  spanish: /funci[oó]n(?!\p{L})(?! (?:continua|derivable|lineal|cuadrática|exponencial|logarítmica|inversa|periódica|acotada|convexa|cóncava|polinómica|afín)(?!\p{L}))(?! (?:de|del|principal)(?!\p{L}))/u,
  chinese: /(?<!连续|导|反|指数|对数|三角|二次|一次|幂|周期|复变|生成|分布|密度|已知|设)函数(?!\s*[a-zA-Z]\s*[(=（])/u,
  japanese: /(?<!連続|指数|対数|三角|二次|一次|逆|導|周期|生成|分布|密度)関数(?!\s*[a-zA-Z]\s*[(=（])/u,
};

/**
 * A letter one writes, not one of the alphabet: "display the letter W", "words starting with the letter a", "capital
 * letters and digits" are no writing ("create a simple plasmoid … display letter W" read as writing).
 */
export const LETTER_TO_WRITE = /letter(?!s? [a-z]\b|s? and (?:numbers|digits)\b)(?<!\b(?:the|first|last|capital|upper-?case|lower-?case|each|every|single|display|displays|show|shows) letter)/;

/** After "código": a postcode, a civil or penal code, a dress code, a barcode… (Spanish and Portuguese). */
const CODE_NOT_MEANT = String.raw`(?!\p{L})(?! (?:postal|civil|penal|qr|promocional|gen[eé]tico|deontológico|de (?:vestimenta|barras|conducta|circulación|comercio|trabajo|honor|ética|descuento|promoción|invitación|área|país|acceso|seguridad|activación|verificación|la circulación|la estrada|processo civil|defesa do consumidor))(?!\p{L}))`;
/**
 * Cue words that everyday speech uses in other senses, with those senses left out. Code's: an insect's bite and bed bugs,
 * sea shells and a shell company, a postcode, a civil code or a dress code in Spanish, Portuguese and Italian ("código
 * postal", "codice fiscale"), a German or French TV, party or exchange programme ("im Programm", "das Programm der
 * Grünen", "le programme de la soirée"), a TV schedule in Spanish ("la programación de la tele"), a child's lisp, a list
 * compiled, a pet python, pandas in the wild in any language, Franz Kafka, a dart board. Writing's: the story behind a
 * landmark, a toddler's speech; summarization's: a résumé in English ("my resume", where Spanish and French "resume este
 * texto" summarize), a summary judgment and a résumé's summary ("my resume summary: …"); reasoning's: a jigsaw puzzle to
 * buy. Each such quick question read as that family (probes of everyday questions holding those words, written for it: 16
 * of 28, then 7 of 30, then 3 of 27).
 */
export const everydayWords = {
  bug: /bug(?:s|gy|fix(?:es)?)?(?!\p{L})(?<!\b(?:bed|stomach|lady|june|water|stink|love|tummy|litter|kissing|pill|sow|flu) bugs?)(?! (?:bites?|spray|repellent|zapper|net|season)(?!\p{L}))/u,
  shell: /shells?(?!\p{L})(?<!\b(?:sea|egg|nut|turtle|snail|crab|oyster|clam|taco|pie|tart|conch|mussel|scallop|walnut|peanut|pistachio) shells?)(?! (?:company|companies|corporation|station|stations|oil|gas|petrol|shock)(?!\p{L}))/u,
  código: new RegExp(`código${CODE_NOT_MEANT}`, 'u'),
  codigo: new RegExp(`codigo${CODE_NOT_MEANT}`, 'u'),
  codice: /codice(?!\p{L})(?! (?:fiscale|postale|civile|penale|genetico|iban|sconto|promozionale|etico|qr|a barre|della strada|di avviamento postale|di condotta|di comportamento|di accesso|di sicurezza|di attivazione|di verifica)(?!\p{L}))/u,
  programm: /programm(?:ier|code)|programm(?!\p{L})(?<!\b(?:im|ins|tv-|fernseh|kino|theater|radio) programm)(?! (?:der|des|von|für)(?!\p{L}))/u,
  lisp: /lisp(?!\p{L})(?:(?<!\b(?:a|his|her|their|my|slight|frontal|lateral|interdental) lisp)|(?= (?:interpreter|dialect|program|macro|function|machine)))(?! in (?:a |my |kids|children|toddlers?|adults?))/u,
  compile: /compile(?!s? (?:a |an |the |my |your |our |these |this |all )?(?:list|lists|report|summary|dossier|guide|overview|bibliography|notes|results|data|information|sources|references|timeline|collection|playlist|ranking|roundup)\b)/u,
  python: /python(?<!\b(?:ball|burmese|reticulated|royal|carpet|tree|pet|monty|rock) python)(?!s? (?:snakes?|bites?|eggs|enclosure|tank|vivarium)\b)/u,
  pandas: /pandas\b(?<!(?:giant|red|baby|the|do|are|why|of|wild|los|las|les|des|die|gli|dos|das|os|as) pandas)(?! (?:gigantes?|géants?|roux|rojos?|rouges?|viven|vivent|leben|wohnen|comen|mangent|fressen)\b)/u,
  kafka: /kafka(?!\p{L})(?<!\bfranz kafka)(?!['’]s\b|esque)/u,
  dart: /dart(?!\p{L})(?! ?(?:boards?|games?|throws?|throwing|tournaments?|league|frogs?|players?)\b)(?<!\b(?:poison|nerf|tranquilli?zer|tranquilli?ser) dart)/u,
  story: /story(?! behind\b)/u,
  summar: /summar(?!y (?:judg(?:e)?ment|offen[cs]e|execution|dismissal|conviction|proceedings|trial)s?\b)(?<!\b(?:resume|résumé|cv|linkedin|profile|professional) summar)/u,
  resume: /resume(?= (?:este|esta|estos|estas|el|la|los|las|lo|en|ce|cet|cette|ces|les|le|ça|ceci|moi|brevemente|brièvement|rapidamente|rápidamente|rapidement)(?!\p{L}))/u,
  speech: /speech(?!\p{L})(?<!\b(?:of|free|hate) speech)(?! (?:develop(?:s|ment)?|therapy|therapist|delays?|recognition|synthesis|impediment|pathology|pathologist|to text|disorders?|sounds?|production|acts?)(?!\p{L}))/u,
  puzzle: /puzzles?(?!\p{L})(?<!\b(?:jigsaw|crossword|sudoku|\d+-piece|piece) puzzles?)/u,
  programme: /programmes?(?!\p{L})(?<!\b(?:au|tv|télé|training|exchange|degree|loyalty|fitness|workout) programmes?)(?! (?:gibt|für|der|des|von|de (?:la )?(?:télé|télévision|radio|soirée|visite|voyage|fidélité|formation|études|master|licence|doctorat|bourse|échange|entraînement|révision|musculation)|du (?:parti|festival|candidat|gouvernement|week-end|jour|séjour|voyage|concert)|électoral|scolaire|politique|culturel|télé|tv|erasmus|d['’](?:échange|études|entraînement|action|aide|investissement))(?!\p{L}))/u,
  programación: /programaci[oó]n(?! (?:de (?:la )?(?:tele|televisión|radio|tv)|del (?:canal|festival|fin de semana|día|cine|teatro)|televisiva|cultural|de hoy|de esta (?:noche|semana))(?!\p{L}))/u,
};

/**
 * A measure asked of the world ("What's the radius of the Earth?", "What is the area of Texas?", "the current interest rate",
 * "Wie hoch ist der Zinssatz der EZB?") is a quick fact; asked of numbers the prompt gives ("a circle of radius 5 cm", "at
 * an interest rate of 4 %") a word problem's. The cue holds when a digit stands anywhere in the text (a pattern's source).
 */
export const withGivenDigits = (source: string): DigitCue => ({ withDigit: source });

/** German "Beweis" (a proof: "Beweis bitte", "beweise, dass…"), not the law's "Beweislast" or "Beweismittel" (a pattern's source). */
export const GERMAN_PROOF = 'beweis(?!mittel|last|aufnahme|stück|führung)';

/**
 * A past choice judged good or bad for someone ("was nafta good for mexico?"), as a pattern's source: an open question
 * (never trivial) and an analysis cue, one pattern for both.
 */
export const JUDGED_GOOD_OR_BAD_FOR = String.raw`(?:was|were) [\p{L}\p{N}\s'-]{2,40}? (?:good|bad|beneficial|harmful) for`;
