import type { Cue } from '../cue-index.js';
import { inLanguage } from '../word-senses.js';

/**
 * The language family's cues: the language an answer is asked in.
 * A language the answer is asked in ("good morning in korean", "gracias en japonés", "écris une lettre en anglais", "explain it
 * in Spanish", "英語でメールを書いて"): a translation when a phrase or a text to put in it is given, else only the language of
 * a text asked for. A cue of its own, which the model weighs with the rest: as a translation cue it made "Rédige un email
 * en anglais…" and "give me 5 tips for sleeping better, in portuguese" translations.
 */
export const languageCues: readonly Cue[] = [
  inLanguage, 'en japonés', 'en alemán', 'en italiano', 'en chino', 'en coreano', 'en portugués', 'en allemand', 'en italien',
  'en japonais', 'auf spanisch', 'auf italienisch', 'auf japanisch', 'auf chinesisch', '英語で', /(?:中国|韓国|フランス|ドイツ|スペイン|イタリア|ロシア|ポルトガル)語で/,
  'auf englisch', 'auf deutsch', 'auf französisch', 'en inglés', 'en español', 'en francés', 'en anglais', 'en français', 'en espagnol',
  '用英语', '用日语', '日本語で', '中国語で', 'in inglese', 'em inglês', 'em português', 'по-английски', 'по-русски', '영어로', '한국어로', 'in het engels',
  'po angielsku',
];
