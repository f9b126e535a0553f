import { GERMAN_PROOF, JUDGED_GOOD_OR_BAD_FOR } from './word-senses.js';

/** Asking for a proof, in the languages of the cues: proof-level work whatever its length ("证明：根号2是无理数"). */
const proofPattern = new RegExp(String.raw`(?<!\p{L})(prove(?!\p{L})|(?<!-)proofs?(?![\p{L}-])(?! of (?:concept|address|purchase|delivery|identity|income|residence|work))|show that|demonstrate that|${GERMAN_PROOF}|zeige?,? dass|démontre|prouve|montrer? que|montrez que|prueba que|prova che|zeigen sie,? dass|muestre que|pruebe que|demuestr[ae]|demostrar|dimostra|demonstre|prove que|докажи|доказать|bewijs|udowodnij|kanıtla)|证明|証明|を示せ|ことを示し|증명`, 'u');

export const asksForProof = (text: string) => proofPattern.test(text);

/**
 * Asking for a shorter text (summary cues too: "kürzer", "shorten", "acorta", "缩短"): of a text the conversation wrote,
 * an edit of it, not its summary.
 */
const shorteningPattern = /k(?:ü|ue)rz|shorten|shorter|acort|raccourc|accorci|encurt|缩短|精简|短く/;

export const asksToShorten = (text: string) => shorteningPattern.test(text);

/**
 * Asking for an explanation, a cause, a judgement or a design, in the languages of the cues: open-ended however short it
 * is ("Explain monads.", "Why did Rome fall?", "Design Twitter.", "Erkläre die Relativitätstheorie.", "Is Bitcoin a
 * bubble?", "Lohnt sich das?"); so are how a thing works, what would happen if, and the questions of philosophy ("Is free
 * will compatible with determinism?", "What is the meaning of life?" had gone to T1 as small talk), and the open problems
 * and big judgements of science, mathematics and history, named or not ("Is the Riemann hypothesis true?",
 * "機械は意識を持てますか？", "Was the euro a mistake?") and the subjects of physics: the classifier learnt that short
 * is easy, and these are short.
 * Whole words of Latin script first, then stems and words of any script matched anywhere.
 */
const openQuestionWords = [
  // An explanation, a cause, a design.
  'explain', 'why', 'what caused', 'causes? of', 'design', 'architect', 'difference between', 'differences between',
  // A judgement or a decision.
  'should (?:i|we)', 'worth', JUDGED_GOOD_OR_BAD_FOR, 'a good (?:idea|investment|choice)', 'bubble', 'overrated', 'underrated', 'pros and cons', 'who would win',
  '(?:a|the) (?:mistake|success|failure)', '(?:ein|der) (?:fehler|erfolg)', '(?:un|el) (?:error|éxito|fracaso)', '(?:un|une) (?:erreur|succès|échec)',
  // How a thing works, what would happen.
  String.raw`how (?:does|do|did|would|could|can) (?!i |you |we )[\p{L}\s'-]{2,40}(?:work|happen|affect|change|compare)`, 'what (?:would|will) happen', 'what if',
  // Philosophy.
  'is it (?:ethical|moral|immoral|possible|wrong|right|fair)', 'compatible with', 'meaning of (?:life|existence)', 'free will', String.raw`philosoph\p{L}*`,
  'does god exist', 'morality', 'ethics', 'conscious(?:ness)?', 'sentien(?:t|ce)', 'bewusstsein', 'conciencia', 'conscience', 'invented or discovered',
  // A forecast: what a price, a market or a trend will do ("is the s&p going to crash", "will rate cuts reignite inflation?").
  String.raw`(?:will|going to|gonna) [\p{L}\p{N}\s&'.-]{0,40}?(?:rise|fall|crash|drop|go up|go down|recover|collapse|survive|replace|rebound|decline|soar|plunge|skyrocket|spike|keep (?:rising|falling|going))`,
  String.raw`wird [\p{L}\p{N}\s'.-]{0,40}?(?:steigen|fallen|sinken|einbrechen|crashen|überleben)`, 'va-t-(?:il|elle)', 'vont-(?:ils|elles)',
  // Subjects of physics no one-step answer covers ("C'est quoi la relativité générale ?" went to T1 as small talk).
  String.raw`quantum|quanten\p{L}*|quantique|cuántic[oa]|quantistic[oa]|relativity|relativit(?:é|à|ätstheorie)|relatividad|entanglement|black holes?|string theory|thermodynamics`,
  // Open problems, named or not.
  'conjectures?', 'hypothes[ie]s', 'unsolved', 'open problems?', 'infinitely many', String.raw`p ?(?:=|vs\.?|versus|equals?|equal to|!=|≠) ?np`, 'riemann',
  'goldbach', 'collatz', 'twin primes?', 'navier[- ]stokes', 'vermutung', 'hypothese', 'conjetura', 'hipótesis', 'hypothèse',
];
const openQuestionStems = [
  'erklär', 'expliqu', 'explica', 'por qué', 'pourquoi', 'warum', 'lohnt', 'vale la pena', 'vaut (?:le coup|la peine)', 'cómo funciona', 'wie funktioniert',
  'comment fonctionne', 'qué pasaría si', 'was würde passieren', 'que se passerait-il', 'sentido de la vida', 'sinn des lebens', 'sens de la vie',
  'libre albedrío', 'freie[nr]? wille', 'libre arbitre', 'spiega', 'perché', 'por que', 'объясни', 'почему', 'waarom', 'wyjaśnij', 'dlaczego', 'açıkla',
  // A choice judged good or bad ("un bon choix", "正しい判断"; in English JUDGED_GOOD_OR_BAD_FOR, above).
  'un bon choix', 'un mauvais choix', 'buena decisión', 'mala decisión', 'richtige entscheidung', '正しい判断', '正しかった', '正确的决定',
  '解释', '为什么', '值得', '原理', '会发生什么', '人生的意义', '自由意志', '意识', '猜想', '假说', '发明还是发现', '成功吗', '失败吗', '错误吗',
  // Forecasts: prices and markets going up or down.
  'subirá', 'bajará', 'caerá', 'salirà', 'scenderà', 'vai cair', 'vai subir', 'вырастет', 'упадёт', 'упадет', 'подешевеет', 'подорожает', '오를까', '떨어질까',
  '会不会', '还会涨', '还会跌', '还能涨', '会涨吗', '会跌吗', '上がりますか', '下がりますか', '上がる？', '下がる？', '暴落',
  '量子', '相对论', '黑洞', '相対性', 'ブラックホール', '説明', 'なぜ', '価値がある', '仕組み', '人生の意味', '意識', '仮説', '予想', '発明か発見か', '成功だった', '失敗だった', '설명', '왜',
];
const explanationPattern = new RegExp(String.raw`(?<!\p{L})(?:${openQuestionWords.join('|')})(?!\p{L})|${openQuestionStems.join('|')}`, 'u');

export const asksForExplanation = (text: string) => explanationPattern.test(text);
