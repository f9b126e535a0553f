import type { Cue } from '../cue-index.js';
import { everydayWords } from '../word-senses.js';

/** The summarization family's cues: a given text made shorter, its gist or its title. */
export const summarizationCues: readonly Cue[] = [
  everydayWords.summar, 'resúme', 'resumen', 'resumeme', 'resumelo', 'resumela', 'tl;dr', '要するに', '简单来说', 'tldr', 'sum this up',
  'sum it up', 'gist', /\bboil (?:[\w']+ ){0,4}?down\b/, /\b(?:un|le) (?:petit |rapide |bref )?topo\b/,
  // Shortening a text, not opening hours or a working week ("Öffnungszeiten … kürzen", "die kürzeste Entfernung"): the
  // imperative with what it shortens, "kürzer", or the infinitive after a text ("den folgenden Text kürzen").
  /kürze(?:r(?!\p{L})| (?:den|die|das|diesen|diese|dieses|mir|uns|bitte|ihn|sie|es|meinen|meine|meinem|deinen|deine|auf|um)(?!\p{L}))/u,
  /verkürze (?:den|die|das|diesen|diese|dieses|mir|bitte|ihn|sie|es|auf|um)(?!\p{L})/u,
  ...['kürzen', 'verkürzen'].map((verb) => new RegExp(`${verb}(?!\\p{L})(?<=(?:text|absatz|artikel|mail|brief|beitrag|abschnitt|zusammenfassung|das|es|ihn|sie)(?: [^ .?!,]+){0,3} ${verb})`, 'u')),
  'raccourci', 'abrège', 'acorta', 'accorcia', 'encurta', 'key points', 'main points', 'wichtigsten punkte', 'kernpunkte', 'kernaussage',
  'points clés', 'points principaux', 'puntos clave', 'puntos principales', 'points essentiels', 'idées principales', 'ideas principales',
  'ポイントを教えて', '重点是', 'punti principali', 'pontos principais', '要点', 'takeaways',
  /condensed? (?:this|that|it|these|those|them|(?:every|each) (?:article|text|email|report|story|document|message)|the (?:following|above|text|article|passage|paragraph|email|report|story|document|notes)|my|your|our|(?:in)?to (?:\d|one|two|three|four|five|a|about|under|less|fewer|bullet|key|short)|down|version|summary)\b/,
  'shorten', 'sum up', everydayWords.resume, 'zusammenfass', /\bfass(?:e|t|en)\b[^.?!\n]{0,80}\bzusammen\b/, 'résume', 'résumé de',
  'un résumé', 'petit résumé', 'synthèse',
  // A length asked of the answer ("in three sentences", "en pocas palabras", "用三句话", "三行で") is a summary's.
  /in (?:one|a single|two|three|four|five|[1-5]) (?:sentences?|lines?|bullets?|bullet points|paragraphs?)\b/, /\bin a sentence or two\b/,
  'in a few words', 'in a nutshell',
  /en (?:una|dos|tres|une|deux|trois|cinq|cinco)(?: (?:sola|seule))? (?:frases?|phrases?|líneas?|lignes?)\b/,
  'en pocas palabras', 'en quelques mots', 'in wenigen worten', /in (?:einem|zwei|drei|fünf) (?:satz|sätzen|zeilen)\b/, 'in poche parole',
  'em poucas palavras', /[一两三几1-3]句话/, /[一二三1-3]行で|一言で/, 'de qué trata', 'de qué se habló', 'lo esencial', 'il dit quoi', 'elle dit quoi',
  '说了什么', '说了啥', '讲啥', '讲了啥', 'faut retenir', 'à retenir', '要は何', '何が言いたい',
  // What a given text says or wants, asked of it: "what does this email actually want from me?".
  /what (?:does|is) (?:this|the) (?:email|e-mail|mail|message|letter|article|text|paragraph|passage|memo|report) (?:\p{L}+ ){0,2}(?:say|saying|want|asking|about)\b/u,
  'worum es', 'worum geht', 'de quoi parle', 'ça dit quoi', '缩短', '精简', '讲了什么', '讲的是什么', '总结', '概括', '要约', '要約', 'まとめ', 'riassum',
  'riassunt', 'sintetizza', 'punti chiave', 'resuma', 'resumo', 'кратко', 'перескажи', 'резюмир', 'суммируй', 'основные мысли', '요약',
  'samenvat', 'vat samen', 'streść', 'podsumuj', 'özetle', 'ringkas', 'rangkum', 'لخص', 'لخّص', 'تلخيص', 'tóm tắt', 'सारांश', 'का सार',
  'ช่วยสรุป', 'สรุปให้', 'สรุปข้อความ', 'สรุปบทความ', 'สรุปเนื้อหา', 'περίληψ', 'συνόψισ', 'סכם את', 'תקציר',
  // A passage's main idea or best title (reading comprehension).
  'main idea', 'central idea', 'best title', 'meilleur titre', 'idée principale', 'idea principal', 'hauptaussage', 'passende überschrift',
  '中心思想', 'recap', '简要说明', 'synthétis', '缩写成', '摘要', '核心观点', '主要观点', '大意', /[拟起加配取选](?:择)?(?:一个)?(?:适当的|合适的|恰当的|简短的)?标题/, 'タイトルを付け',
  '見出しを付け', '中心意思', '主旨', '要旨', 'too long didn', 'short version', 'shorter version', '说重点', '划重点', '讲重点', /(?<!to )\bdigests?\b/,
  'meeting minutes', '議事録', '会议纪要', /\b(?:deux|trois|quatre|cinq|[2-5]) puces\b/, /\b(?:dos|tres|cuatro|cinco|[2-5]) viñetas\b/,
  'stichpunkt',
  // What a given text is about, asked of it ("Describe briefly what the following article is about"), or a chat log put in order
  // as a report ("把群聊记录整理成简短的进展汇报").
  /(?:聊天|群聊|会议|对话)记录[^。\n]{0,6}整理成/u,
  /\bthe main point of (?:this|the|that) (?:following |above )?(?:paragraph|article|text|passage|email|story|report|speech|post)\b/,
  /\bwhat (?:the|this) (?:following |above )?(?:article|text|passage|email|story|report|paper|document|post) is about\b/,
];
