import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classifierInputOf, isHeldBack, readRoutingSet } from '../../../scripts/routing-set.js';
import { assertFamily, shippedClassifier as classifier } from '../../../test/support/shipped-classifier.js';
import { cuesIn } from './task-cues.js';
import { wordCount } from './follow-ups.js';
import { chooseTier } from '../tier-rules.js';

/**
 * The task classifier on conversations: follow-ups read with the turn that opened them, and what an app's system prompt
 * does (or does not) say of the task. The rest of its specification is in task-classifier.test.ts.
 */

test('the classifier reads structure as well as words: a code follow-up with no code word is code by its history', () => {
  const result = classifier.classify({ prompt: 'and in Go?', history: ['Write a Python function that merges two sorted lists.', 'def merge(a, b):\n    return sorted(a + b)'] });
  assert.equal(result.family, 'code');
  const probabilities = Object.values(result.complexityProbabilities);
  assert.ok(Math.abs(probabilities.reduce((sum, value) => sum + value, 0) - 1) < 1e-9);
});

test('of a long conversation the classifier reads the first turn and the latest ones, each from its start', async () => {
  const { classifierFeatures } = await import('./classifier-features.js');
  const turns = Array.from({ length: 400 }, (_, index) => `turn ${index}: ${'the quarterly report and its figures '.repeat(index === 0 ? 1 : 60)}`);
  const read = [turns[0], ...turns.slice(-7)].map((turn) => turn.slice(0, 1000));
  const all = classifierFeatures({ prompt: 'and now?', history: turns }, 1 << 14);
  const bounded = classifierFeatures({ prompt: 'and now?', history: read }, 1 << 14);
  assert.deepEqual([...all.indices], [...bounded.indices]);
  assert.deepEqual([...all.values], [...bounded.values]);
});

test('a thanks before a follow-up does not make it small talk: it is read with the turn that opened the conversation', () => {
  const history = ['Write a cover letter for a junior accountant role.', 'Dear Hiring Manager, I am writing to apply for the Junior Accountant position at your firm.'];
  assertFamily('writing', ['thanks! and can you make it a bit shorter?'], { history });
  assertFamily('chat', ['thanks, that is perfect!'], { history });
});

test('a closing thanks is small talk in every language, whatever the conversation opened with', () => {
  const history = ['Write a Python function that removes duplicates from a list while keeping the order.', 'def dedupe(items):\n    return list(dict.fromkeys(items))'];
  assertFamily('chat', ['gracias, me sirvió mucho', 'Danke, das hilft mir sehr!', "merci, c'est parfait", '谢谢，很有帮助！', 'ありがとう、助かりました！'], { history });
  assertFamily('code', ['gracias, ¿y en Java?', 'ありがとう！TypeScript版もお願い'], { history });
});

test("a request to redo the answer asks the opening's task again; one that names a task of its own asks that", () => {
  const history = [
    "Edit the following paragraph to correct any grammatical errors: She didn't remembre where is her purse, so I thinks its in the car but he's say it's on kitchen table but he are not sure.",
    "She didn't remember where her purse was, so I thought it was in the car, but he said it was on the kitchen table, although he wasn't sure.",
  ];
  assertFamily('writing', ['Modify your earlier reply and eliminate the use of gendered pronouns.'], { history });
  assertFamily('translation', ['Translate your previous answer into Italian.'], { history });
  // Shortening the answer, however long the request to do it, is redoing it.
  const extracted = ["Extract the names of the people, the companies and the cities in this press release and return them as a JSON object: 'Anna Berg, CEO of Nordlicht AG, opened the new plant in Leipzig on Monday with Mayor Tom Weiss.'", '{"people": ["Anna Berg", "Tom Weiss"], "companies": ["Nordlicht AG"], "cities": ["Leipzig"]}'];
  assertFamily('extraction', ['Now make the JSON object shorter by replacing each value with its first letter. Please output everything in a single line without using indentation or creating new lines.'], { history: extracted });
});

test("an app's system prompt that carries the task decides a message that names none; a persona does not, nor does it outweigh the message's own task", () => {
  assertFamily('translation', ['Thank you for your order. It will ship within two business days.'], { system: "Translate the user's messages into Japanese." });
  assertFamily('extraction', ['Rechnung Nr. 2024-118 vom 12.03.2024 über 1.480,00 € an die Firma Keller GmbH.'], { system: 'Extrahiere Rechnungsnummer, Datum und Betrag aus dem Text des Nutzers.' });
  assertFamily('summarization', ['Die Stadtwerke erhöhen zum 1. Januar die Strompreise um 8 Prozent. Grund seien gestiegene Netzentgelte. Kunden mit Sozialtarif sind ausgenommen.'], { system: 'Fasse den Text des Nutzers in einem Satz zusammen.' });
  assertFamily('writing', ['I was kind of wondering if maybe I could possibly get a small raise at some point?'], { system: "Rewrite the user's message to sound more confident." });
  assertFamily('chat', ["what's a good gift for my dad who likes fishing?"], { system: 'You are a senior backend engineer.' });
  assertFamily('translation', ["Translate 'good night' into German."], { system: 'You are a helpful coding assistant. Prefer idiomatic code.' });
});

test("a system prompt that lists an assistant's skills (code, summaries, translation…) is no task: the message decides", () => {
  const system = 'You are Nova, an assistant for Acme employees. You can write and review code, summarize documents, translate between languages, draft emails and answer general questions. Be concise.';
  assertFamily('chat', ['thanks!', 'hi', 'what is the capital of Peru?'], { system });
  assertFamily('translation', ['Translate "see you tomorrow" into Italian.'], { system });
  assertFamily('summarization', ['Summarize: The board met on Monday, approved the budget and hired a new CFO.'], { system });
});

test('a longer follow-up that opens as a continuation ("now…", "what if…", "¿y si…") is read with the turn that opened the conversation', () => {
  const history = ['Extract every date and amount from this memo: rent of 1,200 due on 1 March, deposit of 2,400 paid on 14 February, late fee of 50 charged on 5 March.', '1 March: 1,200 (rent); 14 February: 2,400 (deposit); 5 March: 50 (late fee)'];
  assertFamily('extraction', ['Now put them in a table, with the weekday of each date as well please.'], { history });
  const puzzle = ['Alice, Bob and Carol each own one pet: a cat, a dog, a fish. Alice has no fish, Bob has the dog. Who owns what?', 'Alice owns the cat, Bob the dog and Carol the fish.'];
  assertFamily('reasoning', ['What if we only knew that Bob does not own the cat and Carol has no dog?'], { history: puzzle });
});

test('a follow-up that names a task of its own is that task, whatever the conversation opened with', () => {
  const history = ['Write a 500-word essay on the history of the printing press.', 'The printing press, developed by Johannes Gutenberg around 1440, transformed how knowledge spread across Europe…'];
  assertFamily('summarization', ['now summarize that in two sentences'], { history });
  assertFamily('translation', ['translate it into German'], { history });
  assertFamily('writing', ['make it more formal'], { history });
});

test('a short follow-up asking to translate or summarize the answer is that task in every language; one asking to shorten it is an edit', () => {
  assertFamily('translation', ['翻译成英文。', '把它翻译成英文'], { history: ['帮我写一句祝福同事生日快乐的话。', '祝你生日快乐，愿新的一岁工作顺利、身体健康、天天开心！'] });
  assertFamily('translation', ['Tradúcelo al inglés.'], { history: ['Escribe una felicitación de cumpleaños para un compañero.', '¡Feliz cumpleaños! Que este año te traiga éxito y alegría.'] });
  assertFamily('summarization', ['Summarize it in one line.'], { history: ['Write a short story about a lost dog finding its way home.', 'Max had never been so far from home. The storm had scattered the scents he knew…'] });
  assertFamily('writing', ['Kürzer und knackiger, für Instagram'], { history: ['Schreib einen Post über unsere neue Filiale in Köln.', 'Große Neuigkeiten! Ab Montag findet ihr uns auch in Köln: mitten in der Altstadt, mit längeren Öffnungszeiten und einem Café…'] });
});

test("an app's system prompt names its trade in words of its own: regular expressions, cron, a community manager, sorting messages into classes", () => {
  assert.deepEqual(cuesIn('eres un experto en expresiones regulares.'), ['code']);
  assert.deepEqual(cuesIn('du bist ein experte für reguläre ausdrücke.'), ['code']);
  assert.deepEqual(cuesIn('un cron qui lance le script de sauvegarde chaque nuit'), ['code']);
  assert.deepEqual(cuesIn('eres el community manager de una librería.'), ['writing']);
  assert.deepEqual(cuesIn('classe chaque message dans une catégorie.'), ['extraction']);
  assert.deepEqual(cuesIn('la classe de mon fils part en voyage'), []);
  assertFamily('code', ['quiero comprobar que un teléfono tenga nueve cifras'], { system: 'Eres un experto en expresiones regulares.' });
});

test('a follow-up that names no task of its own is read with the turn that opened the conversation, however long', () => {
  const sign = ['Translate "We are closed on public holidays" into Spanish.', 'Cerramos los días festivos.'];
  assertFamily('translation', ['would a shop in Madrid actually put it like that on its door?'], { history: sign });
  const report = ['Summarize this report on our Q3 hiring: we opened 40 roles, filled 31, time to hire rose from 38 to 45 days, and referrals made up a third of the hires.', 'In Q3 we filled 31 of 40 roles; hiring took longer (45 days, up from 38) and a third of hires came from referrals.'];
  assertFamily('summarization', ['hmm, my boss wants something she can read in the lift between two floors'], { history: report });
});

test('a request to redo the previous answer, after an answer of a page, asks for more of what the conversation opened with', () => {
  const toast = 'Raise your glasses, everyone! Tonight we celebrate Maria and Tom, two people who met over a broken vending machine in the basement of the library and have not stopped talking since. Maria, you taught Tom that a map is more than a suggestion; Tom, you taught Maria that being twenty minutes late is, apparently, a lifestyle. Together you have built a home full of books, terrible puns and the best lasagne this side of Bologna. May your arguments always be short, your road trips long, and your vending machines generous. To Maria and Tom!';
  assertFamily('writing', ['Revise your previous response so that it suits a retirement party for a colleague instead of a wedding.'], { history: ['Write a warm, funny toast for my best friends\' wedding.', toast] });
  const tickets = '[\n  {"ticket": "A-1042", "customer": "Lena Fischer", "issue": "double charge", "priority": "high"},\n  {"ticket": "A-1043", "customer": "Omar Haddad", "issue": "password reset", "priority": "low"},\n  {"ticket": "A-1044", "customer": "Julia Santos", "issue": "refund not received", "priority": "high"}\n]\nThree tickets were found; two of them concern payments and are marked high priority because the customers report money taken from their accounts.';
  const pull = 'Pull the ticket number, customer name, issue and priority out of these support emails as JSON: …';
  // Both read as code or analysis before the opening was read as a prompt is (the history's own features are learnt from few rows).
  assertFamily('extraction', ['Do the same task again, but output YAML this time and sort by customer surname.', 'Amend your previous answer by adding a field saying which team should handle each ticket.'], { history: [pull, tickets] });
});

test('a system prompt that says nothing of the task ("You are a helpful assistant.") changes the family of at most 1.5 % of held-back prompts', () => {
  const rows = readRoutingSet().filter((row) => isHeldBack(row) && !row.system);
  for (const system of ['You are a helpful assistant.', 'Du bist ein hilfreicher Assistent.']) {
    const changed = rows.filter((row) => classifier.classify(classifierInputOf(row)).family !== classifier.classify({ ...classifierInputOf(row), system }).family);
    // The model trained without copies under generic system prompts changed 20 and 16 of 813.
    assert.ok(changed.length <= rows.length * 0.015, `${system}: ${changed.length}/${rows.length} changed, e.g. ${changed.slice(0, 3).map((row) => row.id)}`);
  }
});

test('a request to redo the previous answer is a follow-up in the other languages too ("Refaites la même chose…", "Ändern Sie Ihre vorherige Antwort…")', () => {
  assertFamily('extraction', ["Refaites la même chose mais au format JSON, avec pour chaque ville son rôle dans le trajet (départ, étape, arrivée)."], {
    history: ["Extrayez les noms des villes mentionnées : « Nous partirons de Lyon, ferons étape à Dijon puis arriverons à Strasbourg. »", 'Lyon, Dijon, Strasbourg.'],
  });
  assertFamily('writing', ['Riscrivi la tua risposta precedente in rima baciata e in meno di otto versi.'], {
    history: ["Scrivi una poesia breve sull'autunno.", 'Cadono le foglie, lente come pensieri, e il vento le accompagna verso sera.'],
  });
});

test('a conversation that opened with a greeting opens its task with the turn after it', () => {
  const greeted = ['Hi!', 'Hello! How can I help you today?'];
  assertFamily('math', ["What's 15% of 80?"], { history: greeted });
  assertFamily('reasoning', ['明日が日曜日なら、昨日は何曜日？'], { history: ['こんにちは', 'こんにちは！何かお手伝いできることはありますか？'] });
  assertFamily('code', ['and in Go?'], { history: ['Hello', 'Hi! What can I do for you?', 'Write a Python function that merges two sorted lists.', 'def merge(a, b):\n    return sorted(a + b)'] });
});

test('a turn that names a task of its own, unlike the opening, and points back at nothing is a request of its own', () => {
  const aboutParis = ['What is the capital of France?', 'The capital of France is Paris.'];
  assertFamily('writing', ['写一首关于秋天的现代诗。', 'Trouve-moi un slogan pour une salle d\'escalade.'], { history: aboutParis });
  assertFamily('code', ['Python 里怎么把列表排序？'], { history: aboutParis });
  // Still follow-ups: a pointer back, a continuation, or the opening's own task.
  assertFamily('translation', ['translate it into German'], { history: ['Write a two-line birthday wish for my aunt.', 'Happy birthday, dear aunt! May your year be as warm as your hugs.'] });
  assertFamily('code', ['Sortiert nach Umsatz und nur die ersten zehn, bitte.'], { history: ['Schreib mir ein SQL-Statement, das alle Kunden aus Berlin mit ihrem Umsatz auflistet.', 'SELECT name, umsatz FROM kunden WHERE stadt = \'Berlin\';'] });
});

test('a hard question after a trivial exchange is as hard as it is alone: never served at T1', () => {
  for (const history of [['What is the capital of France?', 'The capital of France is Paris.'], ['Thanks!', "You're welcome!"]]) {
    for (const prompt of ['tesla vs byd long term?', 'La croissance verte est-elle possible ?', 'What is the current consensus on the Hubble tension?']) {
      assert.notEqual(chooseTier(undefined, undefined, classifier.classify({ prompt, history })).tier, 'T1', prompt);
    }
  }
});

test('a turn in Chinese or Japanese is counted in words by its characters: a long request of its own stands alone, a short follow-up does not', () => {
  assert.equal(wordCount('and in Go?'), 3);
  assert.equal(wordCount('它的时间复杂度是多少？能优化吗？'), 7);
  assert.equal(wordCount('これをクラスを使って書き直してください。'), 7);
  assert.equal(wordCount('用Python写一个函数'), 4);
  assert.equal(wordCount('어떤 수에 5를 곱하고 3을 빼면 27이 됩니다.'), 8);
  // Counted only as far as asked: a page counts as the bound.
  assert.equal(wordCount('please rewrite it in a friendlier tone '.repeat(100), 40), 40);
  assert.equal(wordCount('识别下列新闻中提到的人物、机构和地点。'.repeat(50), 40), 40);
  assert.equal(wordCount('它的时间复杂度是多少？能优化吗？', 40), 7);
  const aboutParis = ['What is the capital of France?', 'The capital of France is Paris.'];
  assertFamily('extraction', ['从下面这段话中找出所有的人名和城市，用JSON格式输出：王磊上周从成都出差到深圳，见了客户陈静。', '次の文章から日付と金額をすべて抜き出して、表にしてください：4月3日に12,000円、5月10日に8,500円を支払いました。'], { history: aboutParis });
  const bubbleSort = ['用Python写一个冒泡排序', 'def bubble(a):\n    for i in range(len(a)):\n        for j in range(len(a) - 1 - i):\n            if a[j] > a[j + 1]:\n                a[j], a[j + 1] = a[j + 1], a[j]\n    return a'];
  assertFamily('code', ['它的时间复杂度是多少？能优化吗？', '能不能加上注释？'], { history: bubbleSort });
});

test('a question of its own after an unrelated exchange is read alone; one that speaks of what was said, or adds to the request, follows it', () => {
  const paris = ['What is the capital of France?', 'The capital of France is Paris.'];
  assertFamily(
    'analysis',
    [
      'Warum sind unsere Lieferzeiten seit dem Umzug ins neue Lager länger geworden?',
      '¿Por qué mi planta tiene las hojas amarillas? La riego todos los días y está junto a la ventana.',
      'What were the main economic consequences of the 1970s oil shocks for Western Europe?',
    ],
    { history: paris },
  );
  assertFamily('reasoning', ["If you're running a race and you pass the person in second place, what place are you in now?"], { history: paris });
  // It names the triangle the conversation is about; it points back at the answer ("how you got that"); it adds to the request.
  assertFamily('math', ["What's the area of the circle circumscribing the triangle, to two decimal places?"], { history: ['A right triangle has legs of 6 cm and 8 cm. How long is its hypotenuse?', 'By Pythagoras, the hypotenuse is 10 cm.'] });
  assertFamily('math', ['Can you show how you got that with the quadratic formula?'], { history: ['What are the roots of x^2 - 5x + 6?', 'The roots are 2 and 3.'] });
  assertFamily('writing', ['más largo y que mencione el viaje a Japón que planea hacer con su mujer'], { history: ['Escríbeme un mensaje para felicitar a mi jefe por su jubilación.', 'Querido Juan: ...'] });
  // It asks of a place in the answer (这里, "here").
  assertFamily('code', ['这里为什么要用 with 语句？不用会怎样'], { history: ['用Python读取一个文本文件并统计行数', "with open('a.txt', encoding='utf-8') as f:\n    print(sum(1 for _ in f))"] });
});

test('"how do you solve this?" at the end of a follow-up asks for more of the opening puzzle; "solve this: …" brings a new problem', () => {
  const history = [
    'Suresh was standing facing a pole. The shadow of the pole fell exactly to his right. Which direction was the shadow pointing: east, south, west or north? Explain your steps.',
    'West. In the morning the sun rises in the east, so shadows fall to the west; with the shadow to his right, Suresh faces south.',
  ];
  assertFamily('reasoning', ['To which direction was Suresh facing? How do you solve this?'], { history });
  // A new problem after an unrelated exchange is read as its own, not as a follow-up of the small talk.
  assertFamily('math', ['Can you solve this for me: 3x + 5 = 20, what is x?'], { history: ['hi, how are you today?', "I'm doing well, thanks for asking! How can I help?"] });
});
