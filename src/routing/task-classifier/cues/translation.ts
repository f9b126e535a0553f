import type { Cue } from '../cue-index.js';
import { intoLanguage, versionsInLanguages } from '../word-senses.js';

/** The translation family's cues: a text put into another language. */
export const translationCues: readonly Cue[] = [
  'translat', 'tradu', 'localis', 'localiz', 'lokalisier', /(?:does|do|is) ['"‘“].{1,60}?['"’”] mean\b/,
  /["“「『].{1,40}?["”」』]\s*(?:是什么意思|什么意思|ってどういう意味|はどういう意味|の意味)/, intoLanguage, 'übersetz', 'comment dit-on', '翻译', '译成', '和訳',
  'english for ', '怎么说', '翻訳', '訳して', 'で言うと', '英語に', /(?:中国|韓国|フランス|ドイツ|スペイン|イタリア|ロシア|ポルトガル)語に/, '英訳', 'wie sagt man', 'cómo se dice',
  'que veut dire', 'qué significa', 'was bedeutet', 'mean?', 'means?', 'meaning of',
  /\bmeans? in (?!plain|simple|practice|practical|layman|everyday|real life|this context|context|the context)/, '成英文', '的英文', '英文怎么', 'の英文',
  '成日语', '英語だと', '日本語だと', '中国語だと', '日语怎么', '日本語に', '日本語訳', '中国語に', '語で何', 'どういう意味', 'の意味は', '意味を教え', 'come si dice', 'como se diz',
  'переведи', 'перевод', 'как сказать', '번역', '어떻게 말해', 'vertaal', 'przetłumacz', 'çevir', 'ingilizce', 'terjemah', 'ترجم', 'dịch sang',
  'dịch giúp', 'bản dịch', 'अनुवाद', 'แปลเป็น', 'ช่วยแปล', 'แปลประโยค', 'แปลข้อความ', 'คำแปล', 'μετάφρασ', 'μεταφρασ', 'תרגם',
  // "Into English" as German, Spanish and French say it ("ins Englische bringen", "pásalo al inglés", "vers l'anglais"), and as an
  // arrow ("'merci beaucoup' -> english": the name looked up at its word start, the arrow behind it checked only then).
  /\bins (?:englische|deutsche|französische|spanische|italienische|japanische|chinesische|russische|portugiesische|polnische|türkische|niederländische)\b/,
  /\bhow (?:would|do|does|did|can|should) (?:an? \w+|\w+s|you|i|we|they) say\b/, 'al inglés',
  /(?:英語|日本語|中国語)の[^。、\n]{0,12}に(?:して(?:ほしい|ください|下さい|くれ)|直して)/, /english\b(?<=(?:->|→|=>)\s*english)/,
  /spanish\b(?<=(?:->|→|=>)\s*spanish)/, /french\b(?<=(?:->|→|=>)\s*french)/, /german\b(?<=(?:->|→|=>)\s*german)/,
  /inglés\b(?<=(?:->|→|=>)\s*inglés)/, /español\b(?<=(?:->|→|=>)\s*español)/, /anglais\b(?<=(?:->|→|=>)\s*anglais)/,
  /englisch\b(?<=(?:->|→|=>)\s*englisch)/, /veut dire quoi\s*['"‘“«]/, 'al español', 'al francés', 'al alemán', "vers l'anglais",
  'vers le français', "vers l'espagnol", "vers l'allemand",
  versionsInLanguages,
];
