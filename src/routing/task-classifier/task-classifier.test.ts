import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classifierInputOf, isHeldBack, readRoutingSet } from '../../../scripts/routing-set.js';
import { chooseTier } from '../tier-rules.js';
import { assertFamily, shippedClassifier as classifier } from '../../../test/support/shipped-classifier.js';
import { cuesIn } from './task-cues.js';
import { assertCue } from '../../../test/support/cue-assertions.js';

test('a text or an explanation asked in a language is no translation; a phrase put into one is', () => {
  assertFamily('writing', ['Rédige un email en anglais pour annuler ma réservation', 'Écris une lettre en anglais à mon correspondant', 'write a short story in spanish']);
  assertFamily('chat', ['explain photosynthesis in spanish', 'Erklär mir auf Spanisch, wie man in Barcelona Bus fährt']);
  assertFamily('translation', ['good morning in korean', 'gracias en japonés', "¿cómo se dice 'me encanta' en japonés?"]);
});

/** The shipped model on the held-back part of eval/routing/prompts.jsonl (never trained on). */
test('the task classifier: family right for at least 90 % of held-back prompts; no complex or expert prompt served below T2', () => {
  const rows = readRoutingSet().filter(isHeldBack);
  assert.ok(rows.length >= 200, `held back: ${rows.length}`);
  let right = 0;
  const underrated: number[] = [];
  for (const row of rows) {
    const result = classifier.classify(classifierInputOf(row));
    if (result.family === row.family) right++;
    if ((row.complexity === 'complex' || row.complexity === 'expert') && chooseTier(undefined, undefined, result).tier === 'T1') underrated.push(row.id);
  }
  assert.ok(right / rows.length >= 0.9, `family right for ${right}/${rows.length}`);
  assert.deepEqual(underrated, []);
});

/**
 * Rows 1913 on are in the formats public routing benchmarks use (GSM8K word problems, MMLU quizzes, HumanEval and MBPP
 * stubs, BIG-Bench Hard tasks, role-play): before they were written, the shipped model read such prompts right about
 * half the time (eval/routing/README.md).
 */
test('prompts in the formats of public benchmarks: family right for at least 80 % of the held-back ones', () => {
  const rows = readRoutingSet().filter((row) => isHeldBack(row) && row.id >= 1913);
  assert.ok(rows.length >= 50, `held back: ${rows.length}`);
  const wrong = rows.filter((row) => classifier.classify(classifierInputOf(row)).family !== row.family);
  assert.ok(wrong.length <= rows.length * 0.2, `wrong: ${wrong.map((row) => `#${row.id} ${row.family}`).join(', ')}`);
});

test('a long document is read for what is asked of it, written before it or after it', () => {
  const article = 'The city council met on Tuesday to discuss the new transport plan, which includes more bus lanes, a tram extension to the northern districts and a parking levy in the centre. Residents raised concerns about noise during construction and the cost to small businesses. '.repeat(25);
  const requests: Array<[string, string]> = [
    ['summarization', 'Summarize the text above in three bullet points.'],
    ['translation', 'Translate the text above into French.'],
    ['extraction', 'Extract every date and amount mentioned above as JSON.'],
    ['writing', 'Write a letter to the editor responding to this article.'],
    ['analysis', 'What are the weaknesses of this plan? Analyse them.'],
  ];
  const wrong: string[] = [];
  for (const [family, request] of requests) {
    for (const prompt of [`${article}\n\n${request}`, `${request}\n\n${article}`]) {
      const read = classifier.classify({ prompt }).family;
      if (read !== family) wrong.push(`${request} (${prompt.startsWith(request) ? 'before' : 'after'}): ${read}`);
    }
  }
  // Read whole, the article outweighed its one line of request: all ten read as summarization.
  assert.ok(wrong.length <= 2, wrong.join('; '));
});

test('a greeting or a thanks around a detailed request does not make it small talk served at T1', () => {
  const detail =
    'I need a PostgreSQL query that joins orders, customers and payments, returns for each customer the total paid in 2024 and the number of late payments (paid more than 30 days after the due date), only for customers with at least 3 orders, sorted by total descending.';
  const tax =
    'ich brauche Hilfe bei einer Steuerfrage: Ich habe 2023 als Freiberufler 48.000 € verdient, 6.000 € Betriebsausgaben, ein Arbeitszimmer zu Hause und eine private Rentenversicherung. Welche Posten kann ich absetzen, und wie hoch ist ungefähr meine Einkommensteuer?';
  for (const prompt of [`Hello,\n\n${detail}`, `Hi there!\n\n${detail}\n\nThanks!`, `Can you help me with this?\n\n${detail}`, `Hallo,\n\n${tax}\n\nDanke!`]) {
    const result = classifier.classify({ prompt });
    assert.notEqual(result.family, 'chat', prompt);
    assert.notEqual(chooseTier(undefined, undefined, result).tier, 'T1', prompt);
  }
});

test('a request for a proof is served at T2 at least, however short and in whichever language', () => {
  for (const prompt of ['证明：根号2是无理数。', 'Prove that √2 is irrational.', 'Beweise, dass es unendlich viele Primzahlen gibt.', '√2が無理数であることを証明せよ。', 'Montrer que toute suite réelle bornée admet une sous-suite convergente.', 'Zeigen Sie, dass jede beschränkte Folge eine konvergente Teilfolge hat.', 'Demuestre que la suma de dos números impares es par.', 'nが奇数ならn²も奇数であることを示せ。']) {
    const result = classifier.classify({ prompt });
    assert.equal(result.family, 'math', prompt);
    assert.notEqual(chooseTier(undefined, undefined, result).tier, 'T1', prompt);
    assert.equal(result.asksForProof, true, prompt);
  }
  // Small talk that says "prove" is not a proof.
  assert.notEqual(chooseTier(undefined, undefined, classifier.classify({ prompt: 'Can you prove you are not a robot? haha' })).tier, 'T3');
});

test('task cues are read at word starts: "hi" is not in "this", "api" not in "capital"', () => {
  assert.deepEqual(cuesIn('is this the capital of peru'), ['chat']);
  assert.deepEqual(cuesIn('hi! summarize the api docs'), ['code', 'summarization', 'chat']);
  assert.deepEqual(cuesIn('请总结一下会议内容'), ['summarization']);
});

test('"works" is not "function": French "fonctionne" and German "funktioniert" are no code cue, "fonction" and "Funktion" are', () => {
  assert.deepEqual(cuesIn("tu peux m'expliquer comment fonctionne la photosynthèse ?"), []);
  assert.deepEqual(cuesIn('die heizung funktioniert seit gestern nicht'), []);
  assert.deepEqual(cuesIn('écris une fonction qui trie une liste'), ['code', 'writing']);
  assert.deepEqual(cuesIn('schreib eine funktion, die zwei zahlen addiert'), ['code', 'writing']);
  assert.deepEqual(cuesIn('quelles fonctions de la bibliothèque standard'), ['code']);
});

test('a request in a language the routing set does not hold is read by its task words', () => {
  // None of these languages is in eval/routing/prompts.jsonl: the cue words of cues/ carry what the six taught.
  const requests: Array<[string, string]> = [
    ['translation', "Pode traduzir isso para o espanhol? 'Obrigado pela sua paciência.'"],
    ['summarization', 'Riassumi questo articolo in tre punti: il comune ha approvato un piano per ridurre il traffico nel centro storico e i commercianti temono un calo delle vendite.'],
    ['writing', 'Составь письмо клиенту с извинениями за задержку доставки.'],
    ['code', 'Как в JavaScript проверить, что объект пустой?'],
    ['math', '한 변의 길이가 4cm인 정사각형의 넓이와 둘레를 구하세요.'],
    ['analysis', '재택근무와 사무실 근무의 장단점을 비교해 주세요.'],
    ['translation', "Vertaal naar het Engels: 'De vergadering begint om negen uur.'"],
    ['math', 'Oblicz pole trójkąta o podstawie 6 cm i wysokości 4 cm.'],
    ['summarization', 'Bu metni özetle: Belediye yeni bir kütüphane açtı. Kütüphanede 50 bin kitap ve bir çocuk bölümü var.'],
    ['chat', 'Ciao! Come stai?'],
    ['extraction', "Extraia o nome, o e-mail e o telefone desta assinatura: 'Carla Souza | carla@exemplo.com | (11) 98765-4321'"],
    ['translation', "Dịch sang tiếng Anh: 'Tôi đói quá.'"],
  ];
  const wrong = requests.filter(([family, prompt]) => classifier.classify({ prompt }).family !== family).map(([family, prompt]) => `${family}: ${prompt.slice(0, 40)}`);
  assert.ok(wrong.length <= 1, wrong.join('; '));
});

test('a database question is code even with no code word in it, under a greeting or not', () => {
  const questions = [
    "Hi!\n\nI have a table orders(id, customer_id, amount, created_at) and a table customers(id, name, region). I need the monthly totals per customer for 2023, including months where a customer placed no orders, sorted by region and name. What's the best way to write this in Postgres?",
    'Hello team,\n\nCould you help me write a query that returns the top 5 products by revenue for each region last quarter? Tables: products(id, name), sales(product_id, region, amount, sold_at).\n\nThanks!',
    'How do I add a column with a default value to a big MySQL table without locking it?',
  ];
  assertFamily('code', questions);
});

test('pasted code is code whatever words ask about it; a translation asked of its strings stays a translation', () => {
  // Written for this test, none a row of the routing set: the question is in other words than code's, or in none.
  const pasted = [
    "a = {'x': 1}\nb = a.copy()\nb['x'] = 2\nprint(a['x'])\n\nand if the dict has lists inside?",
    "SELECT AVG(note) FROM eleves WHERE classe = '3B';\nSELECT COUNT(*) FROM eleves WHERE note > 15;\nSELECT MAX(note) FROM eleves;\n\nje voudrais tout ça en une seule requête",
    "Warum bleibt meine Seite weiß?\n\nReactDOM.render(<App />, document.getElementById('root'));\nconst App = () => {\n  return <h1>Hallo</h1>;\n};",
    'speed = distance / time;\nif (speed > limit) {\n  fine = (speed - limit) * 10;\n}\n\nla multa sale negativa a veces',
    'let half = arr.length / 2;\nlet left = arr.slice(0, half);\nlet right = arr.slice(half);\n\n配列の長さが奇数のとき結果がおかしい',
  ];
  assertFamily('code', pasted);
  assertFamily('translation', ["Translate the error messages in this code into Spanish:\n\nif (!token) {\n  throw new Error('Your login has timed out, sign in once more');\n}\nreturn res.status(404).send('Page not found');"]);
});

test('a program asked for by what it is, not by its language, is code; the same nouns in everyday requests are not', () => {
  const programs = [
    'Write a tic-tac-toe game.',
    'Make a Discord bot that plays music.',
    'Create a Chrome extension that blocks YouTube Shorts.',
    'Build a URL shortener.',
    'Haz un juego del ahorcado.',
    'Erstelle einen Taschenrechner mit GUI.',
    'Crée un bot Telegram qui répond aux messages.',
    '做一个贪吃蛇游戏',
    'ToDoアプリを作って',
  ];
  assertFamily('code', programs);
  assertFamily('writing', ['Write a game plan for our fundraising campaign.']);
  assertFamily('chat', ['Which app do you use to learn French?', 'Recommend a good video game for a long flight.']);
});

test('a day named in passing is everyday talk; a puzzle about which day or date is reasoning', () => {
  const everyday = ['I bought a laptop yesterday and it won\'t turn on, what should I do?', 'Mi hijo tiene fiebre desde ayer, ¿qué hago?', 'Ich habe gestern zu viel gegessen, was hilft gegen Völlegefühl?', '昨天买的牛奶今天还能喝吗？'];
  assertFamily('chat', everyday);
  assertFamily('reasoning', ['Yesterday was April 30, 2021. What is the date tomorrow in MM/DD/YYYY?', 'Today is Monday. What day will it be in 10 days?']);
});

test('a year in a quick question is a date, not a quantity a word problem gives', () => {
  assertFamily('chat', ['who was the british prime minister in 1979', 'qui était président des États-Unis en 1963', '1969年に月面着陸したのは誰？', 'quien gano la champions en 2005']);
  assertFamily('math', ['In 2023 a shop sold 1,240 bikes and in 2024 15 % more. How many did it sell in 2024?']);
});

test('everyday words that are also cues do not make a quick question code or maths', () => {
  assert.deepEqual(cuesIn('i want to go to paris in may'), []);
  assert.deepEqual(cuesIn('how do i get rust off my bike chain?'), []);
  assert.deepEqual(cuesIn('what is the function of the liver?'), []);
  assert.deepEqual(cuesIn('is there a speed limit on german autobahns?'), []);
  assert.deepEqual(cuesIn("i'm interested in learning piano"), []);
  assert.deepEqual(cuesIn('write a review of the new zelda game for my blog.'), ['writing', 'analysis']);
  assert.deepEqual(cuesIn('write an lru cache in rust'), ['code', 'writing']);
  assert.deepEqual(cuesIn('wie implementiere ich in go einen worker-pool?'), ['code']);
  assert.deepEqual(cuesIn('i mean, is it even possible to learn japanese in a year?'), []);
  assert.deepEqual(cuesIn("what does 'carpe diem' mean?"), ['translation']);
  assert.deepEqual(cuesIn("what's the time complexity of quicksort?"), ['code']);
  assertFamily('chat', ['How much does a Tesla Model 3 cost?', "What's the average salary of a nurse in Texas?", 'What is the function of the liver?', 'How do I get rust off my bike chain?']);
});

test('a cue word in its everyday compound is no cue: dress code, movie script, business logic, flight schedule', () => {
  assert.deepEqual(cuesIn("what's the dress code for a winter wedding?"), []);
  assert.deepEqual(cuesIn('i have a promo code that does not work'), []);
  assert.deepEqual(cuesIn('tu as un code promo pour deliveroo ?'), []);
  assert.deepEqual(cuesIn('mi programa favorito de la tele se canceló'), []);
  assert.deepEqual(cuesIn('haz un programa que ordene una lista'), ['code']);
  assert.deepEqual(cuesIn('write the script for a 30-second radio ad'), []);
  assert.deepEqual(cuesIn('my flight schedule changed, can i get a refund?'), []);
  assert.deepEqual(cuesIn('is my passport still valid?'), []);
  assert.deepEqual(cuesIn('write a bash script that renames files'), ['code', 'writing']);
  assert.deepEqual(cuesIn('i need to schedule four meetings with these constraints'), ['reasoning']);
  assert.deepEqual(cuesIn('is this argument valid?'), ['reasoning']);
  assert.deepEqual(cuesIn('where should the business logic live in a django app?'), ['code']);
});

test('in Chinese and Japanese too, a cue is the task word, not a character it shares with everyday words', () => {
  assert.deepEqual(cuesIn('我的要求很简单：推荐几本好看的科幻小说。'), ['chat']);
  assert.deepEqual(cuesIn('如何求职成功？'), []);
  assert.deepEqual(cuesIn('写作业太慢了怎么办？'), []);
  assert.deepEqual(cuesIn('人生の意味とは何だと思いますか？'), []);
  assert.deepEqual(cuesIn('日本で今何が流行っていますか？'), []);
  assert.deepEqual(cuesIn('三角形の面積を求めてください。'), ['math']);
  // A function given with its formula is maths's, not a program's.
  assert.deepEqual(cuesIn('已知函数f(x)=x²，求它的导数。'), ['math']);
  assert.deepEqual(cuesIn('この文を英語に訳してください。'), ['translation']);
  assert.deepEqual(cuesIn('「もったいない」ってどういう意味？'), ['translation']);
  assert.deepEqual(cuesIn('帮我写一封辞职信。'), ['writing']);
});

test('a request over a long plot is read by what it asks: its task cue weighs more as the prompt grows', () => {
  const chapter = [
    'Write the opening chapter of a story set in Lisbon in 1974. Inês is a 24-year-old telephone operator who overhears a call',
    'she was never meant to hear. Her older brother Tomás is a junior officer in the army and has been acting strangely for weeks.',
    "Their mother wants Inês to marry the baker's son, Duarte, who is kind but dull. On the night of April 24th, Inês has to decide",
    'whether to warn her brother, tell Duarte, or keep quiet. The chapter should end just before midnight, when the radio plays a',
    'song that everyone in the city will later remember.',
  ].join(' ');
  // Its characters, their choices and the date made it a puzzle while the cue weighed what it weighs in one line.
  assertFamily('writing', [chapter]);
});

test('a word problem told as a story is maths in every language, its question however conditional', () => {
  // Each read as a puzzle before the numbers it gives and its question counted ("wie hoch ist dann", "quel âge", "全部で").
  assertFamily('math', [
    'Greta gießt jeden Morgen ihre 6 Balkonpflanzen mit je 0,4 Litern Wasser, abends nur die Hälfte davon. Wenn sie das 30 Tage lang macht, wie hoch ist dann ihr Wasserverbrauch?',
    "Hugo a trois fois l'âge de sa sœur Inès, qui a 4 ans de moins que leur cousin Léon. Si Léon a 9 ans, quel âge a Hugo ?",
    'Si chaque caisse contient 24 bouteilles et que le caviste en a vendu 7 caisses et 15 bouteilles, quel est le nombre total de bouteilles vendues ?',
    'アヤは花屋でバラを9本、ユリをバラより3本少なく買いました。全部で何本買いましたか？',
  ]);
});

test('a length asked of the answer is a summary cue in every language; a table asked for is an extraction cue', () => {
  for (const text of ['explain the french revolution in three sentences', 'dímelo en pocas palabras', 'erkläre es in zwei sätzen', 'en une phrase, de quoi parle ce livre ?', '用两句话说说这本书', '3行で説明して']) assert.ok(cuesIn(text).includes('summarization'), text);
  for (const text of ['turn this into a table with name and price', 'mets ça sous forme de tableau', '整理成表格']) assert.ok(cuesIn(text).includes('extraction'), text);
  assert.deepEqual(cuesIn('write a story in one paragraph'), ['writing', 'summarization']);
});

test('the meaning of a quoted phrase is asked of a translator; the meaning of a word in passing is not', () => {
  for (const text of ["what does 'carpe diem' mean", 'what does "tschüss" mean?', '“saudade” 是什么意思', '「いただきます」はどういう意味ですか']) assert.ok(cuesIn(text).includes('translation'), text);
  assert.deepEqual(cuesIn('what does it mean to live a good life'), []);
  assert.deepEqual(cuesIn('vimeo or youtube for a portfolio?'), []);
  assert.deepEqual(cuesIn('how do i quit vim without saving'), ['code']);
});

test("a riddle's own form is a reasoning cue without the word riddle: \"what has X but no Y\", \"パンはパンでも\"", () => {
  for (const text of ["what has hands but can't clap?", 'was hat zähne aber kann nicht beißen?', '¿qué tiene ojos pero no puede ver?', "qu'est-ce qui a un cou mais pas de tête ?", 'イスはイスでも座れないイスは？']) assert.ok(cuesIn(text).includes('reasoning'), text);
  assert.deepEqual(cuesIn('what has changed but the price stays the same'), []);
});

test("BIG-Bench Hard's own words are reasoning cues: Boolean expressions, who tells the truth, what can be deduced, who is tallest", () => {
  for (const text of ['evaluate the boolean expression: not (true and false) or true', 'evalúa la expresión booleana: verdadero y no falso', '(真 かつ 偽) または 真 を評価せよ', 'sam says ana tells the truth. does lee tell the truth?', 'que peut-on en déduire ?', '甲比乙高，丙比甲高，谁最高？']) assert.ok(cuesIn(text).includes('reasoning'), text);
});

test('a percent sign is no maths cue by itself (business text is full of them); "17% of 2340" still reads as maths', () => {
  assert.deepEqual(cuesIn('revenue grew 35% and churn fell to 2 %'), []);
  assertFamily('math', ["what's 17% of 2340", 'cuánto es el 20% de 150']);
});

test('words of the trades and tasks that were missing: a translator, "ins Englische", pandas the library, a balance, a digest', () => {
  for (const text of ['eres un traductor profesional', 'tu es un traducteur', 'kannst du das ins englische bringen?', 'pásalo al inglés']) assert.deepEqual(cuesIn(text), ['translation'], text);
  assert.deepEqual(cuesIn('pandas merge gives me more rows than either table'), ['code']);
  assert.deepEqual(cuesIn('why do pandas eat bamboo'), []);
  assert.deepEqual(cuesIn('天秤を2回だけ使って偽物を見つけたい'), ['reasoning']);
  assert.deepEqual(cuesIn('天秤座の性格'), []);
  assert.deepEqual(cuesIn('a plain-english digest of this clause'), ['summarization']);
  assert.deepEqual(cuesIn('is this easy to digest?'), []);
  assert.deepEqual(cuesIn('¿me compensa pedir el teletrabajo?'), ['analysis']);
});

test('more everyday words of a task: "choosing between", "was läuft schief", CSV asked for, a phrase "-> english", a segfault, Excel (not "excel at")', () => {
  assert.deepEqual(cuesIn("i'm choosing between a kindle and a kobo"), ['analysis']);
  assert.deepEqual(cuesIn('unser umsatz sinkt, was läuft da schief?'), ['analysis']);
  assert.deepEqual(cuesIn('orders below, as csv please'), ['extraction']);
  assert.deepEqual(cuesIn("'la vie en rose' -> english"), ['translation']);
  assert.deepEqual(cuesIn('english is my second language'), []);
  assert.deepEqual(cuesIn("ça veut dire quoi 'avoir le cafard' ?"), ['translation']);
  assert.deepEqual(cuesIn('「よろしくお願いします」って英語だと？'), ['translation']);
  assert.deepEqual(cuesIn('segmentation fault in my linked-list code'), ['code']);
  assert.deepEqual(cuesIn('excel: highlight duplicates in column b'), ['code']);
  assert.deepEqual(cuesIn('how do i excel at public speaking'), []);
  assert.deepEqual(cuesIn('how do i excel at job interviews'), ['chat']); // career advice, still not Excel
  assert.deepEqual(cuesIn('说重点'), ['summarization']);
});

test('a paragraph of context with the task named at its end is read by that task (cues were looked for in its first 300 characters only)', () => {
  const notice = 'Starting Monday the north entrance of the building will be closed for renovation until the end of the month. Staff and visitors should use the south entrance on Elm Street, where a temporary reception desk will be set up. Deliveries go to the loading dock behind the cafeteria. The elevators on the north side will also be out of service, so people with reduced mobility should contact facilities in advance to arrange access. Please put this into French for our Montreal colleagues.';
  assert.ok(notice.length > 450 && !notice.includes('\n'));
  assertFamily('translation', [notice]);
});

test('"how much does a … cost?" asks a price, not a sum; "how much do 27 pens cost?" and "how much will I have…" are sums', () => {
  assert.deepEqual(cuesIn('how much does a tesla model 3 cost?'), []);
  assert.deepEqual(cuesIn('how much is a pint of beer in london?'), []);
  assert.deepEqual(cuesIn('how much do 27 pens cost?'), ['math']);
  assert.deepEqual(cuesIn('how much will i have after 7 years at 4%?'), ['math']);
});

test('a multiple-choice question is read by its subject: statistics maths, a seating puzzle reasoning, a capital small talk', () => {
  // Written for this test, in the style of MMLU's statistics and BIG-Bench Hard's puzzles (not rows of the set).
  assertFamily('math', [
    'A city council surveys 300 residents chosen from the list of registered dog owners about a new park. The main weakness of this survey is A. its sample size B. undercoverage of residents without dogs C. the margin of error D. the wording of the question',
    'Which of the following is a property of the sampling distribution of the sample mean when n is large? A. It is skewed B. It is approximately normal C. Its spread grows with n D. It equals the population distribution',
  ]);
  assertFamily('reasoning', ['Five runners finished a race. Eve finished before Dan. Cai finished last. Bo finished right after Eve. Al finished first. Who finished second? Options: (A) Eve (B) Dan (C) Bo (D) Cai']);
  assertFamily('chat', ['What is the largest ocean on Earth? A. Atlantic B. Indian C. Pacific D. Arctic']);
});

test('a multiple-choice question is answered by picking an option: never read as a composition, a summary or a translation unless it asks for one', () => {
  // Written for this test in the style of MMLU's subjects: the model alone read each as summarization or writing.
  for (const prompt of [
    "Which of the following best describes the role of a ghostwriter? A. A person who writes texts published under another person's name B. An editor who shortens manuscripts C. A translator of poetry D. A critic who reviews novels",
    'The speech that opened the conference was mainly intended to A. summarize the research of the previous year B. persuade donors to fund a new hospital C. translate the rules for foreign guests D. entertain the audience with jokes',
    'Read the following letter. "Dear Sir, I write to inform you that the shipment of wool has not arrived, and the weavers of this town are idle." The letter is best understood as evidence of A. a decline in demand for wool B. the dependence of towns on long-distance trade C. the success of local weaving guilds D. a new tax on imports',
    '¿Cuál es la función principal de un resumen ejecutivo en un informe? A) Traducir el informe B) Presentar las conclusiones clave de forma breve C) Añadir bibliografía D) Sustituir al índice',
    '次のうち、俳句の音の数として正しいものはどれか。 A. 五・七・五 B. 五・七・五・七・七 C. 七・七 D. 四・四・四',
  ]) {
    const family = classifier.classify({ prompt }).family;
    assert.ok(!['writing', 'summarization', 'translation'].includes(family), `${family}: ${prompt.slice(0, 60)}`);
  }
  // Asked for a text of what it gives, it is that task.
  assertFamily('translation', ['Translate this quiz question into Spanish, keeping the options: Which planet is closest to the Sun? A. Venus B. Mercury C. Mars D. Earth', 'Übersetze diese Prüfungsfrage ins Englische: Welcher Fluss fließt durch Wien? A) Rhein B) Elbe C) Donau D) Main']);
  assertFamily('summarization', ['Résume ce QCM en une phrase : Quel est le plus long fleuve de France ? A. La Seine B. Le Rhône C. La Loire D. La Garonne']);
  assertFamily('writing', ['Write a short story that ends with this question to the reader: which door would you open? A. the red one B. the blue one C. the one with no handle']);
});

test('exam words are no writing or summary cue: post-operative, composed of, a gas that condenses; a blog post, a composition asked, a text condensed are', () => {
  assert.deepEqual(cuesIn('six weeks post-fertilization'), []);
  assert.deepEqual(cuesIn('codons are composed of three bases'), []);
  assert.deepEqual(cuesIn('mozart was a composer of the classical era'), []);
  assert.deepEqual(cuesIn('metals condensed first in the solar nebula'), []);
  assert.deepEqual(cuesIn('次の文章を読んで問いに答えなさい'), ['extraction']);
  assertCue('writing', ['write a linkedin post about our launch', 'compose a short poem about autumn', 'この文章を添削してください']);
  assert.deepEqual(cuesIn('condense this article into three bullet points'), ['summarization']);
});

test('the function a thing has is its role, small talk in every language; a function asked to be written is code', () => {
  // Six of these nine read as code when only English's "function of" was no code cue.
  assertFamily('chat', [
    '¿Cuál es la función del hígado?',
    'Welche Funktion hat die Leber?',
    'Quelle est la fonction du foie ?',
    'Qual è la funzione del fegato?',
    '¿Cuál es la función principal de los glóbulos rojos?',
    'Was ist die Funktion der Mitochondrien?',
    'Quelle est la fonction principale du Sénat ?',
    'Qual è la funzione principale del Parlamento?',
    'Qual é a função do fígado?',
  ]);
  assertCue('code', ['escribe una función que invierta una cadena', 'schreibe eine funktion, die eine liste sortiert', 'écris une fonction qui trie une liste', 'scrivi una funzione che ordina una lista', 'escreva uma função que ordena uma lista']);
  assert.ok(!cuesIn('welche neuen funktionen hat das iphone 16?').includes('code'));
});

test("cue words in their everyday senses are small talk: a postcode, a TV programme, a bug bite, sea shells, a pet python, the story behind a tower; no summary in a resume or a summary judgment", () => {
  // Written to probe each word's other sense; each read as code, writing or reasoning while the bare word was a cue.
  assertFamily('chat', [
    '¿Cuál es el código postal de Sevilla?',
    '¿Hay código de vestimenta para una boda en la playa?',
    'Qual é o código postal de Lisboa?',
    'Come si calcola il codice fiscale?',
    'Was läuft heute Abend im Programm?',
    'Welche Programme gibt es für Erasmus-Studenten?',
    'Quel est le programme de la soirée ?',
    '¿Qué hay en la programación de la tele esta noche?',
    "Is this bug bite dangerous? It's red and swollen.",
    'How do I get rid of bed bugs?',
    'How do I clean sea shells I collected at the beach?',
    'How big do ball pythons get?',
    'Can you compile a list of the best beaches in Portugal?',
    "What's the story behind the Eiffel Tower?",
    'Where can I buy a 1000-piece puzzle in Berlin?',
    'How does speech develop in toddlers?',
    '¿Dónde viven los pandas gigantes?',
    'Wer war Franz Kafka?',
    'Which is the best dart board for beginners?',
  ]);
  assert.deepEqual(cuesIn('can you look over my resume? is a two-page resume too long?'), []);
  assert.deepEqual(cuesIn('is a summary judgment the end of a lawsuit?'), []);
  // The same words asked of a program, a text or a puzzle are still those tasks' cues.
  assertCue('code', [
    'el código no compila', 'il codice non funziona', 'schreib ein programm, das primzahlen ausgibt', 'wie lerne ich programmieren?', 'écris un programme qui calcule la moyenne',
    'lenguaje de programación para principiantes', 'there is a bug in my python code', 'write a shell script to back up my home folder', 'how do macros work in common lisp?',
    'the compiler throws an error', 'how do i merge two dataframes in pandas?', 'set up a kafka consumer in java', 'flutter and dart state management',
  ]);
  assertCue('summarization', ['resume este texto en tres frases', 'resume ce texte en deux lignes', 'give me a summary of the meeting']);
  assertCue('writing', ['tell me a story', 'write a wedding speech for my brother']);
  assertCue('reasoning', ['logic puzzles for kids']);
});

test("a measure asked of the world is a quick fact; asked of numbers the prompt gives, a word problem's", () => {
  // Each read as maths while "radius", "area of", "interest rate" and "wie hoch ist" were maths cues whatever followed.
  assertFamily('chat', ["What's the radius of the Earth?", 'What is the area of Texas?', 'What is the current interest rate in the US?', 'Wie hoch ist der Zinssatz der EZB gerade?']);
  assertCue('math', ['what is the area of a circle of radius 5 cm?', 'a loan of $2,000 at an interest rate of 4% a year', 'wie hoch ist der preis nach 3 jahren bei 2 % inflation?', 'the volume of a cube with edges of 3 m']);
});
