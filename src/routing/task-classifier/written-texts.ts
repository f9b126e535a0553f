/**
 * What a request to write asks to be written: a text for people to read ("Write a thank-you note to the on-call engineer
 * who fixed the Redis outage", "给全体研发同事写一封邮件，通知…数据库集群升级", "紹介記事を書いてください") or a piece of
 * software ("Write a Python script that sends a daily email", "写一个Python脚本…发送邮件"). A team that builds software
 * writes much of its prose about software: its words (Redis, API, Kubernetes, a pull request) are code's cues, and such
 * requests read as code (11 of 22 of a probe, m78). The first kind of thing named after the verb is what is asked; in
 * Japanese, which puts the verb last, the last one named before it.
 */
export type WrittenKind = 'prose' | 'software';

/** A script for a video, an ad or a scene is a text to be spoken ("a script for a 60-second YouTube short", "ein Skript für ein Erklärvideo"). */
const FOR_A_SCREEN = String.raw` (?:for|für|d'une?|de|del|per)\b[^.?!]{0,40}(?:vid|film|movie|youtube|tv\b|commercial|podcast|scene|play\b|skit|sketch|trailer|episode|show)`;

/** Verbs of writing that come before what they write (English, Spanish, French, German, Italian, Portuguese, Russian). */
const writingVerbs = [
  'write', 'compose', 'draft', 'craft', 'create', 'generate', 'escribe', 'escríbeme', 'escribeme', 'redacta', 'redáctame', 'rédige', 'rédigez',
  'écris', 'écrivez', 'schreib', 'schreibe', 'verfasse', 'formuliere', 'entwirf', 'scrivi', 'redigi', 'escreva', 'redija', 'напиши', 'составь',
];

/** Texts for people, whole words with a plural (a note, not a notebook; a post, not Postgres). */
const proseNouns = [
  'e-?mails?', 'letters?', 'notes?', 'posts?', 'tweets?', 'announcements?', 'memos?', 'newsletters?', 'blog', 'articles?', 'essays?',
  'stor(?:y|ies)', 'poems?', 'speech(?:es)?', 'toasts?', 'bio', 'biography', 'descriptions?', 'repl(?:y|ies)', 'messages?', 'press release',
  'case stud(?:y|ies)', 'job ad', 'job posting', 'slogans?', 'taglines?', 'headlines?', 'captions?', 'invitations?', 'apology', 'proposal',
  'lyrics', 'song', 'paragraphs?', 'introduction', 'intro', 'thank-you', 'greetings?', 'wishes', 'eulogy', 'obituary', 'testimonials?', `['"‘“]?about(?: me| us)?['"’”]? (?:section|page)`, 'vows', 'backstory', 'profile',
  'limericks?', 'haikus?', 'sonnets?', 'villanelles?', 'verses?', 'raps?', 'odes?', 'ballads?', 'jokes?', 'novels?', 'chapters?', 'scenes?',
  'dialogues?', 'monologues?', 'about us', '(?:video|tv|ad|film|movie|podcast|youtube|radio)[- ]scripts?', `(?:scripts?|skript)(?=${FOR_A_SCREEN})`,
  // Spanish, French, Italian, Portuguese
  'correos?', 'cartas?', 'anuncios?', 'art[íi]culos?', 'publicaci[óo]n', 'discursos?', 'mensajes?', 'textos?', 'comunicados?', 'invitaci[óo]n',
  'poemas?', 'historias?', 'cuentos?', 'descripci[óo]n', 'tuits?', 'notas?', 'felicitaci[óo]n', 'brindis', 'courriels?', 'lettres?', 'annonces?',
  'discours', 'textes?', 'communiqu[ée]s?', 'po[èe]mes?', 'histoires?', 'lettera', 'articolo', 'discorso', 'messaggio', 'testo', 'annuncio',
  'poesia', 'storia', 'descrizione', 'artigo', 'mensagem', 'an[úu]ncio', 'hist[óo]ria', 'descri[çc][ãa]o',
  // German, Russian
  'ansprache', 'einladung', 'entschuldigung', 'anschreiben', 'bewerbung', 'pressemitteilung', 'beschreibung', 'glückwunsch', 'gedicht',
  'geschichte', 'письмо', 'пост', 'статью', 'речь', 'сообщение', 'объявление', 'стихотворение', 'рассказ', 'поздравление', 'описание',
];
/** German writes a text's kind at the end of a compound ("Entschuldigungsmail", "LinkedIn-Beitrag", "Stellenanzeige"). */
const germanProseEndings = ['mail', 'brief', 'beitrag', 'artikel', 'anzeige', 'rede', 'nachricht', 'ankündigung'];

/**
 * Pieces of software, whole words with a plural; a message a program writes is software's ("a commit message"). Not
 * software-requests.ts's kinds of program, made to be read after a verb of making: read here, its "landing page" and
 * "generator" outran a text's headline and electricity's generator (2 of the set's rows read worse, 2 better).
 */
const softwareNouns = [
  `scripts?(?!${FOR_A_SCREEN})`, 'functions?', 'methods?', 'class(?:es)?', 'programs?', 'quer(?:y|ies)', 'regexe?s?', 'regular expressions?',
  'workflows?', 'bots?', '(?:unit |integration )?tests?', 'test cases?', 'snippets?', '(?<!to )code', 'commit messages?', 'error messages?',
  'log messages?', 'components?', 'modules?', 'endpoints?', 'games?(?! plan)', 'apps?', 'applications?', 'websites?', 'web ?pages?', 'html', 'css',
  'extensions?', 'plugins?', 'widgets?', 'scrapers?', 'crawlers?', 'migrations?', 'dockerfile', 'makefile', 'commands?', 'cron jobs?',
  'pipelines?', 'sql',
  // Spanish, French, German, Italian, Portuguese, Russian
  'sito web', 'sitio web', 'site web', 'p[áa]gina web', 'page web', 'webseite', 'funci[óo]n', 'm[ée]todo', 'clase', 'programa', 'consulta',
  'c[óo]digo', 'fonctions?', 'm[ée]thodes?', 'classe', 'programme', 'requête', `skript(?!${FOR_A_SCREEN})`, 'funktion', 'methode', 'klasse',
  'programm', 'abfrage', 'funzione', 'metodo', 'programma', 'codice', 'fun[çc][ãa]o', 'скрипт', 'функци[юя]', 'метод', 'класс', 'программу',
  'запрос', 'код',
];

/** Chinese counts a text with its own measure word (一篇 an article, 一首 a poem, 一封 a letter): that alone names prose. */
const chineseProse = [
  '一篇', '一首', '一封', '场面', '邮件', '封信', '感谢信', '求职信', '推荐信', '道歉信', '邀请函', '文案', '公告', '通知', '启事', '文章', '博客', '推文',
  '朋友圈', '宣传语', '标语', '广告语', '演讲稿', '致辞', '发言稿', '评语', '简介', '自我介绍', '回复', '祝福', '贺词', '诗', '故事', '歌词', '帖子', '软文',
  '新闻稿', '短文', '作文', '一段话', '一段文字', '视频脚本', '剧本', '小说', '台词', '对白', '情书', '请假条', '检讨书',
];
/** A programmer (程序员) is no program; a category (类别) no class. */
const chineseSoftware = ['脚本', '函数', '程序(?!员)', '代码', '一个类(?![别型似])', '查询', '正则', '机器人', '组件', '插件', '爬虫', '单元测试', '测试用例'];
const japaneseProse = [
  'メール', '手紙', 'お知らせ', '記事', 'ブログ', '文章', 'メッセージ', '案内', '挨拶', 'スピーチ', '紹介文', '告知', '投稿', 'ツイート', '詩', '物語', '歌詞',
  'お詫び', '文面', '招待状', '推薦文', '自己紹介', 'キャッチコピー', '台詞', 'セリフ', '小説', '作文', 'エッセイ', '返信', '例文', '文言',
  // Things to think up for a story or a shop ("キャラの生い立ちを考えて", "童話のあらすじを考えて", "スローガンを5つ考えて").
  'スローガン', '生い立ち', 'あらすじ', '童話', '神話', '昔話',
  // A LINE message, named by the app before Japanese ("伝えるLINE考えて"): not an English line of code.
  'line(?=[\u3040-\u30ff\u4e00-\u9fff])',
];
const japaneseSoftware = ['スクリプト', '関数', 'プログラム', 'コード', 'クラス', 'メソッド', '(?<!ロ)ボット', 'クエリ', '正規表現', 'テスト', 'ワークフロー'];

const word = (nouns: readonly string[]) => String.raw`(?<!\p{L})(?:${nouns.join('|')})(?!\p{L})`;
const germanCompound = String.raw`\p{L}*(?:${germanProseEndings.join('|')})(?:e|en|s|n)?(?!\p{L})`;

/** The verbs: one before what it writes (in an alphabet, or Chinese), or Japanese's after it. */
const verbPattern = new RegExp(String.raw`(?<!\p{L})(?:${writingVerbs.join('|')})(?!\p{L})|(?:撰写|起草|编写|写|拟)|(?<ja>(?:を|の)?(?:書いて|書け|作って|作成して|考えて))`, 'u');

/** What is written, each kind a named group: the first found from a position is the one named first. */
const prose = [word(proseNouns), germanCompound, ...chineseProse, ...japaneseProse].join('|');
const software = [word(softwareNouns), ...chineseSoftware, ...japaneseSoftware].join('|');
const thingPattern = new RegExp(`(?<prose>${prose})|(?<software>${software})`, 'gu');

/** How far after its verb (or, in Japanese, before it) what is written may be named, within one sentence. */
const REACH = 60;
const SENTENCE_END = /[.?!](?:\s|$)|[。？！\n]/;

/** The kind of thing a request to write asks for (lower-cased text), or undefined when it asks to write nothing it names. */
export function writtenKind(text: string): WrittenKind | undefined {
  const head = text.length > 400 ? text.slice(0, 400) : text;
  const verb = verbPattern.exec(head);
  if (verb === null) return undefined;
  if (verb.groups?.ja !== undefined) return lastNamedBefore(head, verb.index);
  const verbEnd = verb.index + verb[0].length;
  thingPattern.lastIndex = verbEnd;
  const thing = thingPattern.exec(head);
  if (thing === null || thing.index - verbEnd > REACH || SENTENCE_END.test(head.slice(verbEnd, thing.index))) return undefined;
  return thing.groups?.prose !== undefined ? 'prose' : 'software';
}

/** Where the last sentence of a stretch of Japanese begins (after its last 。, ？, ！ or line break). */
const LAST_SENTENCE_BREAK = /[。？！?!\n][^。？！?!\n]*$/;

/** Japanese: the last thing named in the stretch of the sentence before the verb. */
function lastNamedBefore(head: string, verbAt: number): WrittenKind | undefined {
  const from = Math.max(0, verbAt - REACH);
  // With the verb's first character, for a name known by what follows it ("LINE考えて").
  let stretch = head.slice(from, verbAt + 1);
  const sentenceStart = stretch.search(LAST_SENTENCE_BREAK);
  if (sentenceStart !== -1) stretch = stretch.slice(sentenceStart + 1);
  let kind: WrittenKind | undefined;
  thingPattern.lastIndex = 0;
  for (let thing = thingPattern.exec(stretch); thing !== null; thing = thingPattern.exec(stretch)) kind = thing.groups?.prose !== undefined ? 'prose' : 'software';
  return kind;
}
