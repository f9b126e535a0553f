import type { Cue } from '../cue-index.js';
import { identifiesInGivenText } from '../phrase-cues.js';

/** The extraction family's cues: items pulled out of a given text, sorted or labelled. */
export const extractionCues: readonly Cue[] = [
  // What a given conversation says, asked of it ("From the conversation below, work out what each person ordered").
  /\bfrom the (?:conversation|chat|dialogue|transcript|call) (?:below|above)\b/,
  'extract', 'pull out', 'classify', /\br[ée]cup[èe]re(?:z|r)? (?:les|tous|toutes|la liste|chaque)\b/,
  // Items taken out of a given text ("get all the hashtags out of this caption").
  /\b(?:get|pull|take|grab) (?:all |every |each )?(?:of )?(?:the )?(?:[\w-]+ ){0,2}?out of (?:this|these|that|the following|the text|it)\b/,
  // French "relève" as noting items down ("relève le fournisseur, la date et le montant"), not "cela relève de…".
  /rel[eè]ve(?:z|r)? (?:tous|toutes|les|le|la|l'|chaque)(?!\p{L})/u,
  // Each of many given items scored, as a sentiment is labelled: "evaluate the following movie reviews on a scale of 1 to 5".
  /\b(?:rate|score|evaluate|grade|rank) (?:the following|these|each of (?:the|these)) (?:[\w-]+ ){0,2}(?:reviews|comments|tweets|posts|messages|answers|responses)\b/,
  /(?:bewerten sie|bewerte|[ée]valuez|[ée]value|evalúe|evalúa|valuta|valutate|avalie) (?:die folgenden|les|las|los|le|i|as|os) (?:\p{L}+ ){0,2}\p{L}*?(?:rezensionen|kritiken|bewertungen|kommentare|critiques|avis|commentaires|reseñas|comentarios|opiniones|recensioni|commenti|avaliações|comentários)/u,
  /(?:レビュー|口コミ|コメント)を[^。\n]{0,20}(?:スケール|段階)で評価/u, /(?:评论|评价|影评)[^。\n]{0,20}(?:打分|评分|分级)|按(?:照)?1(?:到|至)\d+的/u, 'categoriz', 'categoris',
  'tag each', 'label each', 'into a table', 'as a table', 'in a table', 'en una tabla', 'a una tabla', 'eine tabelle', '找出来', 'en tableau',
  'sous forme de tableau', 'als tabelle', 'in einer tabelle', '表格', '表に', 'clasifica', 'klassifizier', 'kategorisier', 'classifie',
  /\bclasse (?:chaque|ce|cet|cette|ces|les)\b/, 'pull the', 'which email', 'find all', 'list every',
  /\bfor each (?:one|of them|ticket|email|message|review|entry|item|record|row|customer)\b[^.?!\n]{0,12}\b(?:give|list|tell|return|output|provide)\b/,
  'fields', 'parse', 'extrae', 'extraiga', /saca(?!ndo|ste)(?!\p{L}* (?:\p{L}+ )?conclusi)(?<!conclusiones (?:que )?saca)/u, 'sácame', 'extrahiere',
  'extrais', 'extrayez', identifiesInGivenText, 'quel est le numéro', '提取', '抽取', '关键词',
  /\b(?:according to|based on) (?:the|this|these) (?:[\w-]+ ){0,2}?(?:text|policy|passage|paragraph|article|report|notice|schedule|table|transcript|conversation|dialogue|email|message|contract|document)\b/,
  'según el siguiente', "d'après ce", '根据下面的', '基于以上', 'の会話から', '分类为', '情感分类', '进行分类', '分類して', /\b(?:als|in) (?:positiv|negativ)/,
  /抽出(?!时间|時間|空)/, '抜き出', /(?<!(?:箱|袋|棚|庫|ット|瓶|鍋)から[^。、\n]{0,12})取り出/u, 'estrai', 'estrarre', 'extraia', 'extrair', 'извлеки', 'выдели',
  'найди все', '추출', 'extraheer', 'wyodrębnij', 'найди в тексте', 'ekstrak', 'استخرج', 'trích xuất', 'निकालो', 'निकालें',
  // What a text holds, asked for as a list: "which vendors and prices are mentioned here?", "zieh mir alle Fristen raus", "找出每个部门的意见".
  'are mentioned', 'is mentioned', 'mentioned here', 'mentioned in the', 'zieh mir', 'zieh alle', 'raussuchen', 'heraussuchen',
  'rausziehen', 'herausziehen', '找出每', '找出所有', '列出所有',
  /(?:この|次の|以下の)(?:文章|文|レシート|メール|記事|表|資料|リスト|請求書|領収書|契約書|テキスト|データ|ニュース|メッセージ|お知らせ|議事録)から[^。\n]{1,30}を教えて/u, '人名', /把[^。？！\n]{1,12}列出来/u,
  'named entit', 'entidades nombradas', 'entités nommées', 'benannte entitäten', '命名实体', '固有表現', 'count how many times',
  'how many times the word', 'occurrences of', 'number of appearances', 'these categories', 'one of the following categories',
  'assign each', 'assign them to', 'into categories', 'to a category',
  // Counting a text's words and sorting items into given categories, in the other languages ("zählen Sie, wie oft…", "cuente cuántas veces…").
  'benannten entitäten', 'entità nominate', 'zählen sie, wie oft', 'zähle, wie oft', 'wie oft die wörter', 'wie oft das wort',
  'dieser kategorien', 'diesen kategorien', 'comptez combien de fois', 'compte combien de fois', 'combien de fois les mots',
  'combien de fois le mot', 'ces catégories', 'classez', /\bles classer\b/, 'cuente cuántas veces', 'cuenta cuántas veces',
  'estas categorías', 'conta quante volte', 'contate quante volte', 'queste categorie', 'conte quantas vezes', 'a uma destas categorias',
  'сколько раз встречается', 'посчитай, сколько раз', '出现的次数', '出现次数', '统计每个词', '分配到', '归入以下', '出現回数', '何回出現', '回出現するか', 'いずれかに割り当て',
  /\bsentiment\b/, /\b(?:as|in|into|to) (?:a )?csv\b/, 'csv please', '分别列出',
  // A question asked of a given text, as reading comprehension and retrieval-augmented apps ask it ("According to the passage…",
  // "Context: … Question: …", "阅读下面的短文，回答问题"): the answer is in the text. Its main idea is a summary's, the author's
  // stance an analysis's (summarization.ts and analysis.ts).
  'according to the passage', 'according to the text', 'according to the article', 'according to the context', 'according to the document',
  'based on the passage', 'based on the text', 'based on the context', 'based on the article', 'based on the document', 'from the passage',
  'in the passage', 'the provided context', 'the context provided', 'retrieved context', 'retrieved documents', 'passage:',
  /context:[^]{1,1500}?\bquestion:/, /article:[^]{1,1500}?\bquestion:/, /documents?:[^]{1,1500}?\bquestion:/, 'read the passage',
  'read the text', 'lies den text', 'laut dem text', 'laut text', 'anhand des textes', 'beantworte die frage', "d'après le texte",
  'selon le texte', 'selon ce document', 'selon le document', 'lisez le texte', 'lis le texte', 'según el texto', 'de acuerdo con el texto',
  'lee el texto', 'lee el siguiente texto', 'texto:', '阅读下面', '阅读短文', '根据短文', '根据上文', '根据文章', '根据材料', '根据以下材料', '回答问题', '次の文章を読んで',
  '本文によると', '文章によると', '文章に基づいて', '質問に答え',
  // "Write out the price and the address from the ad", "pick out only the names": pulling out, in Russian and Korean.
  'выпиши', 'вытащи', '뽑아', '골라내',
  // "Take the following from the texts", "identify … in the following sentences" (German, Chinese, Japanese).
  'entnehmen sie', '识别出', '找出以下', 'を特定し', 'sont mentionn', 'est mentionn', 'se mencionan', 'se menciona ',
  /(?<!\p{L})werden (?:\p{L}+ ){0,4}?(?:genannt|erwähnt)(?!\p{L})/u, 'vengono menzionat', 'são mencionad', 'alle genannten',
  'alle erwähnten',
  /(?:^|[.!?:]\s+|bitte )(?:liste|listen sie|zähle|zählen sie) (?:\p{L}+ ){0,8}?(?:alle|sämtliche)(?!\p{L})[^.?!\n]{0,80}?(?<!\p{L})auf(?!\p{L})/u,
  // Fields listed from given documents ("…und liste Name, E-Mail und gewünschtes Gehalt auf").
  /\b(?:liste|listen sie) (?:[\p{L}-]+, ){1,6}(?:[\p{L}-]+ ){1,2}(?:und|sowie) (?:[\p{L}-]+ ){1,2}?auf(?!\p{L})/u,
  // Given items returned as JSON, as an app's system prompt asks ("Devuelve en JSON el nombre, el teléfono y la ciudad…").
  'devuelve en json', 'devuelve en formato json', 'renvoie en json', 'als json zurück', '用json返回', 'jsonで返',
];
