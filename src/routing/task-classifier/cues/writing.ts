import type { Cue } from '../cue-index.js';
import { correctsOwnText } from '../phrase-cues.js';
import { LETTER_TO_WRITE, everydayWords, mediaScript, storyScript } from '../word-senses.js';

/** The writing family's cues: a text to write, rewrite or correct. */
export const writingCues: readonly Cue[] = [
  // Not an analysis written ("Write a short analysis of how the opening scene builds suspense"): that names its task.
  /\bwrite an?\b(?! (?:short |brief |detailed |quick |critical |careful )?(?:analysis|critique|comparison|evaluation|assessment)\b)/,
  'draft', 'rewrite', 'grammar', 'grammatical', 'gramatical', 'spelling', 'gramática', 'ortografía', 'grammatik',
  'rechtschreibung', 'grammaire', 'orthographe', '语法', '文法', 'rephrase', 'reword', 'paraphrase', 'tweet', 'poem', everydayWords.story,
  // Not an e-mail address named as one of a list's fields ("liste Name, E-Mail und Gehalt auf").
  'essay', /\be-?mail(?<!, e-?mail)/, LETTER_TO_WRITE, 'headline', 'slogan',
  /mottos?\b(?<=\b(?:a|an|ein|einen|un|new|short|catchy|good|some|few|three|five|ten|\d+) mottos?)/, 'tagline', 'caption', /post(?![\p{L}-])/u, 'toast',
  // Texts invented for a story or a game, and a pitch: a character's backstory, a setting's lore, a synopsis to invent, not
  // one of a film that exists ("Donne-moi le pitch d'une série…", "come up with some lore for a floating city").
  'backstory', 'back story', /\b(?:some|write|create|invent|come up with|build) (?:[\w-]+ ){0,2}?lore\b|\blore for\b/,
  /\b(?:imagine|invente|inventa|invent|écris|escribe|write|create|come up with|erfinde|schreib)\b[^.?!\n]{0,20}\bs[iy]nops[ie]s\b/,
  'elevator pitch', 'sales pitch', /\ba pitch for\b/, /\b(?:le|un) pitch d['e]/, 'スローガン',
  // German "denk dir … aus", to make up a text ("Denk dir eine Sage aus…"), not a number to think of.
  /\bdenk(?:en sie)? (?:dir|sich) (?!eine zahl)(?:[\p{L}-]+ ){1,4}?aus\b/u,
  everydayWords.speech, 'proofread', 'typo', ...correctsOwnText, 'reformul', 'riformula', 'réécri', 'reescrib', 'riscriv',
  'more professional', 'sound more', 'more formal', 'less formal', 'more polite', 'product description',
  // A copywriter's role, as an app's system prompt gives it ("Eres redactor de una agencia de viajes", "Tu es rédacteur web").
  'copywrit', 'コピーライター', 'eres redactor', 'eres un redactor', 'eres una redactora', 'tu es rédacteur', 'tu es un rédacteur', 'tu es rédactrice',
  'du bist texter', 'du bist ein texter',
  // Push notifications to write, not to implement ("You write friendly push notifications of at most 90 characters").
  /\b(?:write|writes|writing|draft|compose)\b[^.?!\n]{0,30}\bpush notifications?\b/, /プッシュ通知[^。\n]{0,20}書/u,
  'social media manager', 'community manager', 'stellenanzeige', 'job ad', 'offre d\'emploi', 'oferta de empleo', 'you write ', 'polish my',
  'polish this', 'polish the', 'polish your', 'corrected text', 'verfass', 'blog post', 'blogbeitrag', 'blog-beitrag', 'article de blog',
  'entrada de blog', 'artículo de blog', 'artículo para el blog', 'articolo per il blog', 'ブログ記事', 'press release', 'pressemitteilung',
  'communiqué de presse', 'comunicado de prensa', 'プレスリリース', '新闻稿', 'reply to this', 'reply to the', 'respond to this', 'répondre à ce',
  'responder a este', 'responder a esta', /(?<!不用|不要|无需|不必|别)回复/, '返信', '文案', '标语', '广告语', '广告词', '口号', '随笔', 'エッセイ', '演讲稿', '发言稿', '致辞', '招聘广告',
  /(?:生成|创作|编写)一(?:篇|段|则|封|首|句)/, 'キャッチコピー', 'catchphrase', '挨拶文', 'line送', 'lineで送', 'lineを送', '書き直', '言い換え', '添削', '改写', '重写', '文面',
  'escribe', 'escríb', 'redacta', /redacte(?!d)/, 'redáct', 'cuento', 'schreib', 'formuliere', 'gedicht', 'geschichte', 'écris', 'rédige',
  'poème',
  /nouvelles?(?= (?:de (?:science|\d|fantasy|fantastique|mille|deux|trois|cinq|quelques|moins|plus|environ)|qui|policière|fantastique|historique|noire|sur|d'(?:horreur|anticipation|amour|environ|aventure)|en (?:\d|deux|trois|cinq|quelques|moins))\b|[.,!?]|$)|nouvelles?(?<=(?:courte|petite|brève) nouvelles?)/u,
  'lettre', /写(?!作业|字|得|了)/, '润色', /诗(?!般|意)/, 'メール', '書いて', /(?<!这篇|此篇|该篇|本篇|这|该|此|下面的|以下|上面的|给定的|この)文章(?!を読|によると|に基づ|中|里|提到)/, '詩', '小説',
  // A story's idea or outline asked for ("Entwirf die Grundidee für einen Krimi", "imagine l'intrigue d'une nouvelle", "帮我构思一个故事梗概",
  // "恋愛小説のあらすじを考えて"), and a name for a business (a pet's name is small talk): "trouve un nom accrocheur pour mon food truck".
  'grundidee', 'logline', 'lesson plan', 'plan de clase', 'plan de cours', 'unterrichtsplan', 'unterrichtsentwurf', '教案', '授業計画', '指導案',
  'お祝いメッセージ', 'メッセージを考え', '祝福语', '贺词', /intrigue d['’]une?\b/, '构思', '梗概', 'あらすじを考え', 'プロットを考え', '短編', '短篇', '店名', 'ネーミング',
  'nom accrocheur',
  /names? for (?:my|our|a|an|the) (?:\p{L}+ )?(?:shop|store|bakery|caf[eé]|coffee shop|restaurant|business|brand|company|startup|app|podcast|channel|band|food truck|boutique|salon|product|blog|newsletter|bar|brewery)\b/u,
  /nom (?:\p{L}+ )?pour (?:mon|ma|notre|un|une) (?:\p{L}+ )?(?:boutique|magasin|boulangerie|café|restaurant|entreprise|marque|start-up|startup|appli|application|podcast|chaîne|groupe|food truck|salon|produit|blog)(?!\p{L})/u,
  /nombre (?:\p{L}+ )?para (?:mi|nuestra|nuestro|una|un) (?:\p{L}+ )?(?:tienda|panadería|cafetería|café|restaurante|empresa|marca|startup|app|aplicación|podcast|canal|grupo|banda|negocio|producto|blog)(?!\p{L})/u,
  /namen? für (?:meinen|meine|mein|unseren|unsere|unser|einen|eine|ein) (?:\p{L}+ )?(?:laden|shop|bäckerei|café|restaurant|firma|unternehmen|marke|startup|start-up|app|podcast|kanal|band|produkt|blog|foodtruck)(?!\p{L})/u,
  /给(?:我的|我们的)?\p{Script=Han}{0,4}(?:店|公司|品牌|餐厅|咖啡馆|工作室|公众号|频道|产品)起/u,
  // Drafting and a piece's headings, in the words the other lists lacked ("草拟一封专业邮件", "eine Überschrift für einen Artikel
  // entwerfen", "an outline with subheadings"); a passage's fitting title stays a summary's (summarization.ts).
  '草拟', '邮件', /写得(?:礼貌|正式|专业|委婉|得体|简洁|生动)/, '工作总结', '总结报告', '年终总结', '述职报告', '起草', '撰写', 'subheading', 'zwischenüberschrift', 'schlagzeile',
  /überschrift(?:en)? für (?:einen|den|meinen|unseren|ihren|eine|die|das) (?:\p{L}+ )?(?:artikel|blog|beitrag|post|newsletter|anzeige|kampagne|website|webseite)/u,
  'scrivi', 'poesia', 'racconto', 'redigi', 'escreva', 'redija', 'напиши', 'сочини', 'стих', 'письмо', 'рассказ', 'поздравлен', '작성해',
  '써 주', '써줘', '써 줘', '써줄래', '이야기를 써', '짧은 이야기', '글을 부탁', '글을 써', '카드에 들어갈', '편지', '축사', '메시지', '이메일', 'schrijf', 'napisz', 'wiersz',
  'şiir', 'mektup', 'yazar mısın', 'yazar misin', 'yazabilir misin', 'yazabilir mısın', 'yazsana', 'hikaye', 'hikâye', 'öykü', 'tulis',
  'اكتب', 'قصيدة', 'viết', 'लिखो', 'लिखें', 'लिखिए', 'कविता', 'เขียน',
  // A poem, a story or a song asked for in Vietnamese, Persian, Hebrew, Czech, Greek and Russian.
  'bài thơ', 'làm thơ', 'thơ về', 'câu chuyện', 'bài hát', 'شعر', 'داستان', 'بنویس', 'כתוב', 'סיפור', 'שיר ', 'příběh', 'báseň', 'napiš',
  'scénář', 'povídk', 'ποίημα', 'ποιημα', 'γράψε', 'γραψε', 'песн', 'допиши', 'рифм', 'четверостиш', 'расскажи историю', 'придумай', 'koan',
  '紹介文', '投稿文', '回一条消息', '回条消息', '回个消息', '案内文', 'make it shorter', 'make it longer', 'more concise', 'less wordy', 'sound less',
  'sounds less', 'sounds more', 'less robotic', 'more natural', 'more human',
  /\b(?:a|my|short|quick|brief|professional|author|speaker|instagram|twitter|linkedin|tiktok) bio\b/,
  /\bun mensaje (?:para|de (?:felicitación|cumpleaños|despedida|agradecimiento|bienvenida))/,
  /\b(?:petit |un )?(?:mot|message|texte|carte) (?:d'anniversaire|de remerciement|d'adieu|de bienvenue|de condoléances|pour (?:ma|mon|mes) )/,
  'un message pour', /\beine nachricht (?:an|für)\b/,
  // Fiction, verse and scripts by their genre: "lyrics for an intro song", "the first chapter of a novel", "a script of
  // Jigglypuff and Kirby in a boxing match" (a long plot under the request read as a puzzle, the word script as code).
  'lyrics',
  /song\b(?<=\b(?:a|an|the|this|my|our|short|funny|sad|love|theme|intro|birthday|country|rock|pop|metal|rap|punk|folk|christmas|kids'?) song)(?! recommend)/,
  /song (?:about|where|in the style)\b/, 'chapter', 'screenplay', 'limerick', 'haiku', 'sonnet', 'fable', 'fanfic', 'fan fiction',
  'monologue', 'rhym', 'tongue twister', 'one-liners', 'one liners', 'write me',
  /compose(?!r|d (?:(?:mainly|mostly|primarily|largely|entirely|chiefly) )?of\b)(?<!docker[ -]compose)(?<!\bse compose)/,
  // A scene to write, not a film's scene analysed ("how the opening scene of the film Jaws builds suspense").
  /scene\b(?<=\b(?:a|the|opening|first|final|next|closing) scene)(?! (?:of|in) (?:the |this |that )?(?:film|movie)\b)/,
  /episode\b(?<=\b(?:new|an|next|first) episode)/,
  /dialog(?:ue)? (?:of|between|entre|zwischen|où|where|in which|con|avec|mit)\b/, /dialogo (?:tra|fra)\b/,
  /dialog(?:ue)?\b(?<=\b(?:a|un|une|einen|ein) dialog(?:ue)?)/, /diálogo\b(?<=\b(?:un|um) diálogo)/, /dialogo\b(?<=\b(?:un|uno) dialogo)/,
  'a conversation between', /verses?\b/, 'stanza', 'ballad', 'ode to', 'eulogy', 'wedding vows', /rap (?:song|battle|verse|about)\b/,
  'greentext', 'fiction', 'plot twist', storyScript, mediaScript, 'punchline', 'continue the story', 'continue the text',
  'continue this story', 'continuation of', 'continúa la historia', 'continuación de', 'fortsetzung', 'weiterschreiben',
  "suite de l'histoire", '续写', '続きを書', 'ラノベ', 'スピーチ',
  // A speech to write, named with "a" or "my" ("necesito un discurso corto para la boda"), not a president's speech analysed.
  /(?<!\p{L})(?:un|mi) discurso(?!\p{L})/u, /(?<!\p{L})(?:un|mon) discours(?!\p{L})/u, /(?<!\p{L})(?:eine|meine) rede(?!\p{L})(?! (?:sein|davon))/u,
  /(?<!\p{L})(?:un|il mio) discorso(?!\p{L})/u, 'canción', 'letra de', 'letra para', 'capítulo', 'guion', 'guión', 'escena', 'fábula',
  'estrofa', 'rima ', 'rimas', 'monólogo', 'relato', 'liedtext', 'kapitel', 'drehbuch', 'szene', 'fabel', 'strophe', 'reimt', 'reimen',
  'gereimt', 'kurzgeschichte', 'märchen',
  // German writes the kind of story or poem into one word ("eine Gruselgeschichte", "ein Liebesgedicht"); Geschichte alone is
  // history as often as story ("Weltgeschichte", "Kunstgeschichte"), so only the story kinds.
  /(?:geschichte)(?<=(?:grusel|gutenacht|einschlaf|liebes|abenteuer|weihnachts|kinder|horror|geister|gespenster|detektiv|krimi|fantasy|märchen|tier|kurz)geschichte)/,
  /(?:gedicht)(?<=\p{L}{3}gedicht)/u,
  // Going on with a text or telling it in a manner ("continúa este texto…", "продолжи историю…", "in the style of a nature documentary").
  'continúa este', 'continúa el texto', 'continua la storia', 'continua il racconto', 'continua questo', 'continue a história',
  'continue este texto', "continue l'histoire", 'continue ce texte', 'invente la suite', 'продолжи историю', 'продолжи текст',
  'продолжи рассказ', 'продолжи стих', 'die geschichte fort', '接着写', '続きを考え', 'in the style of', 'im stil von', 'im stile von',
  'al estilo de', 'dans le style de', 'à la manière de', 'nello stile di', 'alla maniera di', 'no estilo de', 'в стиле', 'chanson ',
  'paroles', 'chapitre', 'scénario', 'scène', 'blague', 'conte ',
  // A story told on request ("raconte-moi une histoire", "cuéntame una historia", "raccontami una storia"): "histoire",
  // "historia" and "storia" alone are history too.
  'raconte-moi une histoire', 'raconte une histoire', 'racontez une histoire', 'une histoire drôle', 'cuéntame una historia',
  'cuenta una historia', 'una historia corta', 'raccontami una storia', 'racconta una storia', 'una storia divertente', 'canzone ',
  'capitolo', 'sceneggiatura', 'favola', 'canção', 'сценари', 'басн', 'сказк', 'диалог', '歌词', '剧本', '寓言', '相声', '段子', '对联', '对仗', '押韵',
  '台词', '故事', '散文', '作文', '歌詞', '脚本', 'シナリオ', '台本', '物語', 'ストーリー', '俳句', '短歌', '川柳', 'セリフ', '童話', '話を一つ', '話をひとつ', '話を作って', '話を考えて', 'お話を',
  'ショートショート', '가사', '소설', '시나리오', '대본', '동화',
  // A given text to correct or to make sound another way ("corrige las faltas y mejora la redacción", "make this paragraph sound
  // friendlier"); errors to fix in a program are code's, so only a text's own words are named.
  'corrige las faltas', 'corrige el texto', 'corrige este texto', 'mejora la redacción', 'mejorar la redacción', 'corrige les fautes',
  'corrige ce texte', 'corrige mon texte', 'améliore la rédaction', 'améliore ce texte', 'korrigiere den text', 'korrigiere meinen text',
  'verbessere den text', 'verbessere meinen text', 'verbessere diesen text', 'correggi il testo', 'correggi gli errori di ortografia',
  'corrija o texto', '错别字', '修改病句', '校正して',
  /\btighten (?:up )?(?:this|my|the|our) (?:[\w-]+ ){0,2}?(?:intro|introduction|paragraph|text|copy|draft|sentence|email|letter|essay|bio|post|pitch|wording|prose|opening|abstract|speech|cover letter)\b/,
  /\bmake (?:this|it|the|my|that|these|our) (?:[\w-]+ ){0,3}?(?:sound|read) (?:more|less|a bit|a little|friendlier|warmer|nicer|kinder|softer|smoother|punchier|snappier|livelier|clearer|simpler|firmer|stronger|gentler)\b/,
  // A poem asked for by its form alone ("Un pantoum sur l'insomnie", "Una décima espinela sobre el mar", "a villanelle about loss").
  'espinela', 'pantoum', 'villanelle', 'villanella', 'sestina', 'sextine', 'rondeau', 'terza rima', 'ghazal', 'tanka', 'sonett', 'triolet',
  // A given text expanded or moved to another grammatical person ("Expand the following note into a paragraph", "Amplía la
  // siguiente frase", "Change the paragraph from first person to second person").
  /\bexpand (?:the|this|these|my|our) (?:following |given |above )?(?:note|notes|sentence|sentences|paragraph|text|line|lines|idea|outline|bullet points|draft|phrase)\b/,
  /\bexpand (?:it|this|the following|the given)\b(?= into)/, 'amplía la', 'amplía el', 'amplía este', 'amplía esta', 'erweitere den',
  'erweitere die', 'développe cette phrase', 'développe ce paragraphe',
  /\b(?:from|into|to|in) (?:the )?(?:first|second|third)[- ]person\b(?! (?:shooter|view|camera|perspective|to|who|that|in line)\b)/,
];
