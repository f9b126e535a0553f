/**
 * Words that say what is asked, in the six languages of the routing set: the verbs and nouns of each task
 * family ("translate", "traduce", "übersetze", "翻译"…). A cue ending in a space is a whole word. They are general vocabulary, not phrases of the set;
 * each becomes a feature of its own, and the model learns how much it counts (a 'prove' in small talk is
 * outweighed by the rest). Matched as substrings of the lower-cased text, so inflections match too.
 */
const taskCues: Record<string, readonly string[]> = {
  code: ['code', 'function', 'script', 'regex', 'sql', 'bug', 'compile', 'python', 'javascript', 'typescript', 'java ', 'rust', ' go ', 'golang', 'c++', 'bash', 'git ', 'api ', 'endpoint', 'docker', 'kubernetes', 'implement', 'refactor', 'unit test', 'código', 'función', 'funktion', 'programm', 'fonction', 'programme', '代码', '函数', '编程', 'コード', '関数', 'プログラム', '実装'],
  writing: ['write a', 'write an', 'draft', 'rewrite', 'poem', 'story', 'essay', 'email', 'letter', 'slogan', 'caption', 'post ', 'toast', 'speech', 'proofread', 'escribe', 'redacta', 'poema', 'cuento', 'schreib', 'formuliere', 'gedicht', 'geschichte', 'écris', 'rédige', 'poème', 'nouvelle', 'lettre', '写', '润色', '诗', 'メール', '書いて', '文章', '詩', '小説'],
  analysis: ['analy', 'compare', 'comparison', 'pros and cons', 'evaluate', 'assess', 'critique', 'review', 'risk', 'why did', 'why is', 'diagnose', 'root cause', 'trade-off', 'worth', 'compara', 'ventajas', 'evalúa', 'vergleich', 'bewerte', 'vor- und nachteile', 'avantages', 'évalue', '分析', '比较', '评估', '优缺点', '分析して', '比較', '評価'],
  math: ['solve', 'calculate', 'compute', 'derivative', 'integral', 'equation', 'prove', 'proof', 'probability', 'matrix', 'eigen', 'theorem', 'limit', 'resuelve', 'calcula', 'ecuación', 'demuestra', 'berechne', 'gleichung', 'beweise', 'ableitung', 'résous', 'calcule', 'équation', 'démontre', '求', '方程', '证明', '计算', '概率', '積分', '方程式', '証明', '計算', '確率', 'how many', 'how much', 'percent', '%', 'area of', 'volume', 'radius', 'interest', 'average', 'cuánto es', 'combien', 'wie viel', '多少', 'いくつ', '面积', '体积', '平均'],
  extraction: ['extract', 'pull out', 'pull the', 'which email', 'find all', 'list every', 'fields', 'parse', 'extrae', 'saca', 'extrahiere', 'extrais', 'quel est le numéro', '提取', '抽出', '抜き出', '取り出'],
  summarization: ['summar', 'tl;dr', 'gist', 'key points', 'takeaways', 'condense', 'shorten', 'sum up', 'resume', 'resumen', 'fasse', 'zusammen', 'résume', 'synthèse', '总结', '概括', '要约', '要約', 'まとめ'],
  translation: ['translat', 'in spanish', 'in german', 'in french', 'into english', 'how do you say', 'traduce', 'traducir', 'übersetz', 'traduis', 'traduire', 'comment dit-on', '翻译', '怎么说', '翻訳', '訳して', 'で言うと', '英語', 'in english', 'in italian', 'in japanese', 'in chinese', 'auf englisch', 'auf deutsch', 'auf französisch', 'en inglés', 'en español', 'en francés', 'en anglais', 'en français', 'en espagnol', 'wie sagt man', 'cómo se dice', 'que veut dire', 'qué significa', 'was bedeutet', 'mean ', 'means', '用英语', '英文', '日语', '英語で', '日本語', '中国語', 'で何', '意味'],
  chat: ['hi ', 'hello', 'hey ', 'thanks', 'thank you', 'how are you', 'recommend', 'any tips', 'hola', 'gracias', 'hallo', 'danke', 'salut', 'merci', '你好', '谢谢', 'こんにちは', 'ありがとう', 'おすすめ', 'how tall', 'how high', 'how old is', 'capital of', 'who wrote', 'who painted', 'who invented', 'when did', 'tips', 'advice', 'suggest', 'favorite', 'fun fact', 'good morning', 'good night', 'consejo', 'recomiendas', 'buenos días', 'empfehl', 'tipps', 'guten morgen', 'conseil', 'idées', 'bonjour', '推荐', '建议', '早上好', '有多', 'おはよう', 'こんばんは', '何ですか'],
  reasoning: ['puzzle', 'riddle', 'logic', 'deduce', 'who owns', 'who is lying', 'lying', 'what comes next', 'constraints', 'schedule', 'valid', 'conclude', 'step by step', 'acertijo', 'lógica', 'rätsel', 'logik', 'énigme', 'logique', '谜', '逻辑', '推理', '说谎', 'パズル', '論理', '推論', 'yesterday', 'tomorrow', 'day after', 'day before', 'if today', 'taller than', 'older than', 'sequence', 'next in', 'statements', 'liar', 'knight', 'cross the river', 'weighing', 'ayer', 'anteayer', 'gestern', 'demain', 'avant-hier', '昨天', '明天', '后天', '前天', '昨日', '明日', '星期几', '曜日', '正直', '嘘つき'],
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * One pattern per family. A cue in Latin script starts at a word start ("hi" is not in "this", "api" not in
 * "capital") and may run on into an inflection ("summar" → "summarize"); a CJK cue is matched anywhere. The
 * word-start test is written once before all the Latin cues, not once per cue: a third of the cost.
 */
const cuePatterns = Object.entries(taskCues).map(([family, cues]) => {
  const latin: string[] = [];
  const anywhere: string[] = [];
  for (const cue of cues) {
    if (!/^\s?\p{Script=Latin}/u.test(cue)) anywhere.push(escape(cue));
    // A trailing space marks a whole word: "hi " is not "history", "go " not "good".
    else latin.push(`${escape(cue.trim())}${cue.endsWith(' ') ? '(?!\\p{L})' : ''}`);
  }
  return [family, new RegExp([`(?<!\\p{L})(?:${latin.join('|')})`, ...anywhere].join('|'), 'u')] as const;
});

/** The families whose cues appear in `text` (lower-cased), each once. */
export function cuesIn(text: string): string[] {
  const found: string[] = [];
  for (const [family, pattern] of cuePatterns) if (pattern.test(text)) found.push(family);
  return found;
}

/** Asking for a proof, in the six languages: proof-level work whatever its length ("证明：根号2是无理数"). */
const proofPattern = /(?<!\p{L})(prove|proof|show that|demonstrate that|beweise|zeige,? dass|démontre|montre que|demuestra|demostrar)|证明|証明/u;

export const asksForProof = (text: string) => proofPattern.test(text);

/**
 * Asking for an explanation, a cause, a judgement or a design, in the six languages: open-ended however short it
 * is ("Explain monads.", "Why did Rome fall?", "Design Twitter.", "Erkläre die Relativitätstheorie.", "Is Bitcoin a
 * bubble?", "Lohnt sich das?").
 */
const explanationPattern = /(?<!\p{L})(?:explain|why|what caused|causes? of|should (?:i|we)|worth|design|architect|a good (?:idea|investment|choice)|bubble|overrated|underrated|pros and cons)(?!\p{L})|erklär|expliqu|explica|por qué|pourquoi|warum|lohnt|vale la pena|vaut (?:le coup|la peine)|解释|为什么|值得|説明|なぜ|価値がある/u;

export const asksForExplanation = (text: string) => explanationPattern.test(text);
