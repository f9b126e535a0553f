import { englishLexicon, knownWord } from '../../cache/semantic/lexicon.js';
import { CueIndex, type Cue } from './cue-index.js';
import { correctsOwnText, identifiesInGivenText, kinshipPuzzle, syllogismsInEverydayWords } from './phrase-cues.js';
import { BETWEEN_SETS, FUNCTION_PROPERTIES, GERMAN_PROOF, LETTER_TO_WRITE, MATHS_ONLY_FUNCTION_KINDS, booleanOperations, everydayWords, inLanguage, intoLanguage, mathematicalFunction, mediaScript, programScript, storyScript, withGivenDigits } from './word-senses.js';

/** A share asked of the world ("about what percentage / fraction…"), as a pattern's source. */
const A_SHARE = String.raw`(?:percentage|percent|share|fraction|proportion)\b`;

/**
 * Words that say what is asked: the verbs and nouns of each task family ("translate", "traduce", "übersetze",
 * "翻译"…), in the six languages of the routing set and, since a cue is one feature whatever its language, in other
 * common ones too (Italian, Portuguese, Russian, Korean, Dutch, Polish, Turkish; the main verbs in Indonesian, Arabic,
 * Vietnamese, Hindi, Thai, Greek and Hebrew; a word problem's "how many" in Bengali, Telugu and Swahili too): a prompt
 * in a language the set does not hold is read by the same cue features the six taught the model. A cue ending in a
 * space is a whole word; a RegExp is a word with its everyday use left out ("dress code", "the function of the liver").
 * They are general vocabulary, not phrases of the set; the model learns how much each family's cues count (a 'prove' in
 * small talk is outweighed by the rest). Matched as substrings of the lower-cased text, so inflections match too.
 */
const taskCues: Record<string, readonly Cue[]> = {
  code: [
    /code(?<!(?:dress|zip|postal|promo|discount|coupon|area|country|qr|access|bar|morse) code)(?!s? (?:of conduct|promo|postal|de la route|civil|vestimentaire|pénal|de réduction)\b)/, mathematicalFunction.english, programScript, 'regex', 'sql', everydayWords.bug, everydayWords.compile, everydayWords.python, 'javascript', 'typescript', 'java ', 'in rust', 'en rust', 'a rust ', 'rust code', 'rust error', 'data model', 'datenmodell', 'modèle de données', 'modelo de datos', '数据模型', 'データモデル', 'system design', /\b(?:port|convert|rewrite|migrate|translate)\w* (?:[\w']+ ){0,3}?(?:to|into) (?:rust|kotlin|swift|scala|haskell|elixir|zig|dart|c#)\b/, 'rustで', '用rust', 'in go ', 'en go ', /go (?!to |at |for it|ahead)(?<=\ba go )/, 'to go:', 'idiomatic go', 'goroutine', 'golang', 'c++', 'bash', 'git ', 'api ', 'endpoint', 'docker', 'kubernetes', 'implement', 'refactor', 'unit test', 'django', 'flask ', 'fastapi', 'spring boot', 'laravel', 'node.js', 'nodejs', 'npm ', 'in react', 'react component', 'react app', 'react hook', 'usestate', 'useeffect', 'next.js', /vue(?![a-zà-ÿ])(?<!(?:de|en|à|la|une|belle|ma|sa|ta) vue)(?! (?:d'|sur|du|des)\b)/, 'svelte', 'time complexity', 'space complexity', 'big o ', 'big-o', 'o(n', 'o(1)', 'o(log', 'leetcode', /\b(?:given|you are given) (?:an?|two|the) (?:[\w-]+ ){0,2}?(?:array|string|list|matrix|grid|linked list|binary tree|tree|integer)s?\b[^?!\n]{0,160}\breturn\b/, 'write a query', 'query that', 'query to ', 'this query', 'postgres', 'mysql', 'database', 'datenbank', 'base de données', 'base de datos', 'banco de dados', '数据库', 'データベース', 'foreign key', 'fremdschlüssel', 'clé étrangère', 'clave foránea', '外键', '外部キー', 'html', 'css', 'jsx', 'dataframe',
    'interpreter', 'parser', 'algorithm', 'linked list', 'binary tree', 'binary search', 'hash map', 'hashmap', 'hash table', 'data structure', 'stack trace', 'traceback', 'segfault', 'null pointer', 'memory leak', 'typeerror', 'syntaxerror', 'referenceerror', 'valueerror', 'keyerror', 'indexerror', 'attributeerror', 'nullpointerexception', 'exception in thread', 'test suite', 'failing test', 'tests fail', 'test fails', 'ci pipeline', 'ci run', 'ci/cd', 'the deploy', 'deployment failed', 'pull request', 'merge request', 'プルリクエスト', 'リポジトリ', '拉取请求', '.env ', /\/[\w./-]*\.(?:ts|tsx|js|jsx|mjs|py|rb|go|rs|java|kt|cs|cpp|php|swift|vue|svelte)\b(?<=[\w-]\/[\w./-]*)/, 'github', 'connection pool', 'node app', 'coding', 'codebase', 'repository', everydayWords.shell, 'pair programmer', /redis(?!e[ñn]|tri|c)/, 'memcached', 'flexbox', 'select * from',
    /\bvim\b/, /\bcron(?:tab)?\b/, 'devops', 'regular expression', 'expresiones regulares', 'expressions régulières', 'expression régulière', 'reguläre ausdrücke', 'regulären ausdruck', '正则', '正規表現', 'game engine', 'chess engine', 'rendering engine', 'solver in', 'in c ', 'c#', 'kotlin', 'php', 'haskell', everydayWords.lisp, 'terraform', 'nginx', 'powershell', 'command line', 'command-line', 'vba ', /vbs(?:cript)?\b/, 'os kernel', 'operating system', 'bot that', 'bot which', 'bot to ', 'bot que', 'bot qui', 'bot de ', 'bot für', 'bot pour', 'bot per ', 'bot der', 'bot, der', 'bot che', 'ボット', 'url shortener',
    'compilador', 'algoritmo', 'compilateur', 'moteur de rendu', '编译器', '算法', '数据结构', 'コンパイラ', 'アルゴリズム', 'データ構造',
    everydayWords.código, everydayWords.codigo, mathematicalFunction.spanish, mathematicalFunction.german, /funktionen(?!\p{L})(?! (?:der|des|von|hat|haben|hatte)(?!\p{L}))/u, everydayWords.programm, everydayWords.programme, mathematicalFunction.french, /fonctions(?!\p{L})(?! (?:du|des|principales)(?!\p{L}))(?! d['’])/u, '代码', mathematicalFunction.chinese, '编程', 'コード', mathematicalFunction.japanese, 'プログラム', '実装',
    everydayWords.codice, /funzione(?!\p{L})(?! (?:del|della|dello|dei|degli|delle|di|principale)(?!\p{L}))/u, /fun[cç][aã]o(?!\p{L})(?! (?:do|da|dos|das|de|principal)(?!\p{L}))/u, 'programar', everydayWords.programación, 'programação', 'un programa que', 'um programa que', 'programa en ', 'programa em ', 'код ', 'кода', 'коде', 'функци', 'программ', 'скрипт', 'реализуй', 'питон', '코드', '함수', '프로그램', '파이썬', '자바스크립트', '구현', 'functie', 'funkcj', 'fonksiyon',
    'kode ', 'fungsi', 'dalam python', 'دالة', 'برمجي', 'كود', 'mã nguồn', 'कोड', 'फ़ंक्शन',
    // Libraries, tools and spreadsheet functions named without a language ("pandas merge gives more rows", "SVERWEIS gibt #NV").
    /\bexcel\b(?! at\b| in\b)/, 'google sheets', 'segmentation fault', 'numpy', 'recyclerview', 'viewmodel', 'navbar', /\b(?:in|from|inside|into) (?:a|the|my|this) fragment\b/, everydayWords.pandas, 'pip install', /\bcors\b/, 'vlookup', 'xlookup', 'sverweis', 'buscarv', 'recherchev',
    // Frameworks, platforms and tools that only programming names: real traffic names the tool and not the language ("how to
    // gather a dict on multiple gpus based on torch", "a responsive login page in flutter", "install drivers on Gentoo").
    'pytorch', /torch\.[a-z]/, /\b(?:using|based on) torch\b/, 'multiple gpus', 'multi-gpu', 'keras', 'scikit', 'sklearn', 'huggingface', 'hugging face', 'langchain', 'llamaindex', 'opencv', 'matplotlib', 'seaborn', 'plotly', 'pyspark', 'hadoop', everydayWords.kafka, 'airflow', 'flutter', 'pygame', 'tkinter', 'pyqt', 'wpf', 'winforms', 'windows forms', 'asp.net', '.net ', 'dotnet', 'blazor', 'angularjs', 'jquery', 'tailwind', 'webpack', 'eslint', 'express.js', 'expressjs', 'nestjs', 'graphql', 'grpc', 'websocket', 'oauth', 'jwt', 'aws ', 'amazon s3', 'ec2', 'azure', 'gcp', 'helm chart', 'ansible', 'jenkins', 'gitlab', 'linux', 'ubuntu', 'debian', 'gentoo', 'arch linux', 'nixos', 'systemd', 'systemctl', 'mongodb', 'elasticsearch', 'dynamodb', 'firebase', 'supabase', 'prisma', 'jdbc', 'sdk', 'cuda', 'tensor', 'yaml', 'xml',
    'tcp ', 'udp ', 'arduino', 'raspberry pi', 'esp32', 'microcontroller', 'fpga', 'verilog', 'vhdl', 'autohotkey', 'apps script', 'power bi', 'dax ', 'power query', 'shader', 'glsl', 'hlsl', 'opengl', 'vulkan', 'directx', 'webgl', 'three.js', 'd3.js', 'chart.js', 'react native', 'in swift', /\bin r\b(?=[?.,!]|$| (?:code|script|language|studio))/, 'ggplot', 'dplyr', 'tidyverse', 'rstudio', 'in julia', 'julia code', 'elixir', 'genserver', 'in ruby', 'ruby code', 'ruby method', 'rubygems', 'stata', 'sed command', /\brails (?:app|migration|model|controller|console|server|routes?|api|\d)/, 'in rails', 'spring bean', /latex(?! (?:gloves?|allergy|paint|mattress|balloons?|pillows?|free))/, 'center a div', 'tsconfig', 'package.json', 'swift code', 'swift function', 'swift app', 'swiftui', 'jetpack compose', 'android studio', 'xcode', 'gradle', 'maven', 'cmake', 'makefile', 'lua ', 'ruby on rails', 'perl ', 'scala ', everydayWords.dart, 'matlab', /erlang(?!en)/, 'clojure', 'ocaml', 'fortran', 'cobol', 'assembly language', 'x86', 'solidity', 'smart contract', 'zig ', 'objective-c', 'zsh', 'awk ', 'jq ', 'unity3d', 'in unity', 'unreal engine', 'godot', 'roblox', 'selenium', 'puppeteer', 'playwright', 'beautifulsoup', 'scrapy', 'vscode', 'vs code', 'visual studio', 'intellij', 'jupyter', 'conda ', 'virtualenv', 'venv', 'pnpm', 'webassembly', 'wasm', 'llvm', 'gcc', 'clang', 'rustc', 'nuget', 'entity framework', 'linq', 'backend', 'back-end', 'frontend', 'front-end', 'full stack', 'fullstack', 'microservice', 'serverless', 'stack overflow', 'stackoverflow', 'debug', 'breakpoint', 'runtime error', 'stacktrace', 'localhost', 'ssh ', 'sudo ', 'apt-get', 'apt install', 'chmod', 'iptables',
    'write a program', 'a program that', 'a program which', 'a program to ', 'this program', 'my program', 'computer program', 'js ', 'web component', 'shadow dom', 'the dom', 'dom element', /torch(?:'s|vision|audio)\b/, /unity (?:\d|c#|editor|engine|game|project|script)/, 'drupal', 'joomla', 'magento', 'wordpress plugin', 'wordpress theme', 'symfony', 'odoo', 'in jax', 'octave', 'autolisp', 'autocad', 'gdscript', 'compute kernel', 'gpu kernel', 'in scheme', 'scheme program', 'tailscale', 'wireguard', 'openvpn', 'onnx', 'wsdl', 'scrape ', 'scraping', 'web scrap', 'manytomany', 'many-to-many', 'fuzzer', 'fuzzing', 'after effects', 'xss', 'csrf', 'request smuggling', 'buffer overflow', 'bigquery', 'redshift', 'databricks', 'clickhouse', 'gasで', '小程序',
    // A programming contest's statement: its sections and its bounds ("n, q ≤ 2·10^5"), whatever the story around them.
    'sample input', 'sample output', 'input format', 'output format', 'input specification', 'output specification', 'time limit', 'memory limit', 'each test case', 'test cases follow', 'formato de entrada', 'exemple d\'entrée', 'eingabeformat', '输入格式', '输出格式', '样例输入', '入力形式', '出力形式', '入力例', '出力例', /(?:≤|<=)\s*(?:\d+(?:\.\d+)?\s*[·*×]\s*)?10\s*\^\s*\d/,
    // Concurrency, which only programs have: "atomically compare and exchange an atomic integer", "is this thread-safe?".
    'mutex', 'semaphore', 'race condition', 'thread-safe', 'thread safe', 'threadsafe', 'lock-free', 'compare-and-swap', 'compare and swap', 'compare and exchange', 'compare_exchange', 'atomically', 'atomic operation', 'atomic variable', 'atomic integer', 'atomic counter', 'multithread', 'multi-thread', 'concurrency', 'coroutine', 'spinlock', 'memory barrier', 'thread pool', 'threadpool', 'borrow checker', 'async/await', 'async fn', 'async def', 'async function',
    'エラーメッセージ', '报错', '多线程', '线程安全', '互斥锁', '协程', 'マルチスレッド', 'スレッドセーフ', '排他制御', 'nebenläufigkeit', 'threadsicher',
    // A page laid out differently on a large screen and a small one: web front-end work, however it is described.
    'responsive design', 'responsive layout', 'responsive page', 'responsive site', 'responsive website', 'レスポンシブ', 'スマホの時', 'スマホでは', '手机端', '移动端', '网页', '页面布局', /\b(?:desktop|large screens?|wide screens?)\b[^.?!\n]{0,60}\b(?:phones?|mobile|small screens?)\b/, /\b(?:stack|stacks|stacked|columns?|side by side|grid)\b[^.?!\n]{0,80}\b(?:on (?:phones?|mobile|small screens?|narrow screens?))/,
  ],
  writing: [
    'write a', 'draft', 'rewrite', 'grammar', 'grammatical', 'gramatical', 'spelling', 'gramática', 'ortografía', 'grammatik', 'rechtschreibung', 'grammaire', 'orthographe', '语法', '文法', 'rephrase', 'reword', 'paraphrase', 'tweet', 'poem', everydayWords.story, 'essay', 'email', 'e-mail', LETTER_TO_WRITE, 'headline', 'slogan', 'tagline', 'caption', /post(?![\p{L}-])/u, 'toast', everydayWords.speech, 'proofread', 'typo', ...correctsOwnText, 'reformul', 'riformula', 'réécri', 'reescrib', 'riscriv', 'more professional', 'sound more', 'more formal', 'less formal', 'more polite', 'product description', 'copywrit', 'コピーライター', 'social media manager', 'community manager', 'stellenanzeige', 'job ad', 'offre d\'emploi', 'oferta de empleo', 'you write ', 'polish my', 'polish this', 'polish the', 'polish your', 'corrected text', 'verfass', 'blog post', 'blogbeitrag', 'blog-beitrag', 'article de blog', 'entrada de blog', 'artículo de blog', 'artículo para el blog', 'articolo per il blog', 'ブログ記事', 'press release', 'pressemitteilung', 'communiqué de presse', 'comunicado de prensa', 'プレスリリース', '新闻稿', 'reply to this', 'reply to the', 'respond to this', 'répondre à ce', 'responder a este', 'responder a esta', '回复', '返信', '文案', '标语', '广告语', '广告词', '口号', '随笔', 'エッセイ', '演讲稿', '发言稿', '致辞', '招聘广告', /(?:生成|创作|编写)一(?:篇|段|则|封|首|句)/, 'キャッチコピー', 'catchphrase', '挨拶文', 'line送', 'lineで送', 'lineを送', '書き直', '言い換え', '添削', '改写', '重写', '文面',
    'escribe', 'escríb', 'redacta', /redacte(?!d)/, 'redáct', 'cuento', 'schreib', 'formuliere', 'gedicht', 'geschichte', 'écris', 'rédige', 'poème', /nouvelles?(?= (?:de (?:science|\d|fantasy|fantastique|mille|deux|trois|cinq|quelques|moins|plus|environ)|qui|policière|fantastique|historique|noire|sur|d'(?:horreur|anticipation|amour|environ|aventure)|en (?:\d|deux|trois|cinq|quelques|moins))\b|[.,!?]|$)|nouvelles?(?<=(?:courte|petite|brève) nouvelles?)/u, 'lettre', /写(?!作业|字|得|了)/, '润色', /诗(?!般|意)/, 'メール', '書いて', /(?<!这篇|此篇|该篇|本篇|这|该|此|下面的|以下|上面的|给定的|この)文章(?!を読|によると|に基づ|中|里|提到)/, '詩', '小説',
    // A story's idea or outline asked for ("Entwirf die Grundidee für einen Krimi", "imagine l'intrigue d'une nouvelle", "帮我构思一个故事梗概",
    // "恋愛小説のあらすじを考えて"), and a name for a business (a pet's name is small talk): "trouve un nom accrocheur pour mon food truck".
    'grundidee', 'logline', 'lesson plan', 'plan de clase', 'plan de cours', 'unterrichtsplan', 'unterrichtsentwurf', '教案', '授業計画', '指導案', 'お祝いメッセージ', 'メッセージを考え', '祝福语', '贺词', /intrigue d['’]une?\b/, '构思', '梗概', 'あらすじを考え', 'プロットを考え', '短編', '短篇', '店名', 'ネーミング', 'nom accrocheur',
    /names? for (?:my|our|a|an|the) (?:\p{L}+ )?(?:shop|store|bakery|caf[eé]|coffee shop|restaurant|business|brand|company|startup|app|podcast|channel|band|food truck|boutique|salon|product|blog|newsletter|bar|brewery)\b/u,
    /nom (?:\p{L}+ )?pour (?:mon|ma|notre|un|une) (?:\p{L}+ )?(?:boutique|magasin|boulangerie|café|restaurant|entreprise|marque|start-up|startup|appli|application|podcast|chaîne|groupe|food truck|salon|produit|blog)(?!\p{L})/u,
    /nombre (?:\p{L}+ )?para (?:mi|nuestra|nuestro|una|un) (?:\p{L}+ )?(?:tienda|panadería|cafetería|café|restaurante|empresa|marca|startup|app|aplicación|podcast|canal|grupo|banda|negocio|producto|blog)(?!\p{L})/u,
    /namen? für (?:meinen|meine|mein|unseren|unsere|unser|einen|eine|ein) (?:\p{L}+ )?(?:laden|shop|bäckerei|café|restaurant|firma|unternehmen|marke|startup|start-up|app|podcast|kanal|band|produkt|blog|foodtruck)(?!\p{L})/u,
    /给(?:我的|我们的)?\p{Script=Han}{0,4}(?:店|公司|品牌|餐厅|咖啡馆|工作室|公众号|频道|产品)起/u,
    // Drafting and a piece's headings, in the words the other lists lacked ("草拟一封专业邮件", "eine Überschrift für einen Artikel
    // entwerfen", "an outline with subheadings"); a passage's fitting title stays a summary's (below).
    '草拟', '邮件', /写得(?:礼貌|正式|专业|委婉|得体|简洁|生动)/, '工作总结', '总结报告', '年终总结', '述职报告', '起草', '撰写', 'subheading', 'zwischenüberschrift', 'schlagzeile', /überschrift(?:en)? für (?:einen|den|meinen|unseren|ihren|eine|die|das) (?:\p{L}+ )?(?:artikel|blog|beitrag|post|newsletter|anzeige|kampagne|website|webseite)/u,
    'scrivi', 'poesia', 'racconto', 'redigi', 'escreva', 'redija', 'напиши', 'сочини', 'стих', 'письмо', 'рассказ', 'поздравлен', '작성해', '써 주', '써줘', '써 줘', '써줄래', '이야기를 써', '짧은 이야기', '글을 부탁', '글을 써', '카드에 들어갈', '편지', '축사', '메시지', '이메일', 'schrijf', 'napisz', 'wiersz', 'şiir', 'mektup', 'yazar mısın', 'yazar misin', 'yazabilir misin', 'yazabilir mısın', 'yazsana', 'hikaye', 'hikâye', 'öykü',
    'tulis', 'اكتب', 'قصيدة', 'viết', 'लिखो', 'लिखें', 'लिखिए', 'कविता', 'เขียน',
    // A poem, a story or a song asked for in Vietnamese, Persian, Hebrew, Czech, Greek and Russian.
    'bài thơ', 'làm thơ', 'thơ về', 'câu chuyện', 'bài hát', 'شعر', 'داستان', 'بنویس', 'כתוב', 'סיפור', 'שיר ', 'příběh', 'báseň', 'napiš', 'scénář', 'povídk', 'ποίημα', 'ποιημα', 'γράψε', 'γραψε', 'песн', 'допиши', 'рифм', 'четверостиш', 'расскажи историю', 'придумай', 'koan',
    '紹介文', '投稿文', '回一条消息', '回条消息', '回个消息', '案内文', 'make it shorter', 'make it longer', 'more concise', 'less wordy', 'sound less', 'sounds less', 'sounds more', 'less robotic', 'more natural', 'more human', /\b(?:a|my|short|quick|brief|professional|author|speaker|instagram|twitter|linkedin|tiktok) bio\b/, /\bun mensaje (?:para|de (?:felicitación|cumpleaños|despedida|agradecimiento|bienvenida))/, /\b(?:petit |un )?(?:mot|message|texte|carte) (?:d'anniversaire|de remerciement|d'adieu|de bienvenue|de condoléances|pour (?:ma|mon|mes) )/, 'un message pour', /\beine nachricht (?:an|für)\b/,
    // Fiction, verse and scripts by their genre: "lyrics for an intro song", "the first chapter of a novel", "a script of
    // Jigglypuff and Kirby in a boxing match" (a long plot under the request read as a puzzle, the word script as code).
    'lyrics', /song\b(?<=\b(?:a|an|the|this|my|our|short|funny|sad|love|theme|intro|birthday|country|rock|pop|metal|rap|punk|folk|christmas|kids'?) song)(?! recommend)/, /song (?:about|where|in the style)\b/, 'chapter', 'screenplay', 'limerick', 'haiku', 'sonnet', 'fable', 'fanfic', 'fan fiction', 'monologue', 'rhym', 'tongue twister', 'one-liners', 'one liners', 'write me', /compose(?!r|d (?:(?:mainly|mostly|primarily|largely|entirely|chiefly) )?of\b)(?<!docker[ -]compose)(?<!\bse compose)/, /scene\b(?<=\b(?:a|the|opening|first|final|next|closing) scene)/, /episode\b(?<=\b(?:new|an|next|first) episode)/, /dialog(?:ue)? (?:of|between|entre|zwischen|où|where|in which|con|avec|mit)\b/, /dialogo (?:tra|fra)\b/, /dialog(?:ue)?\b(?<=\b(?:a|un|une|einen|ein) dialog(?:ue)?)/, /diálogo\b(?<=\b(?:un|um) diálogo)/, /dialogo\b(?<=\b(?:un|uno) dialogo)/, 'a conversation between', /verses?\b/, 'stanza', 'ballad', 'ode to', 'eulogy', 'wedding vows', /rap (?:song|battle|verse|about)\b/, 'greentext', 'fiction', 'plot twist', storyScript, mediaScript, 'punchline', 'continue the story', 'continue the text', 'continue this story', 'continuation of', 'continúa la historia', 'continuación de', 'fortsetzung', 'weiterschreiben', "suite de l'histoire", '续写', '続きを書', 'ラノベ', 'スピーチ',
    'canción', 'letra de', 'letra para', 'capítulo', 'guion', 'guión', 'escena', 'fábula', 'estrofa', 'rima ', 'rimas', 'monólogo', 'relato',
    'liedtext', 'kapitel', 'drehbuch', 'szene', 'fabel', 'strophe', 'reimt', 'reimen', 'gereimt', 'kurzgeschichte', 'märchen',
    // German writes the kind of story or poem into one word ("eine Gruselgeschichte", "ein Liebesgedicht"); Geschichte alone is
    // history as often as story ("Weltgeschichte", "Kunstgeschichte"), so only the story kinds.
    /(?:geschichte)(?<=(?:grusel|gutenacht|einschlaf|liebes|abenteuer|weihnachts|kinder|horror|geister|gespenster|detektiv|krimi|fantasy|märchen|tier|kurz)geschichte)/, /(?:gedicht)(?<=\p{L}{3}gedicht)/u,
    // Going on with a text or telling it in a manner ("continúa este texto…", "продолжи историю…", "in the style of a nature documentary").
    'continúa este', 'continúa el texto', 'continua la storia', 'continua il racconto', 'continua questo', 'continue a história', 'continue este texto', "continue l'histoire", 'continue ce texte', 'invente la suite', 'продолжи историю', 'продолжи текст', 'продолжи рассказ', 'продолжи стих', 'die geschichte fort', '接着写', '続きを考え',
    'in the style of', 'im stil von', 'im stile von', 'al estilo de', 'dans le style de', 'à la manière de', 'nello stile di', 'alla maniera di', 'no estilo de', 'в стиле',
    'chanson ', 'paroles', 'chapitre', 'scénario', 'scène', 'blague', 'conte ',
    // A story told on request ("raconte-moi une histoire", "cuéntame una historia", "raccontami una storia"): "histoire",
    // "historia" and "storia" alone are history too.
    'raconte-moi une histoire', 'raconte une histoire', 'racontez une histoire', 'une histoire drôle', 'cuéntame una historia', 'cuenta una historia', 'una historia corta', 'raccontami una storia', 'racconta una storia', 'una storia divertente',
    'canzone ', 'capitolo', 'sceneggiatura', 'favola', 'canção', 'сценари', 'басн', 'сказк', 'диалог',
    '歌词', '剧本', '寓言', '相声', '段子', '对联', '对仗', '押韵', '台词', '故事', '散文', '作文', '歌詞', '脚本', 'シナリオ', '台本', '物語', 'ストーリー', '俳句', '短歌', '川柳', 'セリフ', '童話', '話を一つ', '話をひとつ', '話を作って', '話を考えて', 'お話を', 'ショートショート', '가사', '소설', '시나리오', '대본', '동화',
  ],
  analysis: [
    'analy', /compare(?! and (?:exchange|swap)| ?-?and-?(?:exchange|swap)|_exchange|_and_swap)/, 'comparison', 'pros and cons', 'pros y contras', 'le pour et le contre', 'weakness', 'puntos débiles', 'puntos fuertes', 'points faibles', 'points forts', 'schwachstelle', '弱点', '不足之处', '弱み', '短所', 'evaluate', 'assess', 'critique', 'review', 'risk', 'why did', 'why is', 'diagnose', 'root cause', 'trade-off', 'worth', 'what explains', "what's behind", 'what is behind', "what's driving", 'what is driving', 'reasons for', 'the causes', 'main causes', 'responsible for', 'why do you think', 'how good is', 'how solid is', 'rate my', 'rate this', 'which is better', /unfavou?rable (?:to|for) /, /défavorables? (?:au|aux|à|pour) /, /desfavorables? (?:para|al|a) /, '优先解决', '最应该', 'symboli', 'simboliza', 'simbolismo', '象征', '象徴', 'red flag', 'warning sign', '一番効果が', '最も効果が', '哪个效果最好', '哪个最有效', 'is the conclusion', 'conclusion justified', 'conclusions justified', 'does the conclusion', 'la conclusion est-elle', 'la conclusión está justificada', 'ist die schlussfolgerung', 'ist das fazit', '结论是否', '結論は妥当', 'which of the two', 'which of these two', 'welches der beiden', 'welche der beiden', 'welcher der beiden', 'lequel des deux', 'laquelle des deux', 'cuál de los dos', 'cuál de las dos', 'an meiner stelle', 'à ma place', 'en mi lugar', 'what should we change', 'what would you change', 'faudrait-il changer', 'qué cambiarías', 'qué deberíamos cambiar', 'was sollten wir ändern', 'was würdest du ändern', 'which one is better', 'qué es mejor', 'cuál es mejor', 'was ist besser', 'lequel est le mieux', 'quel est le meilleur choix', '哪个更好', '哪个好', '你的看法', 'どっちがいい', /(?:どっち|どちら)[^。？?\n]{0,20}べき/u, 'どちらが良い', 'lohnt sich', 'vale la pena', 'vale a pena', /vaut (?:encore |vraiment |toujours )?le coup/, 'vaut la peine', '值得', 'a qué se debe', 'por qué crees', 'cómo se explica', 'woran liegt', 'woran könnte', 'wie erklärt sich', "comment l'expliquer", 'comment expliquer', "qu'est-ce qui explique", 'à quoi est dû', '原因', 'なぜだと思',
    'compara', 'ventajas', 'evalúa', 'vergleich', 'bewerte', 'beurteil', 'sinnvoll', 'macht es sinn', 'macht das sinn', 'ergibt es sinn', 'vaut-il mieux', 'est-il judicieux', 'honest opinion', /interpret(?!er|ing (?:for|at|between))/, /interprète(?!\p{L})/u, 'interprétez', 'interpretier', 'was sagen diese', 'que disent ces', '说明了什么', '何が言えます', 'chart tell', 'good deal', 'accept this offer', 'qué opinas de', 'was hältst du von', 'que penses-tu de', "qu'en penses-tu", 'どう思いますか', '価値はありますか', 'brutally honest', 'business idea', 'a good idea?', /\b(?:is (?:it|this|that)|would (?:it|this|that) be) a good idea\b/, /\b(?:est-(?:il|elle|ce)|serait-(?:il|elle|ce)) une bonne idée/, /\b(?:ist (?:es|das)|wäre (?:es|das)) eine gute idee/, /\b(?:es|sería) una buena idea/, 'a bad idea?', 'eine gute idee?', 'une bonne idée ?', 'una buena idea?', 'good or bad', 'gut oder schlecht', 'bueno o malo', 'bon ou mauvais', 'wäge', 'abwäg', '利弊', 'メリット', '良いことか', 'vor- und nachteile', 'avantages', 'évalue', '分析', /比较(?!好|贵|便宜|适合|合适|多|少|大|小|快|慢|方便|常见|难|容易|重要|有名|简单|复杂|远|近|高|低|长|短|新|舒服|安全|稳|熟|喜欢|担心|流行|实用|划算)/, '评估', '优缺点', '比較', '評価',
    'analiz', 'confronta', 'vantaggi', 'svantaggi', 'valuta', 'pro e contro', 'pro e i contro', 'vantagens', 'desvantagens', 'avalie', 'prós e contras', 'анализ', 'проанализ', 'сравни', 'плюсы и минусы', 'оцени', 'преимуществ', 'основные причины', 'главные причины', 'в чём причина', 'в чем причина', 'каковы причины', '비교', '장단점', '평가', '원인', 'vergelijk', 'voor- en nadelen', 'przeanaliz', 'porównaj', 'zalety', 'karşılaştır', 'avantaj',
    // Risks weighed and a decision to make, in the languages the set holds ("有什么风险？", "受け入れるべきか", "判断のポイント").
    '风险', 'リスク', '要因',
    // What a text's author implies or stands for (reading comprehension).
    "author's attitude", 'author implies', 'what can we infer', 'can be inferred', '筆者が一番伝えたい', '筆者の主張', '筆者は', '作者的态度', '作者想表达',
    // A figure's trustworthiness and a causal claim questioned: a sample's bias, confounders ("how much can we trust the score", "was spricht dagegen").
    'can we trust', 'can i trust', 'should we trust', 'how reliable', 'sampling bias', 'selection bias', 'response bias', 'nonresponse', 'non-response', 'confound', 'sesgo', 'biais', 'confondant', 'störfaktor', 'was spricht dagegen', 'was spricht dafür', '偏って', '偏り', 'riesgos', 'risques', 'risiken', 'べきか', 'べきでしょうか', '判断のポイント', '判断基準',
    // A critique asked in a word of its own ("帮我点评一下这份计划", "bewerte kritisch"), a cause asked as a possibility ("qu'est-ce qui peut expliquer ça ?").
    '点评', '评价', '批評', '講評', 'kritisch', /peu(?:t|vent) expliquer\b/, /pourrai(?:en)?t expliquer\b/, 'the explanation', 'la explicación', 'die erklärung',
    'choosing between', 'choose between', 'deciding between', 'decide between', 'torn between', 'what went wrong', "what's going wrong", 'läuft schief', 'läuft da schief', 'was läuft falsch', 'qué está fallando', 'smart move', 'wise move', 'a good move', /先[^，。？！\n]{1,8}还是先/, 'merece la pena', 'me compensa', 'compensa más', 'me conviene', 'nos conviene', 'lohnt es sich', '划算', 'vaut mieux', 'mieux vaut', 'vale más', 'ist es besser', 'wäre es besser', 'swot', 'strengths and weaknesses', 'forces et faiblesses', 'fortalezas y debilidades', 'stärken und schwächen', '优势和劣势',
  ],
  math: [
    'solve', /comput(?:e[sd]?|ations?)(?!\p{L})/u, 'derivative', 'integral', /^[\s\d().+\-*/×÷^]+=\s*\??$/, 'find ratio', 'find the ratio', 'differentiable', 'holomorphic', 'integrable', 'injective', 'surjective', 'bijective', new RegExp(`\\b(?:${MATHS_ONLY_FUNCTION_KINDS}) functions?\\b`), 'differenzierbar', 'integrierbar', /stetigen? funktion/, 'dérivable', 'fonction continue', 'función continua', 'derivable', '连续函数', '矩阵', '行列式', '特征值', '导数', '偏导', /积分(?!兑换|商城|卡|规则|制|榜|奖励|墙)/, /极限(?!运动|挑战|生存)/, '级数', '收敛', '向量', '不等式', '因式分解', '三角形', '半径', '周长', '斜率', /(?:多少|几)种(?:不同的)?(?:选|放|排|分|走|取|涂|站|坐)法/, '方案数', '排列组合', '组合数', '高数', '数学的に', /(?:洛必达|乘法|加法|运算|求导|链式|洛比达)法则/, '高等数学', '数学题', '子集', '定理', '线性代数', '微积分', '通项', '固有値', '極限', '級数', '収束', 'ベクトル', '何通り', '場合の数', '線形代数', '已知函数', '可导', '可积', '連続関数', '微分', '導関数', new RegExp(String.raw`\b(?:${FUNCTION_PROPERTIES}) of the function\b|\bfunctions? ${BETWEEN_SETS}|\bfunction [fgh] ?(?:\(\p{L}\)|:)`, 'u'), 'equation', /prov(?:e[sd]?|ing)(?!\p{L})/u, /proofs?(?<!-proofs?)(?![\p{L}-])(?! of (?:concept|address|purchase|delivery|identity|income|residence|work))/u, 'probability', 'probabilité', 'probabilidad', 'wahrscheinlichkeit', 'matrix', /eigen(?:val|vec|vek|wert|space|raum|decomp|zerleg|func|funk|state|zust|basis)/, 'theorem', 'prime number', 'is prime', /prime\b(?<=\d prime)/, 'are prime', 'limit of', 'limit as', 'solving', 'math problem', 'math homework', 'math question',
    // The vocabulary of school and university maths that nothing else uses ("order from least to greatest", "write 7/33 as a
    // decimal", "rounded to the nearest hundred", "a topological space", "the radius of convergence of a power series").
    'as a decimal', 'decimal places', 'repeating decimal', 'decimal form', 'as a fraction', 'simplest form', 'improper fraction', 'mixed number', 'numerator', 'denominator', 'rounded to the nearest', 'round to the nearest', 'nearest hundred', 'nearest thousand', 'nearest tenth', 'nearest whole number', 'least to greatest', 'greatest to least', 'number pattern', 'skip-count', 'skip count', 'ones place', 'tens place', 'hundreds place', 'place value', 'greatest common factor', 'prime factor', 'divisible by', 'which expression is', 'evaluate the expression', 'simplify the expression', 'value of the expression', 'median of', 'polygon',
    'topological space', 'power series', 'converges', 'real numbers', 'complex numbers', 'real-valued', 'vector space', 'cyclic group', 'group of order', 'integers modulo', 'congruent modulo', 'invertible',
    'fracción', 'fracciones', 'número decimal', 'redondea', 'mínimo común múltiplo', 'máximo común divisor', 'divisible entre', 'divisible por', 'polígono', 'brüche', 'dezimalzahl', 'kommazahl', 'gerundet', 'kleinste gemeinsame vielfache', 'größte gemeinsame teiler', 'teilbar', 'vieleck', 'fraction irréductible', 'nombre décimal', 'arrondi à', 'arrondir à', 'ppcm', 'pgcd', 'divisible par', 
    '约分', '通分', '最简分数', '約分', '小数点', '四舍五入', '整除', '多边形', '中位数', '四捨五入', '割り切れ', '多角形', '中央値',
    'resuelve', 'calcula', 'ecuación', 'demuestra', 'berechne', 'gleichung', new RegExp(GERMAN_PROOF), 'ableitung', 'résous', 'calcule', 'équation', 'démontre', 'montrer que', 'montrez que', 'zeigen sie, dass', 'zeige, dass', 'muestre que', 'demuestre', 'demostrar que', 'pruebe que', 'を示せ', '求解', '求出', '求证', '求导', '求值', '求函数', '求它', '求这', '求该', '求第', '求其', /を求め(?!る[A-Za-z+#]*(?:関数|プログラム|コード|メソッド|スクリプト|クエリ))/, '，求', ',求', '次方', '立方根', '矩形', '中点', '切线', '。求', '方程', '证明', /计算(?!机)/, '概率', '積分', '証明', '計算', '確率',
    // Quick facts, not sums: "How much does a Tesla cost?" asks a price ('how much' with an article and no more), "how many
    // continents / bones / players…" a fact of the world, not a count of given numbers.
    /how many(?! (?:continents|oceans|planets|countries|provinces|bones|teeth|chromosomes|time zones|official languages|players|strings|hearts|amendments|elements|books in the bible)\b)/, /how much(?! (?:does|do|is|are|would|will) (?:an?|the|it|my|one)\b[^?]{0,40}\?)/, 'percent', withGivenDigits('area of'), withGivenDigits('volume of'), withGivenDigits('radius'), 'square root', 'cube root', 'raíz cuadrada', 'quadratwurzel', 'wurzel aus', 'racine carrée', 'radice quadrata', 'raiz quadrada', 'квадратный корень', '平方根', '제곱근', withGivenDigits('interest rate'), 'compound interest', 'simple interest', 'average of', 'average speed', /cuánt(?!ic)/, /cuant(?!ic)/, 'combien', 'wie viel', '多少', /いくつ(?![かも])/u, '面积', '体积', '平均',
    'risolvi', 'calcola', 'equazion', 'dimostra', 'probabilità', 'quanto fa', 'resolva', 'equação', 'quanto é', 'реши ', 'решите', 'вычисли', 'производную', 'производная', 'интеграл', 'уравнени', 'докажи', 'вероятност', 'сколько', '계산', '방정식', '확률', '증명', '넓이', '구하세요', 'bereken', 'vergelijking', 'oblicz', 'rozwiąż', 'równani', 'prawdopodobieństw', 'hesapla', 'denklem', 'olasılık',
    'площадь', 'периметр', 'hitung', 'احسب', 'tính toán', 'hãy tính', 'गणना', 'हल करो', 'हल करें',
    // "How many" and "how much" in languages the set holds few rows of or none (Hindi, Bengali, Telugu, Thai, Swahili, Indonesian,
    // Vietnamese, Turkish, Dutch, Korean): a word problem's question, whatever the story's words. Not a Bengali conjunct (একত্রে).
    'कितने', 'कितना', 'कितनी', /কত(?!্)/, 'ఎన్ని', 'ఎంత', 'เท่าไหร่', 'เท่าไร', 'กี่', 'ngapi', 'kiasi gani', 'berapa', 'bao nhiêu', 'kaç ', 'hoeveel', '얼마', '몇 ',
    'how far', 'how fast', 'total distance', 'what distance', 'what speed', 'what is the chance', "what's the chance", 'what are the chances', 'what are the odds', 'how likely is it that', 'wie weit', 'wie schnell', 'qué distancia', 'a qué velocidad', 'quelle distance', 'à quelle vitesse', '多远', '多快', 'どのくらいの速さ',
    // How many, asked with a counter ("¿cuántas docenas…?", "何個", "几天"): a word problem's question.
    'quanti ', 'quante ', 'quantos', 'quantas', 'いくら', '幾つ', 'どれだけの', 'どれほどの時間', 'どれくらいの時間', /(?<![如任为為奈])何(?![曜色語故事者処必况況]|時(?!間))[\u4e00-\u9fff\u30a0-\u30ff]{1,4}?(?:[をがにでのはもいあ]|です|でしょう|必要|かか|残|売|買|使|持|払|食|読|走|歩|作|稼|得|もら|勝|寝|前|分|か[？?]|[？?]|$)/u, /(?<!的)几个(?!角度|方面|维度|层面)/, '几天', '几小时', '几岁', '几元', '几次', '几倍', '几分钟', '几块',
    // An age given as a difference ("5 years older than", "3 Jahre jünger als"): a word problem's; "older than" alone is a puzzle's.
    /years? (?:older|younger) than/, /times (?:older|younger) than/, 'times as old', 'twice as old', 'half as old', 'twice her age', 'twice his age', 'sum of the ages', 'sum of their ages', 'how old will', 'how old was', /jahre? (?:jünger|älter) als/, 'wie alt ist dann', 'wie alt wird', /ans? de (?:plus|moins) que/, /años? (?:mayor|menor|más|menos) que/, 'quel est le montant',
    // A total, a price or a rate asked of given numbers ("Wenn …, wie hoch ist dann…?", "Si …, quel est le prix…?"): a word problem's question, however conditional.
    'how long will it take', 'how long would it take', 'how long did it take', 'what is the total', "what's the total",
    // A distance, a speed, a share, a mean, a duration or a profit asked of given numbers ("what's the distance covered by each
    // train…", "quelle est sa vitesse ?", "¿qué ganancia…?", "wie lange dauert…", "有多深？", "どれくらいか？"); without a number in the
    // text it is a fact ("what is the distance to the Moon?", "wie lange dauert ein Flug nach Tokio?"). One pattern a language.
    withGivenDigits(String.raw`(?:what is|what's|what was|what will be) (?:the|her|his|their) (?:distance|speed|percentage|average)|(?:find|calculate|compute) (?:the|her|his|their) (?:mean|average)|(?:what|how much) (?:was|is) the (?:original|regular|full|old) price`),
    withGivenDigits(String.raw`quel(?:le)? (?:est|était|sera) (?:la|le|sa|son|leur) (?:distance|vitesse|pourcentage|moyenne)|quel(?:le)? (?:est|sera|était) (?:la somme|le total|l'âge total|son salaire|son bénéfice)|quel (?:était|est) le prix (?:initial|d'origine|de départ)`),
    withGivenDigits(String.raw`(?:qué|que) porcentaje|cu[áa]l (?:es|era|será) (?:la|el|su) (?:distancia|velocidad|porcentaje|promedio)|qué ganancia|cuál (?:será|es|fue) (?:su|la) ganancia|cu[áa]l (?:era|es) el precio (?:original|inicial)|un promedio de|el promedio de`),
    withGivenDigits(String.raw`welche (?:strecke|entfernung|geschwindigkeit|durchschnittsgeschwindigkeit)|wie viel prozent|welcher prozentsatz|wie lange? (?:dauert|braucht|brauchen|wartet|sind)|mit welcher geschwindigkeit|durchschnittlich|einen durchschnitt|die kosten wie hoch|(?:was|wie hoch) (?:war|ist|wäre) (?:der|die) (?:ursprüngliche|alte|reguläre) (?:preis|betrag)`),
    withGivenDigits('有多'), withGivenDigits('どれくらい'),
    // A share or an angle of a number the text gives ("What is 35% of 240?", "el 20 % de 150", "150的20%", "the complement of a 28° angle").
    /\d ?% (?:of|de|von|di|do|da) \d/, /\d[的の]\d+(?:[.,]\d+)? ?%/, /complement of an? \d/, /supplement of an? \d/,
    'in total', 'altogether', 'total cost', 'total amount', 'how much money', 'what percentage', 'en total', 'cantidad total', 'importe total', 'importo totale', 'quantità totale', 'montante total', '总额', 'costo total', 'coste total', 'precio total', withGivenDigits('wie hoch ist'), 'wie hoch war', 'wie oft', 'insgesamt', 'gesamtkosten', 'gesamtbetrag', 'quel âge', 'quel est le prix', 'quel sera le prix', 'coût total', 'somme totale', 'montant total', 'quel montant', 'quelle quantité', 'quel pourcentage', 'nombre total', '一共', '总共', '合計', '全部で',
    // Mathematics past school arithmetic by its own nouns (an exam's questions name the object, not the task: "Let G be a cyclic
    // group…", "X is normally distributed…", "Welche Zahl ist eine Primzahl?").
    'abelian', 'subgroup', 'homomorphism', 'isomorphic', 'determinant', 'standard deviation', 'normally distributed', 'normal distribution', 'random variable', 'expected value', 'binomial', 'greatest common divisor', 'least common multiple', 'logarithm', 'factorial', 'arithmetic sequence', 'geometric sequence', 'arithmetic progression', 'geometric progression',
    'primzahl', 'nombre premier', 'nombres premiers', 'número primo', 'números primos', 'numero primo', 'numeri primi', 'polinomio', 'polynôme', 'polynom', 'desviación estándar', 'écart type', 'écart-type', 'standardabweichung', 'logaritmo', 'variable aleatoria', 'variable aléatoire', 'zufallsvariable', 'espérance', 'erwartungswert',
    /(?<!要)素数/, '质数', '多项式', '多項式', '标准差', '標準偏差', '对数', '対数', '等差数列', '等比数列', '随机变量', '期望值', '期待値', '最大公约数', '最小公倍数', '最大公約数',
    // Statistics by its own nouns (exam questions name the test, the interval, the error): an A/B test's decision stays analysis by its
    // verbs, a plot's confidence intervals code (an interval is maths as an exam asks it: "a 95% confidence interval for the mean").
    'null hypothesis', 'hypothesis test', 'type i error', 'type ii error', /\d ?% confidence interval|confidence intervals? (?:for|estimate|of the)\b/, 'significance level', 'level of significance', 'degrees of freedom', 'chi-square', 'standard error', 'z-score', 'correlation coefficient', 'coefficient of determination', 'least squares', 'sampling method', 'sampling distribution', 'maximum likelihood', 'maximum-likelihood', 'unbiased estimator', 'moment generating function',
    // A sample's and a study's design as a statistics course names them ("This design is best described as A. an observational study…").
    'simple random sample', 'stratified sampl', 'cluster sampl', 'systematic sampl', 'observational study', 'randomized block', 'block design', 'matched pairs', 'matched-pairs', 'least-squares', 'residual plot', 'regression line', 'explanatory variable', 'response variable', 'lurking variable', 'margin of error', 'sampling error',
    // …and the trial's and the survey's own terms ("Why is a placebo given…", "a voluntary response sample", "在实验设计中…").
    'placebo', 'double-blind', 'double blind', 'nonresponse', 'non-response', 'voluntary response', 'undercoverage', 'convenience sample', 'selection bias', 'doble ciego', 'sesgo de selección', 'doppelblind', 'gelegenheitsstichprobe', 'störvariable', 'double aveugle', 'biais de sélection', '双盲', '对照组', '实验设计', '二重盲検',
    'muestreo', 'estudio observacional', 'margen de error', 'stichprobe', 'grundgesamtheit', 'vollerhebung', 'échantillonnage', 'étude observationnelle', 'marge d\'erreur', '抽样', '正态分布', '母集団', '無作為抽出', '層化抽出',
    'máxima verosimilitud', 'maximum de vraisemblance', '最大似然', '最尤推定', 'hipótesis nula', 'intervalo de confianza', 'nivel de significación', 'nullhypothese', 'konfidenzintervall', 'signifikanzniveau', 'korrelationskoeffizient', 'hypothèse nulle', 'intervalle de confiance', 'seuil de signification', 'intervallo di confidenza', 'ipotesi nulla', 'intervalo de confiança', 'hipótese nula', 'доверительный интервал', 'нулевая гипотеза', '신뢰구간', '귀무가설',
    '原假设', '零假设', '假设检验', '置信区间', '显著性水平', '相关系数', '信頼区間', '帰無仮説', '仮説検定', '有意水準', '相関係数', '決定係数',
    'weighted average', 'ma moyenne', 'moyenne pondérée', 'mi promedio', 'media ponderada', 'notendurchschnitt', 'gewichteten durchschnitt',
  ],
  extraction: [
    'extract', 'pull out', 'classify',
    // French "relève" as noting items down ("relève le fournisseur, la date et le montant"), not "cela relève de…".
    /rel[eè]ve(?:z|r)? (?:tous|toutes|les|le|la|l'|chaque)(?!\p{L})/u,
    // Each of many given items scored, as a sentiment is labelled: "evaluate the following movie reviews on a scale of 1 to 5".
    /\b(?:rate|score|evaluate|grade|rank) (?:the following|these|each of (?:the|these)) (?:[\w-]+ ){0,2}(?:reviews|comments|tweets|posts|messages|answers|responses)\b/,
    /(?:bewerten sie|bewerte|[ée]valuez|[ée]value|evalúe|evalúa|valuta|valutate|avalie) (?:die folgenden|les|las|los|le|i|as|os) (?:\p{L}+ ){0,2}\p{L}*?(?:rezensionen|kritiken|bewertungen|kommentare|critiques|avis|commentaires|reseñas|comentarios|opiniones|recensioni|commenti|avaliações|comentários)/u, /(?:レビュー|口コミ|コメント)を[^。\n]{0,20}(?:スケール|段階)で評価/u, /(?:评论|评价|影评)[^。\n]{0,20}(?:打分|评分|分级)|按(?:照)?1(?:到|至)\d+的/u, 'categoriz', 'categoris', 'tag each', 'label each', 'into a table', 'as a table', 'in a table', 'en una tabla', 'a una tabla', 'eine tabelle', '找出来', 'en tableau', 'sous forme de tableau', 'als tabelle', 'in einer tabelle', '表格', '表に', 'clasifica', 'klassifizier', 'kategorisier', 'classifie', /\bclasse (?:chaque|ce|cet|cette|ces|les)\b/, 'pull the', 'which email', 'find all', 'list every', /\bfor each (?:one|of them|ticket|email|message|review|entry|item|record|row|customer)\b[^.?!\n]{0,12}\b(?:give|list|tell|return|output|provide)\b/, 'fields', 'parse', 'extrae', 'extraiga', /saca(?!\p{L}* (?:\p{L}+ )?conclusi)(?<!conclusiones (?:que )?saca)/u, 'sácame', 'extrahiere', 'extrais', 'extrayez', identifiesInGivenText, 'quel est le numéro', '提取', '抽取', '关键词', /\b(?:according to|based on) (?:the|this|these) (?:[\w-]+ ){0,2}?(?:text|policy|passage|paragraph|article|report|notice|schedule|table|transcript|conversation|dialogue|email|message|contract|document)\b/, 'según el siguiente', "d'après ce", '根据下面的', '基于以上', 'の会話から', '分类为', '情感分类', '进行分类', '分類して', /\b(?:als|in) (?:positiv|negativ)/, /抽出(?!时间|時間|空)/, '抜き出', /(?<!(?:箱|袋|棚|庫|ット|瓶|鍋)から[^。、\n]{0,12})取り出/u,
    'estrai', 'estrarre', 'extraia', 'extrair', 'извлеки', 'выдели', 'найди все', '추출', 'extraheer', 'wyodrębnij',
    'найди в тексте', 'ekstrak', 'استخرج', 'trích xuất', 'निकालो', 'निकालें',
    // What a text holds, asked for as a list: "which vendors and prices are mentioned here?", "zieh mir alle Fristen raus", "找出每个部门的意见".
    'are mentioned', 'is mentioned', 'mentioned here', 'mentioned in the', 'zieh mir', 'zieh alle', 'raussuchen', 'heraussuchen', 'rausziehen', 'herausziehen', '找出每', '找出所有', '列出所有', /(?:この|次の|以下の)(?:文章|文|レシート|メール|記事|表|資料|リスト|請求書|領収書|契約書|テキスト|データ|ニュース|メッセージ|お知らせ|議事録)から[^。\n]{1,30}を教えて/u, '人名', /把[^。？！\n]{1,12}列出来/u,
    'named entit', 'entidades nombradas', 'entités nommées', 'benannte entitäten', '命名实体', '固有表現', 'count how many times', 'how many times the word', 'occurrences of', 'number of appearances', 'these categories', 'one of the following categories', 'assign each', 'assign them to', 'into categories', 'to a category',
    // Counting a text's words and sorting items into given categories, in the other languages ("zählen Sie, wie oft…", "cuente cuántas veces…").
    'benannten entitäten', 'entità nominate', 'zählen sie, wie oft', 'zähle, wie oft', 'wie oft die wörter', 'wie oft das wort', 'dieser kategorien', 'diesen kategorien', 'comptez combien de fois', 'compte combien de fois', 'combien de fois les mots', 'combien de fois le mot', 'ces catégories', 'classez', /\bles classer\b/,
    'cuente cuántas veces', 'cuenta cuántas veces', 'estas categorías', 'conta quante volte', 'contate quante volte', 'queste categorie', 'conte quantas vezes', 'a uma destas categorias', 'сколько раз встречается', 'посчитай, сколько раз',
    '出现的次数', '出现次数', '统计每个词', '分配到', '归入以下', '出現回数', '何回出現', '回出現するか', 'いずれかに割り当て',
    /\bsentiment\b/, /\b(?:as|in|into|to) (?:a )?csv\b/, 'csv please', '分别列出',
    // A question asked of a given text, as reading comprehension and retrieval-augmented apps ask it ("According to the passage…",
    // "Context: … Question: …", "阅读下面的短文，回答问题"): the answer is in the text. Its main idea is a summary's, the author's
    // stance an analysis's (cues in those families' lists).
    'according to the passage', 'according to the text', 'according to the article', 'according to the context', 'according to the document', 'based on the passage', 'based on the text', 'based on the context', 'based on the article', 'based on the document', 'from the passage', 'in the passage', 'the provided context', 'the context provided', 'retrieved context', 'retrieved documents', 'passage:', /context:[^]{1,1500}?\bquestion:/, /article:[^]{1,1500}?\bquestion:/, /documents?:[^]{1,1500}?\bquestion:/, 'read the passage', 'read the text',
    'lies den text', 'laut dem text', 'laut text', 'anhand des textes', 'beantworte die frage', "d'après le texte", 'selon le texte', 'selon ce document', 'selon le document', 'lisez le texte', 'lis le texte', 'según el texto', 'de acuerdo con el texto', 'lee el texto', 'lee el siguiente texto', 'texto:',
    '阅读下面', '阅读短文', '根据短文', '根据上文', '根据文章', '根据材料', '根据以下材料', '回答问题', '次の文章を読んで', '本文によると', '文章によると', '文章に基づいて', '質問に答え',
    // "Write out the price and the address from the ad", "pick out only the names": pulling out, in Russian and Korean.
    'выпиши', 'вытащи', '뽑아', '골라내',
    // "Take the following from the texts", "identify … in the following sentences" (German, Chinese, Japanese).
    'entnehmen sie', '识别出', '找出以下', 'を特定し', 'sont mentionn', 'est mentionn', 'se mencionan', 'se menciona ', /(?<!\p{L})werden (?:\p{L}+ ){0,4}?(?:genannt|erwähnt)(?!\p{L})/u, 'vengono menzionat', 'são mencionad', 'alle genannten', 'alle erwähnten', /(?:^|[.!?:]\s+|bitte )(?:liste|listen sie|zähle|zählen sie) (?:\p{L}+ ){0,8}?(?:alle|sämtliche)(?!\p{L})[^.?!\n]{0,80}?(?<!\p{L})auf(?!\p{L})/u,
  ],
  summarization: [
    everydayWords.summar, 'resúme', 'resumen', 'resumeme', 'resumelo', 'resumela', 'tl;dr', '要するに', '简单来说', 'tldr', 'sum this up', 'sum it up', 'gist', /\bboil (?:[\w']+ ){0,4}?down\b/,
    // Shortening a text, not opening hours or a working week ("Öffnungszeiten … kürzen", "die kürzeste Entfernung"): the
    // imperative with what it shortens, "kürzer", or the infinitive after a text ("den folgenden Text kürzen").
    /kürze(?:r(?!\p{L})| (?:den|die|das|diesen|diese|dieses|mir|uns|bitte|ihn|sie|es|meinen|meine|meinem|deinen|deine|auf|um)(?!\p{L}))/u, /verkürze (?:den|die|das|diesen|diese|dieses|mir|bitte|ihn|sie|es|auf|um)(?!\p{L})/u,
    ...['kürzen', 'verkürzen'].map((verb) => new RegExp(`${verb}(?!\\p{L})(?<=(?:text|absatz|artikel|mail|brief|beitrag|abschnitt|zusammenfassung|das|es|ihn|sie)(?: [^ .?!,]+){0,3} ${verb})`, 'u')), 'raccourci', 'abrège', 'acorta', 'accorcia', 'encurta', 'key points', 'main points', 'wichtigsten punkte', 'kernpunkte', 'kernaussage', 'points clés', 'points principaux', 'puntos clave', 'puntos principales', 'points essentiels', 'idées principales', 'ideas principales', 'ポイントを教えて', '重点是', 'punti principali', 'pontos principais', '要点', 'takeaways', /condensed? (?:this|that|it|these|those|them|the (?:following|above|text|article|passage|paragraph|email|report|story|document|notes)|my|your|our|(?:in)?to (?:\d|one|two|three|four|five|a|about|under|less|fewer|bullet|key|short)|down|version|summary)\b/, 'shorten', 'sum up', everydayWords.resume, 'zusammenfass', /\bfass(?:e|t|en)\b[^.?!\n]{0,80}\bzusammen\b/, 'résume', 'résumé de', 'un résumé', 'petit résumé', 'synthèse',
    // A length asked of the answer ("in three sentences", "en pocas palabras", "用三句话", "三行で") is a summary's.
    /in (?:one|a single|two|three|four|five|[1-5]) (?:sentences?|lines?|bullets?|bullet points|paragraphs?)\b/, 'in a few words', 'in a nutshell', /en (?:una|dos|tres|une|deux|trois|cinq|cinco)(?: (?:sola|seule))? (?:frases?|phrases?|líneas?|lignes?)\b/, 'en pocas palabras', 'en quelques mots', 'in wenigen worten', /in (?:einem|zwei|drei|fünf) (?:satz|sätzen|zeilen)\b/, 'in poche parole', 'em poucas palavras', /[一两三几1-3]句话/, /[一二三1-3]行で|一言で/,
    'de qué trata', 'de qué se habló', 'lo esencial', 'il dit quoi', 'elle dit quoi', '说了什么', '说了啥', '讲啥', '讲了啥', 'faut retenir', 'à retenir', '要は何', '何が言いたい',
    // What a given text says or wants, asked of it: "what does this email actually want from me?".
    /what (?:does|is) (?:this|the) (?:email|e-mail|mail|message|letter|article|text|paragraph|passage|memo|report) (?:\p{L}+ ){0,2}(?:say|saying|want|asking|about)\b/u,
    'worum es', 'worum geht', 'de quoi parle', 'ça dit quoi', '缩短', '精简', '讲了什么', '讲的是什么', '总结', '概括', '要约', '要約', 'まとめ',
    'riassum', 'riassunt', 'sintetizza', 'punti chiave', 'resuma', 'resumo', 'кратко', 'перескажи', 'резюмир', 'суммируй', 'основные мысли', '요약', 'samenvat', 'vat samen', 'streść', 'podsumuj', 'özetle',
    'ringkas', 'rangkum', 'لخص', 'لخّص', 'تلخيص', 'tóm tắt', 'सारांश', 'का सार', 'ช่วยสรุป', 'สรุปให้', 'สรุปข้อความ', 'สรุปบทความ', 'สรุปเนื้อหา', 'περίληψ', 'συνόψισ', 'סכם את', 'תקציר',
    // A passage's main idea or best title (reading comprehension).
    'main idea', 'central idea', 'best title', 'meilleur titre', 'idée principale', 'idea principal', 'hauptaussage', 'passende überschrift', '中心思想', 'recap', '简要说明', 'synthétis', '缩写成', '摘要', '核心观点', '主要观点', '大意', /[拟起加配取选](?:择)?(?:一个)?(?:适当的|合适的|恰当的|简短的)?标题/, 'タイトルを付け', '見出しを付け', '中心意思', '主旨', '要旨',
    'too long didn', 'short version', 'shorter version', '说重点', '划重点', '讲重点', /(?<!to )\bdigests?\b/, 'meeting minutes', '議事録', '会议纪要', /\b(?:deux|trois|quatre|cinq|[2-5]) puces\b/, /\b(?:dos|tres|cuatro|cinco|[2-5]) viñetas\b/, 'stichpunkt',
  ],
  translation: [
    'translat', 'tradu', 'localis', 'localiz', 'lokalisier', /(?:does|do|is) ['"‘“].{1,60}?['"’”] mean\b/, /["“「『].{1,40}?["”」』]\s*(?:是什么意思|什么意思|ってどういう意味|はどういう意味|の意味)/, intoLanguage, 'übersetz', 'comment dit-on', '翻译', '译成', '和訳', 'english for ', '怎么说', '翻訳', '訳して', 'で言うと', '英語に', /(?:中国|韓国|フランス|ドイツ|スペイン|イタリア|ロシア|ポルトガル)語に/, '英訳',
    'wie sagt man', 'cómo se dice', 'que veut dire', 'qué significa', 'was bedeutet', 'mean?', 'means?', 'meaning of', /\bmeans? in (?!plain|simple|practice|practical|layman|everyday|real life|this context|context|the context)/, '成英文', '的英文', '英文怎么', 'の英文', '成日语', '英語だと', '日本語だと', '中国語だと', '日语怎么', '日本語に', '日本語訳', '中国語に', '語で何', 'どういう意味', 'の意味は', '意味を教え',
    'come si dice', 'como se diz', 'переведи', 'перевод', 'как сказать', '번역', '어떻게 말해', 'vertaal', 'przetłumacz', 'çevir', 'ingilizce',
    'terjemah', 'ترجم', 'dịch sang', 'dịch giúp', 'bản dịch', 'अनुवाद', 'แปลเป็น', 'ช่วยแปล', 'แปลประโยค', 'แปลข้อความ', 'คำแปล', 'μετάφρασ', 'μεταφρασ', 'תרגם',
    // "Into English" as German, Spanish and French say it ("ins Englische bringen", "pásalo al inglés", "vers l'anglais"), and as an
    // arrow ("'merci beaucoup' -> english": the name looked up at its word start, the arrow behind it checked only then).
    /\bins (?:englische|deutsche|französische|spanische|italienische|japanische|chinesische|russische|portugiesische|polnische|türkische|niederländische)\b/, /\bhow (?:would|do|does|did|can|should) (?:an? \w+|\w+s|you|i|we|they) say\b/, 'al inglés', /(?:英語|日本語|中国語)の[^。、\n]{0,12}に(?:して(?:ほしい|ください|下さい|くれ)|直して)/, /english\b(?<=(?:->|→|=>)\s*english)/, /spanish\b(?<=(?:->|→|=>)\s*spanish)/, /french\b(?<=(?:->|→|=>)\s*french)/, /german\b(?<=(?:->|→|=>)\s*german)/, /inglés\b(?<=(?:->|→|=>)\s*inglés)/, /español\b(?<=(?:->|→|=>)\s*español)/, /anglais\b(?<=(?:->|→|=>)\s*anglais)/, /englisch\b(?<=(?:->|→|=>)\s*englisch)/, /veut dire quoi\s*['"‘“«]/, 'al español', 'al francés', 'al alemán', "vers l'anglais", 'vers le français', "vers l'espagnol", "vers l'allemand",
  ],
  // A language the answer is asked in ("good morning in korean", "gracias en japonés", "écris une lettre en anglais", "explain it
  // in Spanish", "英語でメールを書いて"): a translation when a phrase or a text to put in it is given, else only the language of
  // a text asked for. A cue of its own, which the model weighs with the rest: as a translation cue it made "Rédige un email
  // en anglais…" and "give me 5 tips for sleeping better, in portuguese" translations.
  language: [
    inLanguage, 'en japonés', 'en alemán', 'en italiano', 'en chino', 'en coreano', 'en portugués', 'en allemand', 'en italien', 'en japonais', 'auf spanisch', 'auf italienisch', 'auf japanisch', 'auf chinesisch',
    '英語で', /(?:中国|韓国|フランス|ドイツ|スペイン|イタリア|ロシア|ポルトガル)語で/, 'auf englisch', 'auf deutsch', 'auf französisch', 'en inglés', 'en español', 'en francés', 'en anglais', 'en français', 'en espagnol', '用英语', '用日语', '日本語で', '中国語で', 'in inglese', 'em inglês', 'em português', 'по-английски', 'по-русски', '영어로', '한국어로', 'in het engels', 'po angielsku',
  ],
  chat: [
    'hi ', 'hello', 'hey ', 'tell me a joke', 'chiste', 'einen witz', 'une blague', '笑话', '面白い話', "what's up", 'thanks', 'thank you', 'how are you', 'recommend', 'any tips', 'hola', 'gracias', /hallo(?!w)/, 'danke', /salut(?!e)/, /merci(?!es|ful|less)/, '你好', '谢谢', 'こんにちは', 'ありがとう', 'おすすめ', 'chào', 'apa kabar', 'مرحبا', 'كيف حالك', 'नमस्ते',
    // Role-play: the assistant asked to be someone and answer as them (MT-Bench's role-play category is small talk in the set).
    'imagine yourself as', 'picture yourself as', 'pretend to be', 'pretend yourself', 'pretend you are', "pretend you're", 'imagine you are a', "imagine you're a", 'consider yourself as', 'if you were a ', 'if you were an ', 'take on the role of', 'assume the role of', 'embody the persona', 'stay in character', 'in character as',
    // The same in the formal register a translated benchmark or an app's instructions use ("Schlüpfen Sie in die Rolle…",
    // "Jouez le rôle d'un coach", "Asuma el papel de…", "Calati nel ruolo…", "请扮演…", "…になりきって").
    'tun sie so, als', 'tu so, als', 'in die rolle', 'verkörpern sie', 'verkörpere ', 'handeln sie als', 'stellen sie sich vor, sie sind', 'stellen sie sich vor, sie wären', 'stell dir vor, du bist', 'angenommen, sie sind', 'jetzt sind sie ', 'sie sind jetzt ',
    'faites-vous passer pour', 'fais-toi passer pour', 'faites comme si vous étiez', 'fais comme si tu étais', 'jouez le rôle', 'joue le rôle', 'assumer le rôle', 'assumez le rôle', 'incarnez', 'mettez-vous dans la peau', 'mets-toi dans la peau', 'imaginez que vous êtes', 'imagine que tu es', 'supposons que vous soyez', 'vous êtes maintenant ', 'tu es maintenant ',
    'hazte pasar por', 'hágase pasar por', 'finge que eres', 'finja que es', 'asuma el papel', 'asume el papel', 'ponte en el papel', 'póngase en el papel', 'actúa como', 'actúe como', 'imagina que eres', 'imagínese que es', 'imagínate a ti mismo como', 'supongamos que eres', 'ahora eres ',
    'fai finta di essere', 'fingi di essere', 'calati nel ruolo', 'assumi il ruolo', 'immagina di essere', 'ora sei ', 'agisci come', 'impersona ', 'supponiamo che tu sia', 'mettiti nei panni',
    'finja que você é', 'faça o papel', 'assuma o papel', 'imagine que você é', 'aja como', 'você agora é', 'представь, что ты', 'притворись', 'сыграй роль', 'в роли ',
    '假装你是', '假设你是', '扮演', '你现在是', '想象你是', '想象自己是', '化身为', 'になりきって', 'になったつもりで', 'のつもりで', '役割を担って', '体現して', 'として振る舞', 'だと想像して', 'と想定して', 'であると思い込んで', '역할을 맡', '인 척 해',
    'how tall', 'how high', 'how old is', 'capital of', 'who wrote', 'who painted', 'who invented', 'when did', 'tips', 'advice', 'suggest', 'favorite', 'fun fact', 'good morning', 'good night',
    // A figure of the world recalled, dated or estimated ("As of 2019, about what percentage of adults…", "Stand 2020: …",
    // "截至2019年…", "2020年時点で…"): a survey's or a census's number, not a sum (a word problem gives its numbers, asks an exact one).
    /as of (?:19|20)\d\d\b/, new RegExp(`about what ${A_SHARE}`), new RegExp(`roughly (?:what ${A_SHARE}|how many people\\b)`), new RegExp(`approximately what ${A_SHARE}`),
    /stand (?:19|20)\d\d\b/, /aproximadamente qué (?:porcentaje|proporción)/, /environ quel(?:le)? (?:pourcentage|proportion|part)\b/, /截至(?:19|20)\d\d年/, '大约有百分之多少', /(?:19|20)\d\d年(?:時点|現在)/, 'およそ何パーセント',
    'consejo', 'recomiendas', 'buenos días', 'empfehl', 'tipps', 'guten morgen', 'conseil', 'idées', 'bonjour', '推荐', '建议', '早上好', /有多(?!少|个|個|种|種|余|次)/, 'おはよう', 'こんばんは', '何ですか',
    // Advice on learning or a career, often naming a language or a tool it does not ask code of ("a study plan for Rust",
    // "Lernplan für Python", "学习Java的计划"): the name is a code cue, what is asked is not.
    'study plan', 'learning plan', 'learning path', 'learning roadmap', 'syllabus', 'bootcamp', 'certification', 'job interview', 'plan de estudio', 'ruta de aprendizaje', 'certificaci', 'lernplan', 'zertifizier', 'vorstellungsgespräch', "programme d'apprentissage", "parcours d'apprentissage", 'percorso per imparare', 'piano di studio', 'plano de estudo', 'cursos gratuitos', '学习计划', '学习路线', '面试', '学習計画', '資格',
    'ciao', 'grazie', 'come stai', 'consigli', 'buongiorno', 'olá', 'obrigad', 'tudo bem', 'recomenda', 'dicas', 'привет', 'спасибо', 'как дела', 'посоветуй', 'порекомендуй', '안녕', '감사합니다', '고마워', '추천', '잘 지내', 'hoi ', 'bedankt', 'hoe gaat het', 'cześć', 'dziękuję', 'jak się masz', 'merhaba', 'teşekkür', 'nasılsın',
  ],
  reasoning: [
    everydayWords.puzzle, 'riddle', 'odd one out', 'does not belong', "doesn't belong", '仲間はずれ', '不属于', 'no pertenece', 'gehört nicht', "l'intrus",
    // The odd one out and the kinship puzzle as the other languages ask them ("Quel mot ne va pas avec les autres ?", "A est le père de B…").
    'passt nicht zu den anderen', 'nothing to do with the others', 'a che vedere con le altre', 'a che fare con le altre', 'que ver con las demás', 'que ver con los demás', 'rien à voir avec les autres', 'nichts mit den anderen zu tun', 'nada a ver com as outras', 'ne va pas avec les autres', 'no va con las demás', 'no encaja con', "non c'entra", 'non appartiene', '仲間外れ', '一致しないもの', '与其他不同', '与其他词不同',
    'family relationship between', kinshipPuzzle, 'lien de parenté', 'grado de parentesco', 'verwandtschaftsverhältnis', 'grado di parentela', '亲属关系', '続柄', /logic(?!iel)(?<!(?:business|application|app|domain|game|backend|frontend|server) logic)/, 'deduce', 'who owns', 'who is lying', /lying\b(?! (?:awake|down|in |on |around|flat|still|low|next to|under|here|there))/, 'what comes next', 'constraints', /schedule(?<!(?:flight|train|bus|work|class|tv|school|my|our|the) schedule)/, 'valid argument', 'deductively valid', 'valid or invalid', 'causation', 'argument valid', 'argument is valid', 'validity', 'valid order', 'valid timetable', 'valid schedule', 'valid sequence', 'valid assignment', 'à caser', /(?:propose|fais|donne)(?:-moi)? un planning\b/, 'cuadrar los horarios', 'cuadrar horarios', 'スケジュールを組', 'conclude', 'step by step',
    // BIG-Bench Hard's own words (Boolean expressions, webs of lies, what may be deduced, who is tallest).
    'boolean expression', ...booleanOperations, /not (?:not |\( ?)*(?:true|false) ?(?:and|or|is|\))/, 'expresión booleana', 'expression booléenne', 'booleschen ausdruck', 'espressione booleana', 'expressão booleana', '布尔表达式', /[真偽] (?:または|かつ) [真偽]/, 'tells the truth', 'dice la verdad', 'sagt die wahrheit', 'dit la vérité', 'dice la verità', 'diz a verdade', '说真话', '说的是真话', 'déduire', 'dedurre', 'deduzir', 'folgern', '谁最', '誰が一番',
    // A riddle's own form, without the word riddle: "what has X but no Y", "パンはパンでも…".
    /\bwhat has .{1,30}? but (?:no|not|can|can't|cannot|never)\b/, /qu'est-ce qui a .{1,30}? mais (?:ne|n'|pas|aucun|jamais)/, /qué (?:cosa )?tiene .{1,30}? pero (?:no|ningún|ninguna|nunca)\b/, /was hat .{1,30}? aber (?:\S+ )?(?:kein|nicht|nie)/, /(?<word>\p{Script=Katakana}{1,6})は\k<word>でも/u,
    'acertijo', 'adivinanza', 'lógica', 'rätsel', 'logik', 'énigme', 'devinette', 'logique', '谜', '逻辑', /推理(?!小说|小説|小說|剧|ドラマ|作家|漫画|もの)/, '说谎', 'パズル', 'なぞなぞ', '論理', '推論',
    // A riddle's closing question: "…What am I?", "…Qui suis-je ?", "…¿Quién soy?", "…Wer bin ich?".
    /\bwhat am i\?/, /qui suis-je ?\?/, /¿qu(?:é|ién) soy\?/, /\b(?:wer|was) bin ich\?/,
    'day after', 'day before', 'if today', /taller than(?<!\d+ ?(?:cm|centimet(?:er|re)s|inch(?:es)?|feet|foot|ft|m|meters?|metres?) taller than)/, /older than(?<!\d+ (?:years?|months?|days?) older than)/, 'sequence', 'next in', 'statements', /(?:deux|trois|quatre|les) affirmations\b/, 'afirmaciones', 'affermazioni', 'afirmações', 'true, false, or uncertain', 'true, false or uncertain', 'vraie, fausse ou incertaine', 'verdadera, falsa o incierta', 'wahr, falsch oder ungewiss', 'liar', 'knave', /knights?(?= (?:always|never|only|tell|lie)\b)/, 'cross the river', 'weighing', 'wiegung', 'wägung', 'balkenwaage', 'pesées', 'てんびん', 'pesagens', 'balança de dois pratos', 'balanza de dos platillos', 'взвешивани', '양팔 저울', 'arranged in a row', 'directly to the left of', 'directly to the right of', 'furthest from the', 'left-most', 'right-most',
    'anteayer', 'avant-hier', '后天', '前天', /星期几(?<!今天星期几)(?<!今天是星期几)/, /正直(?:者|な人|な村人|族)/, '嘘つき', '嘘をついて', 'quién miente', 'wer lügt', 'qui ment', 'in what order', 'en qué orden', 'in welcher reihenfolge', 'dans quel ordre', '什么顺序', 'どの順番', /si todos los \p{L}+ son\b/u, /wenn alle \p{L}+ \p{L}+ sind\b/u, /si tous les \p{L}+ sont\b/u, '如果所有的', /すべての[^。？?]{1,12}ならば/,
    // A syllogism's question ("podemos concluir que…?", "можно ли сделать вывод, что…"): "what can we conclude from this survey" has no "that".
    'podemos concluir que', 'pode-se concluir que', 'se pode concluir que', 'se puede concluir que', 'peut-on conclure que', 'possiamo concludere che', 'si può concludere che', 'можно ли сделать вывод', 'можно ли заключить', 'silogismo', 'syllogism', '三段论', /(?:能否|可以|能|不能|无法|可否|由此可以)推出/, '得出结论', '得出什么结论', /结论(?:是否)?成立/, '大前提', '小前提', '合理的顺序', '正确的顺序', '最能削弱', '最能支持', '最能加强', '如果为真', '一定为真', '必然为真', '结論は正しい', '導ける', '導けます', '正しい順番', '正しい順序', '三段論法', 'following clues', 'these clues', 'some clues', 'clues:', /\beach (?:\w+ ){0,2}(?:has|likes|owns|prefers|wears|drives|plays|ordered|chose|bought) a different\b/, 'if true, most', 'most seriously weakens', 'most weakens', 'most strengthens', 'weakens the argument', 'strengthens the argument', 'can be derived', 'can be properly inferred', 'must also be true', 'the argument assumes', 'apparent discrepancy', 'apparent paradox', 'flaw in the argument', 'vulnerable to criticism', '可以得出以下哪项', '最能质疑', '必然成立', '上述论证', '所假设', 'debilita el argumento', 'affaiblit l', 'schwächt das argument', '論証', '以下线索', 'casse-tête', '脑筋急转弯', 'brain teaser', 'brainteaser', '这些线索', '根据线索', 'siguientes pistas', 'estas pistas', 'indices suivants', 'ces indices', 'folgenden hinweise', '手がかり',
    // A syllogism told in everyday words: a statement about all of a kind, then a question about one of them ("Tous les chats de
    // la voisine sont gris. Ce chat est noir. Est-ce un chat de la voisine ?", "所有会游泳的人都去了海边，小李没去海边，小李会游泳吗？").
    ...syllogismsInEverydayWords,
    /所有[^。？！\n]{2,30}都[^。？！\n]{1,20}[，。][^？\n]{2,40}吗？/u, /(?:みんな|全員|すべて|全て)[^。？\n]{0,30}。[^？\n]{2,60}？/u,
    'indovinello', 'se oggi', 'se hoje', 'если сегодня', '오늘이', 'logica', 'deduci', 'più alto', 'enigma', 'mais alto', 'загадк', 'логик', '수수께끼', '논리', '보다 키가', 'raadsel', 'zagadk', 'bilmece', 'mantık', 
    // A day named in passing ("since yesterday", "明日の会議") is everyday talk; the day puzzles ask which day or date.
    'what day', 'which day', 'what date', 'si hoy', 'qué día', 'qué fecha', 'pasado mañana', 'wenn heute', 'wenn morgen', 'welcher tag', 'welcher wochentag', 'welches datum', 'vorgestern', 'übermorgen',
    "si aujourd'hui", 'quel jour', 'quelle date', 'après-demain', '如果今天', '如果昨天', '如果明天', '几月几日', '今日が', '明日が', '昨日が', '何曜日', '何月何日', '一昨日', '明後日',
    "l'altro ieri", 'dopodomani', 'che giorno', 'anteontem', 'depois de amanhã', 'que dia', 'позавчера', 'послезавтра', 'какой день', '무슨 요일', '그저께', 'welke dag', 'eergisteren', 'overmorgen', 'jaki dzień', 'przedwczoraj', 'pojutrze', 'hangi gün',
    // The siblings riddle: "David has three sisters. Each of them has one brother. How many brothers does David have?"
    /\beach of (?:her|his|their|them|the)\b[^.?!\n]{0,30}?\b(?:brothers?|sisters?|siblings?|sons?|daughters?)\b|\b(?:jede[rs]?|jeder ihrer|jeder seiner) (?:\w+ )?(?:brüder|schwestern|brüdern|geschwister)\b|\bjede[rs]? von ihnen hat (?:\p{L}+ )?(?:bruder|brüder|schwester|schwestern)|\bchacun(?:e)? d'(?:elles|eux) a (?:\p{L}+ )?(?:frères?|sœurs?|soeurs?)|\bognun[oa] di loro ha (?:\p{L}+ )?(?:fratell[oi]|sorell[ae])|\bchacun(?:e)? de (?:ses|leurs) (?:frères|sœurs|soeurs|enfants)\b|\bcada un[oa] de sus (?:hermanos|hermanas)\b|\bcada un[oa] de (?:ellas|ellos) tiene (?:\p{L}+ )?(?:hermanos?|hermanas?)\b|\bognun[oa] de(?:i|lle) su(?:oi|e) (?:fratelli|sorelle)\b|(?<!\p{L})у каждого (?:брата|из братьев|сестры)|每个(?:姐姐|妹妹|哥哥|弟弟|兄弟|姐妹)|それぞれの(?:兄|姉|弟|妹)/u,
    // A race overtaken ("you have just overtaken the second person: what is your position?") and a shadow's direction.
    /(?:overt[ao]o?k|overtaken|überhol|dépass|adelant|superat|ultrapass|超过了|超越了|追い越)[^.?!。？]{0,40}(?:second|last|zweite|letzte|deuxième|dernier|dernière|segund|últim|ultim|第二|最后|2番目|最後)/u,
    /(?:shadow|schatten|l'ombre|la sombra|l'ombra|a sombra|影子|影が|影は)[^?？]{0,160}(?:east|west|north|south|osten|westen|norden|süden|l'est|l'ouest|le nord|le sud|este|oeste|norte|sur\b|ovest|nord\b|sud\b|[东西南北東])/u,
    // The jug puzzles: a quantity measured exactly with vessels that hold others ("how do I measure exactly 4 litres?").
    /measure (?:out )?exactly\b/, 'medir exactamente', 'mido exactamente', 'mesurer exactement', 'genau abmessen', 'genau abzumessen', 'misurare esattamente', 'medir exatamente', 'отмерить ровно', '恰好量出', '正確に量',
    // The coin-weighing puzzles' balance (天秤座 is the zodiac's Libra).
    /\bwhat (?:word |thing )?(?:gets|becomes) \w+ (?:when|the more|if)\b/, 'balance scale', /天秤(?!座)|天平(?!均|座)/, 'qui a quoi', 'quién tiene qué',
  ],
};

/**
 * Asking for a program by what it is rather than by its language: a verb of making and, in the same sentence, a kind
 * of software ("Write a tic-tac-toe game.", "Make a Discord bot that…", "Crée un bot Telegram", "做一个贪吃蛇游戏",
 * "ToDoアプリを作って"). Either word alone is everyday language ("write a story", "a good app for Spanish?"), and so is a
 * text about a program ("write a review of the new Zelda game").
 */
const makingVerbs = [
  'build', 'create', 'make', 'write', 'program', 'code', 'develop', 'implement', 'haz', 'crea', 'construye', 'programa', 'desarrolla', 'erstelle', 'bau',
  'programmiere', 'entwickle', 'schreib', 'crée', 'créer', 'fais', 'développe', 'construis', 'scrivi', 'sviluppa', 'faça', 'crie', 'desenvolva',
  'создай', 'сделай', 'напиши', 'разработай',
];
/** Kinds of software, whole words (a plural s allowed; "a game plan" is none). */
const softwareNouns = [
  'game', 'app', 'application', 'bot', 'website', 'site', 'web page', 'webpage', 'landing page', 'shortener', 'extension', 'plugin', 'clone', 'generator',
  'calculator', 'scraper', 'crawler', 'gui', 'cli', 'widget', 'juego', 'aplicación', 'calculadora', 'spiel', 'webseite', 'rechner', 'taschenrechner',
  'anwendung', 'jeu', 'appli', 'calculatrice', 'gioco', 'applicazione', 'jogo', 'aplicativo',
];
/** Stems of Russian ones, which inflect (игру, приложение). */
const softwareStems = ['игр', 'приложени', 'бот', 'сайт'];
/** Texts one writes about a program rather than the program. */
const textsAbout = [
  'review', 'story', 'essay', 'article', 'post', 'poem', 'description', 'letter', 'e-?mail', 'summary', 'song', 'speech', 'reseña', 'artículo', 'historia',
  'cuento', 'rezension', 'artikel', 'geschichte', 'critique', 'histoire', 'recensione', 'storia', 'resenha', 'обзор', 'стать', 'рассказ',
];
const chineseSoftware = '(?:游戏|应用|小程序|网站|网页|机器人|插件|计算器|爬虫)';
const japaneseSoftware = '(?:アプリ|ゲーム|ボット|サイト|ウェブページ|拡張機能)';
const koreanSoftware = '(?:게임|앱|봇|웹사이트|사이트)';
const softwareNoun = String.raw`(?<!\p{L})(?:${softwareNouns.join('|')})s?(?!\p{L}|\s+plan)|(?<!\p{L})(?:${softwareStems.join('|')})`;

const softwareArtifactPattern = new RegExp(
  [
    String.raw`(?<!\p{L})(?:${makingVerbs.join('|')})(?:(?!${textsAbout.join('|')})[^.?!\n]){0,40}?(?:${softwareNoun})`,
    `(?:做|写|开发|实现|创建|搭建)[^。？！\n]{0,15}${chineseSoftware}`,
    `${japaneseSoftware}[^。？！\n]{0,10}(?:作|開発|実装)`,
    `${koreanSoftware}[^.?!\n]{0,10}(?:만들어|개발해)`,
  ].join('|'),
  'u',
);

/** A kind of software named at all: a cheap first test, since most requests name none (the pattern above costs ~20 µs a request). */
const softwareNounPattern = new RegExp([softwareNoun, chineseSoftware, japaneseSoftware, koreanSoftware].join('|'), 'u');

const asksForSoftware = (text: string) => softwareNounPattern.test(text) && softwareArtifactPattern.test(text);

/**
 * A one-word cue without its accents that is an English word, or a stem of one ("scenario" of "scénario", "redact" of
 * "redáct", as in "redacted"), would be read in English text: left out. Phrases ("en ingles", "que es mejor") are kept.
 */
const ENGLISH_ENDINGS = ['', 's', 'e', 'es', 'ed', 'ing', 'ion', 'ions', 'er', 'al'];
function notEnglish(variant: string): boolean {
  if (variant.trim().includes(' ')) return true;
  const endings = variant.endsWith(' ') ? [''] : ENGLISH_ENDINGS;
  return endings.every((ending) => knownWord(englishLexicon(), variant.trim() + ending) === undefined);
}
let cueIndex: CueIndex | undefined;
const families = Object.keys(taskCues);
const CODE = families.indexOf('code');

/**
 * The cue index, built at the first call, not when this module loads: the build asks the English lexicon and takes ~80 ms,
 * which neither an import nor the first classified request should pay. The classifier's loading makes that call at start.
 */
export function prepareTaskCues(): CueIndex {
  return (cueIndex ??= new CueIndex(families, taskCues, notEnglish));
}

/** The families whose cues appear in `text` (lower-cased), each once, in the order of the lists above. */
export function cuesIn(text: string): string[] {
  const held = prepareTaskCues().holds(text);
  if (!held[CODE] && asksForSoftware(text)) held[CODE] = true;
  const found: string[] = [];
  for (let index = 0; index < held.length; index++) if (held[index]) found.push(families[index]);
  return found;
}

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
  'should (?:i|we)', 'worth', 'a good (?:idea|investment|choice)', 'bubble', 'overrated', 'underrated', 'pros and cons', 'who would win',
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
  '解释', '为什么', '值得', '原理', '会发生什么', '人生的意义', '自由意志', '意识', '猜想', '假说', '发明还是发现', '成功吗', '失败吗', '错误吗',
  // Forecasts: prices and markets going up or down.
  'subirá', 'bajará', 'caerá', 'salirà', 'scenderà', 'vai cair', 'vai subir', 'вырастет', 'упадёт', 'упадет', 'подешевеет', 'подорожает', '오를까', '떨어질까',
  '会不会', '还会涨', '还会跌', '还能涨', '会涨吗', '会跌吗', '上がりますか', '下がりますか', '上がる？', '下がる？', '暴落',
  '量子', '相对论', '黑洞', '相対性', 'ブラックホール', '説明', 'なぜ', '価値がある', '仕組み', '人生の意味', '意識', '仮説', '予想', '発明か発見か', '成功だった', '失敗だった', '설명', '왜',
];
const explanationPattern = new RegExp(String.raw`(?<!\p{L})(?:${openQuestionWords.join('|')})(?!\p{L})|${openQuestionStems.join('|')}`, 'u');

export const asksForExplanation = (text: string) => explanationPattern.test(text);
