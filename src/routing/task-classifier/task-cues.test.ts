import { test } from 'node:test';
import assert from 'node:assert/strict';
import { asksForProof } from './open-questions.js';
import { cuesIn } from './task-cues.js';

// Cues of several families read together, and cue words in their everyday senses. A family's own cues are tested in
// `<family>-cues.test.ts` beside this file.

test('grammatical errors are an editing task, named entities an extraction', () => {
  assert.deepEqual(cuesIn('edit the following paragraph to correct any grammatical errors'), ['writing']);
  assert.deepEqual(cuesIn('identify the named entities mentioned in the given news article'), ['extraction']);
});

test('items identified in a given text are an extraction, in its sentence in either order; identifying alone is not', () => {
  for (const text of [
    'identify the countries, their capitals and the languages spoken in the following sentences.',
    'identifique los países, sus capitales y los idiomas hablados en las siguientes frases.',
    "à partir des données suivantes, identifiez l'entreprise qui réalisera le bénéfice le plus élevé",
    'identifizieren sie in den folgenden sätzen alle städte',
    'identifica le persone e le aziende nel testo seguente',
    'extraiga la siguiente información de los textos presentados',
    'extrayez les informations suivantes des textes présentés',
  ]) assert.deepEqual(cuesIn(text), ['extraction'], text);
  assert.deepEqual(cuesIn('identify the weak points of your plan'), []);
  assert.ok(!cuesIn('identify the main risks. the following sentences are only background').includes('extraction'), 'the given text is named in another sentence');
});

test("a word problem's question is a maths cue in languages the set holds no rows of, and a riddle's closing question a puzzle's", () => {
  for (const text of ['उसके पास कुल कितने सेब बचे?', 'তার কাছে মোট কত টাকা আছে?', 'మొత్తం ఎన్ని గుడ్లు ఉన్నాయి?', 'เขาได้เงินทั้งหมดเท่าไหร่', 'anapata pesa ngapi kila siku?', 'berapa kilometer yang dia tempuh?', 'hoeveel eieren blijven er over?']) assert.deepEqual(cuesIn(text), ['math'], text);
  // A Bengali conjunct (একত্রে, "together") holds the same letters as কত, and a Thai "in the end" (สรุปแล้ว) is no summary.
  assert.deepEqual(cuesIn('তারা একত্রে বাজারে গেল'), []);
  assert.deepEqual(cuesIn('สรุปแล้วโรงเรียนทุกแห่ง'), []);
  for (const text of ['i have keys but open no locks. what am i?', 'plus j’ai de gardiens, moins je suis gardé. qui suis-je ?', 'una devinette pour les enfants', 'tengo agujas pero no pincho. ¿qué soy?', 'なぞなぞを出して']) assert.deepEqual(cuesIn(text), ['reasoning'], text);
  assert.deepEqual(cuesIn('what am i doing wrong with my sourdough'), []);
});

test('translating and summarizing are asked for in Thai, Greek, Hebrew, Arabic and Hindi too', () => {
  for (const text of ['ช่วยแปลประโยคนี้เป็นภาษาอังกฤษ', 'μετάφρασε στα αγγλικά', 'תרגם לאנגלית את המשפט']) assert.deepEqual(cuesIn(text), ['translation'], text);
  for (const text of ['ช่วยสรุปบทความนี้', 'γράψε μια περίληψη του κειμένου', 'لخّص النص التالي', 'इस लेख का सार बताइए', 'תקציר של המאמר']) assert.ok(cuesIn(text).includes('summarization'), text);
  // Thai แปลก is "strange": no translation.
  assert.deepEqual(cuesIn('วันนี้อากาศแปลกมาก'), []);
});

test('a story named in one German word, a dialogue in Italian or Portuguese, a text to go on with and a manner to tell it in are writing', () => {
  for (const text of ['erzähl eine kurze gruselgeschichte', 'ein liebesgedicht für meine frau', 'crea un dialogo tra dante e un influencer', 'cria um diálogo engraçado entre um professor e um aluno', 'continúa este texto manteniendo el tono', 'продолжи историю: я открыл холодильник', 'tell it in the style of a nature documentary']) assert.deepEqual(cuesIn(text), ['writing'], text);
  // Geschichte is history as often as story, and a dialogue had with someone is no dialogue written.
  assert.deepEqual(cuesIn('weltgeschichte kurz erklärt'), []);
  assert.deepEqual(cuesIn('¿cómo puedo mejorar el diálogo con mi hijo?'), []);
});

test('cues are found in Spanish and French typed without accents, but not as English words', () => {
  assert.deepEqual(cuesIn('que es mejor para una startup, pros y contras'), ['analysis']);
  assert.deepEqual(cuesIn('traduce al ingles esta frase'), ['translation']);
  assert.deepEqual(cuesIn('ecris moi un poeme sur la mer'), ['writing']);
  // "scenario" (of the French scénario) and "redacted" (of the Spanish redáctame) are English.
  assert.deepEqual(cuesIn('in this scenario, the document was redacted'), []);
});

test('the same material asked three ways: what a text holds is extraction, its gist summarization, its risks and decisions analysis', () => {
  for (const text of ['which vendors and prices are mentioned here?', 'zieh mir alle fristen und beträge raus', '从这段会议记录里找出每个部门的意见']) assert.ok(cuesIn(text).includes('extraction'), text);
  assert.deepEqual(cuesIn('resúmeme esta noticia para el grupo'), ['summarization']);
  for (const text of ['你觉得先上简化版是不是好决定？有什么风险？', '値上げを受け入れるべきか、他社を探すべきか']) assert.deepEqual(cuesIn(text), ['analysis'], text);
});

test('many given reviews scored one by one are labelled, as sentiments are: an extraction; one essay rated is a critique', () => {
  assert.ok(cuesIn('evaluate the following movie reviews on a scale of 1 to 5, with 1 being very negative').includes('extraction'));
  assert.ok(cuesIn('rate these customer comments from 1 to 10').includes('extraction'));
  assert.ok(!cuesIn('rate my essay on a scale of 1 to 10').includes('extraction'));
  // A cue that opens with a bracket is looked for anywhere: it must say where its word starts ("generate" holds "rate").
  assert.ok(!cuesIn('generate these three product reviews for my shop').includes('extraction'));
});

test("statistics is maths as an exam asks it and analysis as a decision weighs it; a plot's intervals stay code", () => {
  for (const text of ['which of these is a type ii error? a. rejecting a true null hypothesis', 'construct a 95% confidence interval for the mean life', '下列关于假设检验的说法哪个是正确的？', 'bei einem signifikanzniveau von 5 % ergibt ein test einen p-wert von 0,032']) assert.ok(cuesIn(text).includes('math'), text);
  for (const text of ['our nps survey got a 6% response rate, mostly from power users. how much can we trust the score?', 'what selection bias does this sample have?', 'was spricht dagegen?']) assert.ok(cuesIn(text).includes('analysis'), text);
  assert.ok(!cuesIn("what does 'statistically significant' actually mean in plain terms?").includes('translation'));
  assert.ok(cuesIn('what does "feierabend" mean in english?').includes('translation'));
});

test('how many continents or bones is a quick fact; how many apples are left is a word problem', () => {
  assert.ok(!cuesIn('how many continents are there').includes('math'));
  assert.ok(!cuesIn('how many bones are in the human body?').includes('math'));
  assert.ok(cuesIn('tom had 12 apples and gave away 5. how many apples are left?').includes('math'));
});

test('a phrase asked for in a language, tersely, names the language; a French card for someone is writing', () => {
  for (const text of ['good morning in korean', 'gracias en japonés', 'merci en allemand', 'danke auf japanisch']) assert.ok(cuesIn(text).includes('language'), text);
  for (const text of ["petit mot d'anniversaire pour ma soeur", 'un message de remerciement pour mon chef']) assert.ok(cuesIn(text).includes('writing'), text);
});

test('a language asked for is named, into one is a translation; a language that qualifies a noun is neither', () => {
  for (const text of ['how do you say thank you in korean?', 'put it into spanish, please', 'into formal german']) assert.ok(cuesIn(text).includes('translation'), text);
  for (const text of ['write my name in japanese characters', 'in english and in french', 'écris une lettre en anglais', '英語でメールを書いて']) assert.ok(cuesIn(text).includes('language'), text);
  for (const text of ["i'm interested in korean food, what should i try?", "i'm really into japanese anime lately", 'my son struggles in english class', 'a phd in chinese history']) {
    assert.ok(!cuesIn(text).includes('translation') && !cuesIn(text).includes('language'), text);
  }
});

test("a question asked of a given text is extraction; its main idea a summary's, its author's stance analysis", () => {
  for (const text of ['according to the passage, in which cities was the treaty signed?', 'context: the pro plan costs $29.\n\nquestion: does the team plan include sso?', '阅读下面的短文，回答问题。', "d'après le texte suivant, qui a gagné ?"]) assert.ok(cuesIn(text).includes('extraction'), text);
  // "Context:" alone opens many a request of other kinds ("Context: I'm building a React app…").
  assert.ok(!cuesIn("context: i'm building a react app. how do i add routing?").includes('extraction'));
  assert.ok(cuesIn('what is the main idea of the passage?').includes('summarization'));
  assert.ok(cuesIn("what can we infer about the author's attitude?").includes('analysis'));
});

test('a story, a message, a weighing puzzle or fields pulled out are cued in Korean, Turkish, Portuguese and Russian too', () => {
  assert.deepEqual(cuesIn('두 사람의 짧은 이야기를 써 줘'), ['writing']);
  assert.deepEqual(cuesIn('annem için bir doğum günü mesajı yazar mısın?'), ['writing']);
  assert.deepEqual(cuesIn('com apenas duas pesagens, como descubro a bola mais pesada?'), ['reasoning']);
  assert.deepEqual(cuesIn('졸업 축하 카드에 들어갈 짧은 글을 부탁해'), ['writing']);
  assert.deepEqual(cuesIn('выпиши из объявления цену и адрес'), ['extraction']);
  assert.deepEqual(cuesIn('이 문장에서 사람 이름만 뽑아 줘'), ['extraction']);
  // Talk is no story, and summer is not "write".
  assert.deepEqual(cuesIn('우리 이야기 좀 하자'), []);
  assert.deepEqual(cuesIn('yazın nereye tatile gidelim?'), []);
});

test('the siblings riddle is a reasoning cue in the languages of the cues, and "fassen Sie sich kurz" asks for no summary', () => {
  for (const prompt of ['David has three sisters. Each of them has one brother. How many brothers does David have?', 'Anna hat zwei Brüder. Jeder ihrer Brüder hat zwei Schwestern.', 'Paul a trois sœurs. Chacune de ses sœurs a un frère.', 'Lucía tiene cuatro hermanos. Cada uno de sus hermanos tiene una hermana.', 'Giulia ha tre fratelli. Ognuno dei suoi fratelli ha due sorelle.', '小明有三个姐姐，每个姐姐都有一个弟弟。', 'У Маши три брата. У каждого брата две сестры.']) {
    assert.ok(cuesIn(prompt.toLowerCase()).includes('reasoning'), prompt);
  }
  assert.ok(cuesIn('marta tiene dos hermanas. cada una de ellas tiene un hermano.').includes('reasoning'));
  // Only siblings make the riddle: "each of your customers" is no puzzle.
  assert.ok(!cuesIn('envía un correo a cada uno de sus clientes con la factura.').includes('reasoning'));
  assert.ok(!cuesIn('verfassen sie eine e-mail an ihren chef. fassen sie sich kurz und prägnant.').includes('summarization'));
  assert.ok(!cuesIn('erklären sie den zusammenhang zwischen zins und inflation.').includes('summarization'));
  assert.ok(cuesIn('fassen sie den folgenden artikel in drei sätzen zusammen.').includes('summarization'));
  assert.ok(cuesIn('bitte eine zusammenfassung des berichts').includes('summarization'));
});

test('role-play in the formal register of other languages is a small-talk cue, and MT-Bench\'s riddles are reasoning cues', () => {
  for (const prompt of ['schlüpfen sie in die rolle eines bergführers.', 'jouez le rôle d\'un sommelier.', 'asuma el papel de un entrenador.', 'calati nel ruolo di un pizzaiolo.', '请扮演一位唐朝诗人。', '寺子屋の先生になりきって話して。']) {
    assert.ok(cuesIn(prompt).includes('chat'), prompt);
  }
  assert.ok(cuesIn('si vous venez de dépasser la deuxième personne, quelle est votre position ?').includes('reasoning'));
  assert.ok(cuesIn("l'ombre du poteau tombait à sa droite : vers l'est, le sud, l'ouest ou le nord ?").includes('reasoning'));
  assert.ok(cuesIn('zählen sie, wie oft die wörter "berg" und "see" vorkommen.').includes('extraction'));
  assert.ok(cuesIn('quelle est la probabilité de tirer deux as ?').includes('math'));
});

test('concurrency is a code cue, and a letter of the alphabet asks for no writing', () => {
  assert.deepEqual(cuesIn('explain the race condition in this counter'), ['code']);
  assert.ok(cuesIn('is there a way to atomically compare and exchange an atomic integer?').includes('code'));
  assert.ok(cuesIn('c++里用std::atomic做计数器，多线程下还需要加锁吗').includes('code'));
  assert.deepEqual(cuesIn('write a letter to my landlord about the heating'), ['writing']);
  assert.deepEqual(cuesIn('a widget that should display letter w in a large font'), []);
  assert.ok(!cuesIn('how many words start with the letter a?').includes('writing'));
  assert.deepEqual(cuesIn('a password of capital letters and digits'), []);
});

test("drafting and a piece's headings are writing cues in Chinese and German, and a passage's fitting title is not", () => {
  for (const prompt of ['草拟一封专业邮件，寻求主管对报告的反馈', '帮我起草一份会议通知', '撰写一篇关于新能源的新闻稿', 'eine einprägsame überschrift für einen artikel über bioenergie entwerfen', 'vorschläge für schlagzeilen zu unserem produktstart', 'an outline with subheadings for each section']) {
    assert.ok(cuesIn(prompt).includes('writing'), prompt);
  }
  for (const prompt of ['finden sie eine passende überschrift für den text', 'welche überschrift passt zu diesem abschnitt?']) {
    assert.ok(!cuesIn(prompt).includes('writing'), prompt);
  }
});

test("'有多' (how tall, how deep) is small talk's cue, never within '有多少' (how many): '还有多少企鹅' is maths only", () => {
  assert.deepEqual(cuesIn('还有多少企鹅在晒太阳？'), ['math']);
  assert.deepEqual(cuesIn('珠穆朗玛峰有多高？'), ['chat']);
});

test('advice on learning or a career is a chat cue beside the code cue a language name gives: the model weighs them', () => {
  assert.deepEqual(cuesIn('give me a 12-week study plan for learning rust'), ['chat']);
  assert.deepEqual(cuesIn('erstelle mir einen lernplan für python'), ['code', 'chat']);
  assert.deepEqual(cuesIn('请帮我制定一个学习java的学习计划'), ['code', 'chat']);
  assert.deepEqual(cuesIn('how do i prepare for a job interview as a java developer?'), ['code', 'chat']);
  assert.deepEqual(cuesIn('write a java class for a study plan'), ['code', 'writing', 'chat']);
});

test('a figure of the world, dated or estimated, is a chat cue; a share or an angle of a given number is a maths cue', () => {
  for (const prompt of ['as of 2019, about what percentage of adults were overweight?', 'roughly how many people speak welsh?', 'stand 2020: wie viel prozent der menschen lebten in städten?', '截至2019年，全球大约有百分之多少的人口无法获得安全饮用水？', '2020年時点で、世界の人口のおよそ何パーセントが65歳以上ですか。']) {
    assert.ok(cuesIn(prompt).includes('chat'), prompt);
  }
  assert.ok(!cuesIn('she has 40 apples and gives away about a third. how many are left?').includes('chat'));
  for (const prompt of ['what is 35% of 240?', 'calcula el 20 % de 150', 'berechne 15 % von 80', '150的20%是多少？', 'what is the complement of a 28° angle?']) {
    assert.deepEqual(cuesIn(prompt), ['math'], prompt);
  }
  assert.ok(!cuesIn('we spend 20% of the time in meetings').includes('math'));
});

test("'取り出して' pulls data out of a text, not a fruit out of a box", () => {
  assert.ok(cuesIn('次のメールから日付と金額を取り出してください').includes('extraction'));
  assert.ok(!cuesIn('1つの箱から1個だけ果物を取り出して、ラベルを付け直すには？').includes('extraction'));
});

test('a promo code in the plural, opening hours cut and "cela relève de" are no cues; a text shortened, items noted down and a plan critiqued are', () => {
  assert.deepEqual(cuesIn('on a lancé des codes promo avec des influenceurs'), []);
  assert.deepEqual(cuesIn('unsere kita will die öffnungszeiten von 7–17 auf 8–16 uhr kürzen'), []);
  assert.ok(!cuesIn('bestimme für jeden knoten die kürzeste entfernung').includes('summarization'));
  for (const prompt of ['kürze den text auf 100 wörter', 'etwas kürzer bitte', 'kannst du den folgenden text kürzen, sodass er auf eine seite passt?', 'verkürze die einleitung']) {
    assert.ok(cuesIn(prompt).includes('summarization'), prompt);
  }
  assert.deepEqual(cuesIn('cela relève de la compétence du maire'), []);
  assert.ok(cuesIn('relève le fournisseur, la date et le montant de chaque facture').includes('extraction'));
  for (const prompt of ['帮我点评一下这份商业计划', 'bewerte diesen plan kritisch', "qu'est-ce qui peut expliquer ça ?"]) assert.ok(cuesIn(prompt).includes('analysis'), prompt);
  for (const prompt of ["j'ai 3 réunions à caser demain", 'propose-moi un planning pour la semaine']) assert.ok(cuesIn(prompt).includes('reasoning'), prompt);
});

test("a table asked for and a given text's gist asked in everyday words are cues: \"pásame esto a una tabla\", \"il dit quoi ce texte\"", () => {
  for (const text of ['pásame esto a una tabla con producto y precio', 'mach mir aus dieser liste eine tabelle', '把里面的时间和地点都找出来']) assert.ok(cuesIn(text).includes('extraction'), text);
  for (const text of ['what does this email actually want from me?', 'en gros, il dit quoi ce texte ?', '这封邮件主要说了什么？', 'このメール、要は何が言いたいの？']) assert.ok(cuesIn(text).includes('summarization'), text);
  assert.ok(!cuesIn('what is the email address of the mayor').includes('summarization'));
});

test('a summary asked without accents, a message or a lesson plan to write, a choice to weigh and an error message are cues in their languages', () => {
  for (const text of ['resumeme de que va cien años de soledad', 'resumelo en tres lineas']) assert.ok(cuesIn(text).includes('summarization'), text);
  for (const text of ['推しの誕生日に送るお祝いメッセージを考えて', '帮我想一段给老师的祝福语']) assert.ok(cuesIn(text).includes('writing'), text);
  for (const text of ['design a lesson plan on volcanoes', 'prepara un plan de clase sobre el sistema solar', 'entwerfen sie einen unterrichtsplan', '设计一份历史课的教案', '授業計画を作ってください']) assert.ok(cuesIn(text).includes('writing'), text);
  assert.ok(cuesIn('nisaで全世界株とs&p500どっちに積み立てるべき？').includes('analysis'));
  for (const text of ['macht es sinn, jetzt noch eine wärmepumpe einzubauen?', "vaut-il mieux rembourser son crédit ou placer l'argent ?", 'est-il judicieux de lancer cette appli ?']) assert.ok(cuesIn(text).includes('analysis'), text);
  for (const text of ['このエラーメッセージの意味を教えて', '运行的时候报错了怎么办']) assert.ok(cuesIn(text).includes('code'), text);
  // "resume" is an English word (a CV, to start again): only the Spanish imperatives count.
  assert.ok(!cuesIn('please review my resume').includes('summarization'));
});

test('code ported to another language, a choice between two, the changes asked of a plan and fields asked for each item are cues; rust left out is not', () => {
  for (const text of ['port this to rust, keep the same behaviour', 'convert the following class into kotlin', 'rewrite it to swift please']) assert.ok(cuesIn(text).includes('code'), text);
  assert.ok(!cuesIn('the old bike was left to rust in the garden').includes('code'));
  for (const text of ['which of the two offers would you take?', 'welches der beiden angebote würdest du an meiner stelle nehmen?', 'lequel des deux appartements choisirais-tu ?', '¿qué harías en mi lugar?', 'que faudrait-il changer et pourquoi ?', 'what should we change first?']) assert.ok(cuesIn(text).includes('analysis'), text);
  assert.ok(cuesIn('go through these tickets and for each one give me the customer and the urgency').includes('extraction'));
  assert.ok(!cuesIn('for each one of you, a gift').includes('extraction'));
});

test('an original price asked of given figures, a data model, a conclusion questioned, names to list and a warning sign are cues; "いくつか" (several) is no count', () => {
  for (const text of ['after a 20% discount it costs $64. what was the original price?', 'ein artikel kostet nach 20 % rabatt 64 euro. was war der ursprüngliche preis?', 'après une remise de 20 %, il coûte 64 €. quel était le prix initial ?', 'tras un descuento del 20 % cuesta 64 €. ¿cuál era el precio original?']) assert.ok(cuesIn(text).includes('math'), text);
  assert.ok(!cuesIn('what was the original price of the first iphone?').includes('math'));
  assert.ok(cuesIn('design the data model for a multi-region inventory service').includes('code'));
  for (const text of ['is the conclusion justified by the design?', "read this job post and tell me whether it's a red flag", 'では、その中で一番効果が大きいのはどれだと思いますか？']) assert.ok(cuesIn(text).includes('analysis'), text);
  for (const text of ['把里面所有的人名列出来。', '把会议记录里的日期都列出来']) assert.ok(cuesIn(text).includes('extraction'), text);
  assert.ok(!cuesIn('店舗の売上を伸ばす方法をいくつか挙げてください。').includes('math'));
  assert.ok(cuesIn('りんごは全部でいくつありますか').includes('math'));
});

test("a symbol's meaning asked, a text's core message and fields asked of a receipt or an email are cues; the way from a town is not", () => {
  for (const text of ['what does the green light symbolize in the great gatsby?', '¿qué simboliza el cuervo en el poema?', '这首诗里的月亮象征什么？']) assert.ok(cuesIn(text).includes('analysis'), text);
  assert.ok(cuesIn('was ist die kernaussage dieses kommentars?').includes('summarization'));
  for (const text of ['このレシートから店名、日付、合計金額を教えてください。', 'このメールから締め切りを教えて']) assert.ok(cuesIn(text).includes('extraction'), text);
  assert.ok(!cuesIn('この町から東京への行き方を教えて').includes('extraction'));
});

test('German "Beweis" (a proof) asks for one and is a maths cue; the burden and the means of proof in law are neither', () => {
  assert.ok(asksForProof('ist die menge der rationalen zahlen abzählbar? beweis bitte.'));
  assert.ok(cuesIn('ist die menge der rationalen zahlen abzählbar? beweis bitte.').includes('math'));
  for (const text of ['die beweislast liegt beim kläger', 'welche beweismittel sind zulässig?']) {
    assert.ok(!asksForProof(text), text);
    assert.ok(!cuesIn(text).includes('math'), text);
  }
});

test('Chinese and Japanese higher maths, counting and logic questions name their family; everyday uses of the same characters do not', () => {
  for (const text of ['设a是n阶实对称矩阵，证明其特征值为实数', '求极限', '一共有多少种选法？', '帮我解决一道高数问题', '洛必达法则什么时候不能用', '行列の固有値を求めて', '何通りありますか', '求含有n个元素的集合的所有非空子集']) {
    assert.ok(cuesIn(text).includes('math'), text);
  }
  for (const text of ['极限运动很危险', '学习英语有哪几种方法', '交通法则', '积分兑换商城怎么用']) assert.ok(!cuesIn(text).includes('math'), text);
  for (const text of ['比赛没有取消，能否推出今天没有下雨？', '这个结论成立吗？', '以下哪项如果为真，最能削弱上述结论？', '把下面几个步骤排成正确的顺序', 'この推論から何が導けますか']) {
    assert.ok(cuesIn(text).includes('reasoning'), text);
  }
  assert.ok(!cuesIn('公司下周推出新品').includes('reasoning'));
  for (const text of ['帮我写一份年终总结', '给导师发邮件，帮我写得礼貌一点']) assert.ok(cuesIn(text).includes('writing'), text);
});

test('Chinese summaries, titles, keywords, slogans and "generate a piece" name their family; "this article" is a given text, not one to write', () => {
  for (const text of ['请摘要下面这段话', '用两句话概括这篇通知的大意', '给下面这段文字起一个合适的标题', '列出三个主要观点']) assert.ok(cuesIn(text).includes('summarization'), text);
  for (const text of ['从下面的句子中抽取出所有的人名', '找出这段评价中的关键词']) assert.ok(cuesIn(text).includes('extraction'), text);
  for (const text of ['为运动会写一句口号', '生成一则新闻稿', '创作一首关于秋天的诗', '帮我准备一份发言稿']) assert.ok(cuesIn(text).includes('writing'), text);
  for (const text of ['请摘要这篇文章', 'この文章を要約して']) assert.ok(!cuesIn(text).includes('writing'), text);
  assert.ok(cuesIn('写一篇文章').includes('writing'));
  assert.ok(!cuesIn('这个标题怎么样').includes('summarization'));
});

test("a logic-grid puzzle's clues and a character to play name their family; having no clue does not", () => {
  for (const text of ['four friends each own a different pet. here are some clues: ann lives next to the dog owner.', 'con las siguientes pistas, ¿quién tiene cada animal?', '根据以下线索判断每人来自哪里']) {
    assert.ok(cuesIn(text).includes('reasoning'), text);
  }
  assert.ok(!cuesIn('i have no clue how to fix this').includes('reasoning'));
  for (const text of ['if you were a detective, what would your name be?', 'consider yourself as a gamer named ninja']) assert.ok(cuesIn(text).includes('chat'), text);
});

test('sorting given items into classes is extraction in Chinese, Japanese and German; sorting rubbish (垃圾分类) is not', () => {
  for (const text of ['将以下动物按哺乳动物和非哺乳动物进行分类', '把下面这些评论分类为好评、中评或差评', '次の問い合わせを「配送」「返品」のどれかに分類してください', 'ordne die folgenden bewertungen als positiv oder negativ ein']) {
    assert.ok(cuesIn(text).includes('extraction'), text);
  }
  assert.ok(!cuesIn('垃圾分类到底怎么分啊').includes('extraction'));
});

test('brain teasers, a French "synthèse", a Chinese abridgement and translation into Chinese or from Japanese name their family', () => {
  for (const text of ['here is a brain teaser for you', 'un petit casse-tête', '来个脑筋急转弯']) assert.ok(cuesIn(text).includes('reasoning'), text);
  for (const text of ['synthétise ce rapport en cinq lignes', '帮我缩写成100字']) assert.ok(cuesIn(text).includes('summarization'), text);
  for (const text of ['把这段话译成中文', 'この文を和訳して', "what's the english for 'sobremesa'?"]) assert.ok(cuesIn(text).includes('translation'), text);
});

test('an opinion asked of a plan, a joke asked for, a syllogism, a liar and an order to find name their family in five languages; "if every day…" and "when everyone is here" do not', () => {
  for (const text of ['¿qué opinas de mi plan?', 'was hältst du von der idee', 'que penses-tu de ce slogan ?', 'この考えをどう思いますか？']) assert.ok(cuesIn(text).includes('analysis'), text);
  for (const text of ['cuéntame un chiste', 'erzähl mir einen witz', 'raconte-moi une blague', '给我讲个笑话吧']) assert.ok(cuesIn(text).includes('chat'), text);
  for (const text of ['si todos los pintores son artistas', 'wenn alle katzen tiere sind', 'si tous les dragons sont verts', 'wer lügt?', '本当のことを言っているのは誰？誰が嘘をついているか', 'in what order are they?']) {
    assert.ok(cuesIn(text).includes('reasoning'), text);
  }
  for (const text of ['si todos los días salgo a correr', 'wenn alle da sind, essen wir']) assert.ok(!cuesIn(text).includes('reasoning'), text);
});

test('a question answered from a given text or conversation ("according to the policy below", "según el siguiente texto", 根据下面的通知) is extraction; "according to the latest research" is not', () => {
  for (const text of ['according to the policy below, how many days do employees have?', 'based on the conversation below, what time is the delivery?', 'según el siguiente texto, ¿cuándo abre la piscina?', "d'après ce message, à quelle heure part le bus ?", '根据下面的通知回答：报名截止时间是什么时候？', '以下の会話から、待ち合わせの時間を答えてください']) {
    assert.ok(cuesIn(text).includes('extraction'), text);
  }
  for (const text of ['according to the latest research, is coffee healthy?', 'based on the above, what should i do?']) assert.ok(!cuesIn(text).includes('extraction'), text);
});

test('numbers given to interpret, a deal to judge and a call to recap name their family; an interpreter (a program or a person) is no analysis', () => {
  for (const text of ['interpret these a/b test results', 'interpreta estos datos', 'interprète ces données', 'was sagen diese zahlen aus?', '这些数据说明了什么？', 'このデータから何が言えますか', 'is the used one a good deal?']) {
    assert.ok(cuesIn(text).includes('analysis'), text);
  }
  for (const text of ['write a python interpreter', 'i work as an interpreter']) assert.ok(!cuesIn(text).includes('analysis'), text);
  for (const text of ['recap this call in five bullets', '简要说明一下这段公告讲了什么']) assert.ok(cuesIn(text).includes('summarization'), text);
});
