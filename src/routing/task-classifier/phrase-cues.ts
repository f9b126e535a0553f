/**
 * Task cues that are phrases built from word lists rather than words: an item identified in a given text (extraction), a
 * kinship puzzle of letters and a syllogism told in everyday words (reasoning), a text of one's own to correct (writing). Each is one RegExp matched where its
 * first word starts, as the word cues are (cues/, task-cues.ts).
 */

/**
 * Items asked for out of a text the prompt gives: "Identify the countries, their capitals and the languages spoken in the
 * following sentences", "À partir des données suivantes, identifiez l'entreprise…", "Identifique … en las siguientes
 * frases". Identifying is no extraction by itself ("identify the weak points of your plan"); in one sentence with a
 * given text named ("the following data", "las siguientes frases", "den folgenden Sätzen", "il testo seguente") it is.
 * MT-Bench's extraction questions, translated, had read as writing ("escena" in the sentences given), maths (the
 * figures given) and analysis.
 */
const VERB_ENDINGS = 'y|ies|ying|ica|ique|iquen|icar|iez|ier|izieren|iziere|ichi|icare|icate';
const IDENTIFY = `identif(?:${VERB_ENDINGS})`;
/** "the following", "these", and the word that says "following" in the other languages, before or after the noun. */
const GIVEN = String.raw`(?:the following|these|the given|the above|the provided|siguientes?|suivante?s?|folgenden|seguenti|seguente|seguintes?)`;
const TEXTS = String.raw`(?:sentences?|texts?|passages?|paragraphs?|articles?|data|documents?|reviews?|messages?|emails?|news|records?|reports?|transcripts?|notes|excerpts?|frases|oraciones|textos?|datos|párrafos?|artículos?|noticias?|mensajes?|reseñas|données|phrases|textes?|paragraphes?|sätzen|daten|absätzen|absatz|artikeln?|meldung|nachricht|frasi|testi|testo|dati|paragrafi|paragrafo|articoli|articolo|notizie|notizia|dados|parágrafos?|artigos?|notícias?)`;
const GIVEN_TEXT = String.raw`(?<!\p{L})(?:${GIVEN} (?:\p{L}+ ){0,2}?${TEXTS}|${TEXTS} (?:\p{L}+ )?${GIVEN})(?!\p{L})`;

/** Looked up where the verb starts a word: the given text named after it in its sentence, or before it. */
export const identifiesInGivenText = new RegExp(
  String.raw`${IDENTIFY}(?!\p{L})(?:(?=[^.?!\n]{0,300}?${GIVEN_TEXT})|(?<=${GIVEN_TEXT}[^.?!\n]{0,300}?${IDENTIFY}))`,
  'u',
);

/**
 * A kinship puzzle's people named by letters: "A is the father of B", "A es el padre de B", "A est la mère de B", "A ist
 * der Vater von B" (read as maths in Spanish: no word of it was a cue). Letters, not names: "Anne is the mother of Tom" is
 * small talk as often as a puzzle.
 */
const RELATIVES = 'father|mother|son|daughter|brother|sister|grandfather|grandmother|uncle|aunt|padre|madre|hij[oa]|herman[oa]|abuel[oa]|t[íi][oa]|p[èe]re|m[èe]re|fils|fille|fr[èe]re|s[œo]e?ur|grand-p[èe]re|grand-m[èe]re|vater|mutter|sohn|tochter|bruder|schwester|gro(?:ß|ss)vater|gro(?:ß|ss)mutter|figli[oa]|fratello|sorella|nonn[oa]|pai|m[ãa]e|filh[oa]|irm[ãa]o?|av[ôó]';
export const kinshipPuzzle = new RegExp(String.raw`(?<!\p{L})\p{L} (?:is|es|est|ist|è|é) (?:the |el |la |le |der |die |il |o |a )?(?:${RELATIVES}) (?:of|de|von|di|do|da|del) \p{L}(?!\p{L})`, 'u');

/**
 * A text of one's own to correct: "correct my English: I am agree…", "fix my grammar", "corrige mon texte", "korrigiere meinen
 * Brief" (read as small talk: no cue named an edit). A thing of a program ("fix the text field") is not among the nouns.
 */
const OWN_TEXTS = {
  en: 'english|french|german|spanish|italian|portuguese|grammar|spelling|sentences?|paragraph|essay|email|e-mail|letter|writing|cover letter|text message',
  es: 'texto|frase|párrafo|redacción|correo|carta|inglés|español|ortografía',
  fr: 'texte|phrase|paragraphe|lettre|mail|e-mail|anglais|français|orthographe',
  de: 'text|satz|absatz|brief|e-mail|mail|englisch|deutsch|rechtschreibung',
  it: 'testo|frase|paragrafo|lettera|e-mail|email|inglese|italiano',
};
export const correctsOwnText = [
  new RegExp(String.raw`correct (?:my|this|the following) (?:${OWN_TEXTS.en})(?!\p{L})`, 'u'),
  new RegExp(String.raw`fix (?:my|this) (?:${OWN_TEXTS.en})(?!\p{L})`, 'u'),
  new RegExp(String.raw`corrige (?:mi|este|esta|el|la) (?:${OWN_TEXTS.es})(?!\p{L})`, 'u'),
  new RegExp(String.raw`corrige[zr]? (?:mon|ma|ce|cette|le|la) (?:${OWN_TEXTS.fr})(?!\p{L})`, 'u'),
  new RegExp(String.raw`korrigier(?:e|en sie)? (?:meinen|diesen|den|meine|diese|die|mein|dieses|das) (?:${OWN_TEXTS.de})(?!\p{L})`, 'u'),
  new RegExp(String.raw`correggi (?:il|questo|la|questa|il mio|la mia) (?:${OWN_TEXTS.it})(?!\p{L})`, 'u'),
];

/**
 * A sentence about all of a kind ("All … are", "Tous les … sont", "Todos los … son", "Alle … sind"), opening the text or
 * following another, then a question ending a later one: a syllogism told in everyday words ("Tous les chats de la voisine
 * sont gris. Ce chat est noir. Est-ce un chat de la voisine ?"). "All my friends are going…" (a progressive) is none.
 */
export const syllogismsInEverydayWords = [
  ['all', 'are'],
  ['tous les', 'sont|ont|aiment|vont|font|peuvent'],
  ['tod[oa]s l[oa]s', 'son|tienen|van|pueden|están'],
  ['alle', 'sind|haben|können|gehen|stehen'],
].map(
  ([all, verbs]) =>
    new RegExp(String.raw`${all} [^.?!\n]{2,40} (?:${verbs})\b(?! \p{L}+ing\b)[^.?!\n]{0,40}\. [^?\n]{3,120}\?(?<=(?:^|[.!?¿] )${all} .*)`, 'u'),
);
