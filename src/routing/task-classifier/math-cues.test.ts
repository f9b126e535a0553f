import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertFamily } from '../../../test/support/shipped-classifier.js';
import { cuesIn } from './task-cues.js';
import { assertCue } from '../../../test/support/cue-assertions.js';

// The math family's cues (cues/math.ts) as TeX writes them, and problems pasted with their figures.

test("TeX's mathematical commands are a maths cue; a backslash in a path, an escape or the plain word is not", () => {
  for (const text of ['find $\\frac{3}{4} + \\frac{1}{6}$.', 'show that $\\sqrt{2}$ is irrational', 'let $\\mathbf{v} = (1, 2)$', 'if $x \\equiv 3 \\pmod{7}$, what is $x^2$?', '\\begin{align*} 2x + y &= 5 \\end{align*}', 'in $\\triangle abc$, $\\angle a = 40^\\circ$', '[asy] draw((0,0)--(1,1)); [/asy] what is the area?']) {
    assert.deepEqual(cuesIn(text), ['math'], text);
  }
  for (const text of ['the file is in c:\\temp\\notes.txt', 'print("a\\tb\\n")', 'a triangle-shaped logo for my bakery', 'from this angle the photo looks odd']) {
    assert.ok(!cuesIn(text).includes('math'), text);
  }
});

test('a problem written in TeX is maths, its figure drawn in Asymptote or not; code that plots a formula stays code', () => {
  // Written for this test, in the manner of competition problems; none is a row of the routing set or of MATH.
  assertFamily('math', [
    'The rectangle $PQRS$ has $PQ = 12$ and $QR = 5$. What is the length of the diagonal $\\overline{PR}$? [asy] pair P=(0,0), Q=(12,0), R=(12,5), S=(0,5); draw(P--Q--R--S--cycle); draw(P--R); label("$P$",P,SW); label("$Q$",Q,SE); label("$R$",R,NE); label("$S$",S,NW); [/asy]',
    'Let $g(x) = \\frac{2x+1}{x-3}$. For which $x$ is $g(g(x)) = x$?',
    'Compute $\\displaystyle \\sum_{k=1}^{20} \\binom{20}{k} 2^k$.',
    'Is $h(x) = \\sqrt{x^4 + 1} - x^2$ even, odd, or neither? Enter "odd", "even", or "neither".',
  ]);
  assertFamily('code', ["My matplotlib title shows the raw text instead of the formula:\n\nplt.title('$\\frac{a}{b}$')\nplt.plot(xs, ys)\nplt.show()\n\nwhat am I missing?"]);
});

test("a sequence's n-th term and the parity of integers are maths; the first term of a contract or an integer column is not", () => {
  for (const text of ['find a formula for the n-th term of 3, 7, 11, 15', 'what is the nth term?', 'the general term of the series', 'the sum of any two odd integers is even', 'the product of two consecutive integers']) {
    assert.ok(cuesIn(text).includes('math'), text);
  }
  for (const text of ['the first term of the lease ends in may', 'add an integer column to the table']) assert.ok(!cuesIn(text).includes('math'), text);
});

test("a word problem's question is a maths cue in each language: how many with a counter, a total, a price, an age", () => {
  assert.deepEqual(cuesIn('¿cuántas docenas de huevos come en cuatro semanas?'), ['math']);
  assert.deepEqual(cuesIn('全体で何巻必要ですか？'), ['math']);
  assert.deepEqual(cuesIn('彼女は毎日市場でいくら手に入れていますか？'), ['math']);
  assert.deepEqual(cuesIn('wenn er 42 euro hat, wie oft kann er dann ins kino gehen?'), ['math']);
  assert.deepEqual(cuesIn('si jan a 30 ans, quel âge a jean ?'), ['math']);
  assert.deepEqual(cuesIn('小明一共存了多少钱？'), ['math']);
  // Not a count: which colour, which weekday (a date puzzle's), which language; Chinese 如何 is "how".
  assert.deepEqual(cuesIn('何色が好き？'), []);
  assert.deepEqual(cuesIn('明日は何曜日ですか'), ['reasoning']);
  assert.deepEqual(cuesIn('これは何語ですか'), []);
  assert.deepEqual(cuesIn('如何求职成功？'), []);
});

test("an exam's mathematics names its objects, not a task: groups, distributions, primes and logarithms are maths cues; TCP and UDP are code's", () => {
  for (const text of ['let g be a cyclic group. statement 1 | every subgroup of an abelian group is normal.', 'x is normally distributed with mean 50 and standard deviation 5', 'welche der folgenden zahlen ist eine primzahl?', '选择题：等差数列{an}中，a1 = 2', 'la desviación estándar de la muestra']) assert.deepEqual(cuesIn(text), ['math'], text);
  assert.deepEqual(cuesIn('選択問題：tcpとudpの説明として正しいものはどれか。'), ['code']);
  // A plot's confidence intervals are the library's business.
  assert.deepEqual(cuesIn('how can i generate a seaborn barplot with the bar heights and confidence intervals?'), ['code']);
});

test('a function that maths names is a maths cue and no code cue, in each language; a function to write stays code', () => {
  for (const text of ['is every bounded harmonic function on r^n constant?', 'ist jede stetige funktion auf [0,1] integrierbar?', 'montrer que la fonction continue f atteint son maximum', 'sea f una función continua en [a, b]', '证明连续函数在闭区间上有界', '連続関数の最大値', 'what is the range of the function $f(x) = 1/(1-x)$?', 'let f be a function from s onto t', 'the function f must be injective', '已知函数f(x)=x^2+1，求f(2)']) {
    assert.deepEqual(cuesIn(text), ['math'], text);
  }
  for (const text of ['a python function that reverses a list', 'schreib eine funktion in python', 'una funcion en python', 'refactor this complex function', 'call the function from the module', '写一个函数，判断回文']) {
    assert.ok(cuesIn(text).includes('code'), text);
  }
  // Android's views: a toolbar in a fragment, a RecyclerView; a fragment of a poem or a sentence is none.
  assert.deepEqual(cuesIn('how to add toolbar in a fragment?'), ['code']);
  assert.deepEqual(cuesIn('my recyclerview flickers on scroll'), ['code']);
  assert.deepEqual(cuesIn('this sentence is a fragment'), []);
  // PyTorch named as torch: its modules, or a task based on it; a torch in hand lights a cave.
  assert.deepEqual(cuesIn('how to gather a dict on multiple gpus based on torch'), ['code']);
  assert.deepEqual(cuesIn('x = torch.zeros(3)'), ['code']);
  assert.deepEqual(cuesIn('i bought a torch. it is bright'), []);
  // An expression of numbers alone, to be worked out, is arithmetic however many brackets it has.
  assert.deepEqual(cuesIn('((-6 + -9 - -6 + -4) * (-1 - -6 + -4 - 3)) ='), ['math']);
  assert.deepEqual(cuesIn('if (x == 3) return y ='), []);
  // "Cómo funciona…" asks how something works: no function in it.
  assert.deepEqual(cuesIn('¿cómo funciona realmente la inflación?'), []);
});

test("a study's design as a statistics course names it, and the maximum-likelihood estimator, are maths", () => {
  for (const text of ['this design is best described as a. an observational study b. a randomized block design', 'which is the best way to select a simple random sample of 50 students?', 'the residual plot for a least-squares line shows a curve', 'derive the maximum likelihood estimator of the rate', 'eine vollerhebung oder eine stichprobe?', '这种抽样方法是什么？']) assert.ok(cuesIn(text).includes('math'), text);
  // A trial's and a survey's own terms: a cue the model weighs (a medical vignette mentioning a placebo stays the model's call).
  for (const text of ['why is a placebo given to the control group?', 'in a double-blind study, who does not know the treatment?', 'a voluntary response sample is biased because', 'qu\'est-ce qu\'un biais de sélection ?', '在实验设计中，为什么要设置对照组？', '二重盲検法とは何ですか？']) assert.ok(cuesIn(text).includes('math'), text);
});

test("maths' own vocabulary is a maths cue, and its everyday and programming uses are not", () => {
  for (const prompt of ['order from least to greatest: 3.8, 3.18, 3', 'write 7 over 33 as a decimal', 'a number rounded to the nearest hundred is 500', 'consider the number pattern 5, 9, 13, 17', 'let x be a topological space', 'find the radius of convergence of the power series', 'ordena las fracciones de menor a mayor', 'ist 1.234 durch 3 teilbar?', 'arrondir à deux décimales près : 3,14159', '把3.14159四舍五入到小数点后两位', '12と18の最大公約数を求めて、割り切れるか確かめて']) {
    assert.ok(cuesIn(prompt).includes('math'), prompt);
  }
  for (const prompt of ['drive to the nearest hospital', 'at a fraction of the cost', 'a topological sort of the build graph', 'un appartement dans le 11e arrondissement', 'the median household income fell, why?']) {
    assert.ok(!cuesIn(prompt).includes('math'), prompt);
  }
});

test('a distance, a speed, a share or a mean asked of given numbers is a maths cue, and the same question of a fact is not', () => {
  for (const prompt of ['cada vela cuesta $1,50 y se vende a $2,00. ¿cuál será su ganancia neta al vender 20 velas?', 'die datei hat 200 gb. wie lange dauert das herunterladen der datei?', 'sie wandert 12 meilen. mit welcher geschwindigkeit muss sie den rest zurücklegen?', '周一水深 17 英尺，周二又深了 7 英尺。周三水箱里的水有多深？', 'en mai, les dépenses étaient de 500 $, en juin de 440 $. quelle est la somme des dépenses ?', 'ソーダ市の人口は23,786人で、男性は8,417人。子どもの数は何人か？', '深さは月曜日に17フィート、火曜日に7フィート増えた。深さはどれくらいか？', 'sally scored 50, 80 and 60 on her quizzes. find her mean score.', 'caroline is three times older than ben. if ben is 4, how old is caroline?', 'two trains travel 80 miles west, then 150 miles north. what\'s the distance covered by each train?', 'jean court 60 miles en 3 jours. quelle est sa vitesse ?', 'de los 20 coches, 12 son automáticos. ¿qué porcentaje es manual?', 'sie fährt 3 stunden mit 80 km/h. welche strecke legt sie zurück?']) {
    assert.ok(cuesIn(prompt).includes('math'), prompt);
  }
  for (const prompt of ['¿qué ganancia tiene una panadería pequeña normalmente?', 'wie lange dauert ein flug nach tokio?', 'was ist ein durchschnittlicher tag für einen förster?', '珠穆朗玛峰有多高？', '東京から大阪までどれくらいかかりますか？', '何人かの友達と旅行に行きます', 'find the average lifespan of a house cat', 'what is the distance between the earth and the moon?', 'quelle est la vitesse de la lumière ?', '¿qué porcentaje del planeta es agua?']) {
    assert.ok(!cuesIn(prompt).includes('math'), prompt);
  }
});

test('a power, a midpoint and a derivative in Chinese and Japanese, and "求" after a half-width comma, are maths cues', () => {
  for (const text of ['已知3的a次方＝125', '点e是bc的中点,连ae交bd于点f,求bf的长度', 'tan(x)をxで微分するとどうなりますか']) assert.ok(cuesIn(text).includes('math'), text);
});

test('a sum written out in words between given numbers, and a given quantity to convert, are maths; "3 times" in a story is not', () => {
  for (const text of ['what is 144 divided by 12?', "what's 12 times 13?", 'wie viel ist 7 mal 8?', 'combien font 6 fois 7 ?', '15 multiplicado por 4', 'convert 72 degrees fahrenheit to celsius.', 'convierte 5 millas a kilómetros']) {
    assert.ok(cuesIn(text).includes('math'), text);
  }
  for (const text of ['i was there 3 times 2 years ago', 'the meeting is at 3 plus or minus 10 minutes', 'please convert this file to pdf', 'we met 2 mal 3 tage lang']) {
    assert.ok(!cuesIn(text).includes('math'), text);
  }
  assertFamily('math', ['What is 144 divided by 12?', 'Convert 5 miles to kilometres.'], { history: ['What is the capital of France?', 'The capital of France is Paris.'] });
});

test('a proof asked in French, Spanish or Italian, and an irrational number, are maths; an irrational fear is not', () => {
  for (const text of ['prouvez que pi est irrationnel', 'prueba que raíz de 5 es irracional', 'prova che esistono infiniti numeri primi', 'montre que √3 est un nombre irrationnel', '证明根号3是无理数']) {
    assert.ok(cuesIn(text).includes('math'), text);
  }
  assert.deepEqual(cuesIn('he has an irrational fear of spiders'), []);
});

test('an integral asked with its differential ("integrate x*e^(2x) dx") is maths; a payment service integrated into an app is not', () => {
  assert.ok(cuesIn('integrate x*e^(2x) dx').includes('math'));
  assert.ok(!cuesIn('how do i integrate stripe into my django app').includes('math'));
});

test("a polygon's angle sum and a calculation asked to be shown are maths in five languages; a sum of money is not", () => {
  assertCue('math', ['qual é a soma dos ângulos internos de um hexágono? mostre o cálculo.', 'what is the sum of the interior angles of a pentagon?', 'zeige den rechenweg: 17 * 23', 'what is 17% of 240? show your working.', '正十二边形的内角和是多少']);
  assert.ok(!cuesIn('the sum of money we raised for the school trip').includes('math'));
});
