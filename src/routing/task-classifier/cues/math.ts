import type { Cue } from '../cue-index.js';
import { BETWEEN_SETS, FUNCTION_PROPERTIES, GERMAN_PROOF, MATHS_ONLY_FUNCTION_KINDS, withGivenDigits } from '../word-senses.js';

/** TeX's commands that only mathematics writes (not `\n`, `\t` or a Windows path's `\log`); regex sources. */
const TEX_MATH_COMMANDS = [
  'frac', 'dfrac', 'tfrac', 'sqrt', 'binom', 'overline', 'mathbf', 'mathbb', 'cdot', 'leq', 'geq', 'neq', 'infty', 'lfloor', 'lceil', 'triangle',
  'angle', 'pmatrix', 'bmatrix', 'equiv', 'pmod', String.raw`begin\{(?:align|cases|array)`,
];

/** The math family's cues: a calculation, an equation, a proof or a word problem. */
export const mathCues: readonly Cue[] = [
  'solve', /comput(?:e[sd]?|ations?)(?!\p{L})/u, 'derivative', 'integral', /^[\s\d().+\-*/×÷^]+=\s*\??$/, 'find ratio', 'find the ratio',
  'differentiable', 'holomorphic', 'integrable', 'injective', 'surjective', 'bijective',
  new RegExp(`\\b(?:${MATHS_ONLY_FUNCTION_KINDS}) functions?\\b`), 'differenzierbar', 'integrierbar', /stetigen? funktion/, 'dérivable',
  'fonction continue', 'función continua', 'derivable', '连续函数', '矩阵', '行列式', '特征值', '导数', '偏导', /积分(?!兑换|商城|卡|规则|制|榜|奖励|墙)/,
  /极限(?!运动|挑战|生存)/, '级数', '收敛', '向量', '不等式', '因式分解', '三角形', '半径', '周长', '斜率', /(?:多少|几)种(?:不同的)?(?:选|放|排|分|走|取|涂|站|坐)法/, '方案数', '排列组合',
  '组合数', '高数', '数学的に', /(?:洛必达|乘法|加法|运算|求导|链式|洛比达)法则/, '高等数学', '数学题', '子集', '定理', '线性代数', '微积分', '通项', '固有値', '極限', '級数', '収束', 'ベクトル',
  '何通り', '場合の数', '線形代数', '已知函数', '可导', '可积', '連続関数', '微分', '導関数',
  new RegExp(String.raw`\b(?:${FUNCTION_PROPERTIES}) of the function\b|\bfunctions? ${BETWEEN_SETS}|\bfunction [fgh] ?(?:\(\p{L}\)|:)`, 'u'),
  'equation', /prov(?:e[sd]?|ing)(?!\p{L})/u, /\bintegrate [^.?!\n]{1,40} d[xyzt]\b/,
  // A proof asked in French, Spanish or Italian ("prouvez que pi est irrationnel", "prueba que raíz de 5 es irracional"), and an irrational number.
  /prouv(?:e|ez|er) qu/, 'prueba que', 'prova che', 'irrational number', 'nombre irrationnel',
  'número irracional', 'est irrationnel', 'es irracional', 'è irrazionale', 'ist irrational', '无理数', '無理数',
  /proofs?(?<!-proofs?)(?![\p{L}-])(?! of (?:concept|address|purchase|delivery|identity|income|residence|work))/u, 'probability',
  'probabilité', 'probabilidad', 'wahrscheinlichkeit', 'matrix',
  /eigen(?:val|vec|vek|wert|space|raum|decomp|zerleg|func|funk|state|zust|basis)/, 'theorem', 'prime number', 'is prime',
  /prime\b(?<=\d prime)/, 'are prime', 'limit of', 'limit as', 'solving', 'math problem', 'math homework', 'math question',
  // The vocabulary of school and university maths that nothing else uses ("order from least to greatest", "write 7/33 as a
  // decimal", "rounded to the nearest hundred", "a topological space", "the radius of convergence of a power series").
  'as a decimal', 'decimal places', 'repeating decimal', 'decimal form', 'as a fraction', 'simplest form', 'improper fraction',
  'mixed number', 'numerator', 'denominator', 'rounded to the nearest', 'round to the nearest', 'nearest hundred', 'nearest thousand',
  'nearest tenth', 'nearest whole number', 'least to greatest', 'greatest to least', 'number pattern', 'skip-count', 'skip count',
  'ones place', 'tens place', 'hundreds place', 'place value', 'greatest common factor', 'prime factor', 'divisible by',
  'which expression is', 'evaluate the expression', 'simplify the expression', 'value of the expression', 'median of', 'polygon',
  'topological space', 'power series', 'converges', 'real numbers', 'complex numbers', 'real-valued', 'vector space', 'cyclic group',
  'group of order', 'integers modulo', 'congruent modulo', 'invertible', 'fracción', 'fracciones', 'número decimal', 'redondea',
  'mínimo común múltiplo', 'máximo común divisor', 'divisible entre', 'divisible por', 'polígono', 'brüche', 'dezimalzahl', 'kommazahl',
  'gerundet', 'kleinste gemeinsame vielfache', 'größte gemeinsame teiler', 'teilbar', 'vieleck', 'fraction irréductible', 'nombre décimal',
  'arrondi à', 'arrondir à', 'ppcm', 'pgcd', 'divisible par', '约分', '通分', '最简分数', '約分', '小数点', '四舍五入', '整除', '多边形', '中位数', '四捨五入', '割り切れ',
  '多角形', '中央値', 'resuelve', 'calcula', 'ecuación', 'demuestra', 'berechne', 'gleichung', new RegExp(GERMAN_PROOF), 'ableitung', 'résous',
  'calcule', 'équation', 'démontre', 'montrer que', 'montrez que', 'zeigen sie, dass', 'zeige, dass', 'muestre que', 'demuestre',
  'demostrar que', 'pruebe que', 'を示せ', '求解', '求出', '求证', '求导', '求值', '求函数', '求它', '求这', '求该', '求第', '求其',
  /を求め(?!る[A-Za-z+#]*(?:関数|プログラム|コード|メソッド|スクリプト|クエリ))/, '，求', ',求', '次方', '立方根', '矩形', '中点', '切线', '。求', '方程', '证明', /计算(?!机)/, '概率', '積分',
  '証明', '計算', '確率',
  // A sum written out in words between given numbers ("What is 144 divided by 12?"), and a quantity given to convert
  // ("Convert 72 degrees Fahrenheit to Celsius", "convierte 5 millas a kilómetros"): arithmetic, with or without a story.
  /\d\s*(?:divided by|multiplied by|plus|minus|dividido (?:por|entre)|multiplicado por|geteilt durch|divisé par|multiplié par)\s*\d/,
  /\d\s*(?:times|mal|fois)\s*\d[\d.,]*\s*(?:[?=]|$)/,
  /(?:^|[^\p{L}])(?:convert|convierte|convertir|convertis|convertissez|rechne|converti)\s+\d/u,
  // Quick facts, not sums: "How much does a Tesla cost?" asks a price ('how much' with an article and no more), "how many
  // continents / bones / players…" a fact of the world, not a count of given numbers.
  /how many(?! (?:continents|oceans|planets|countries|provinces|bones|teeth|chromosomes|time zones|official languages|players|strings|hearts|amendments|elements|books in the bible)\b)/,
  /how much(?! (?:does|do|is|are|would|will) (?:an?|the|it|my|one)\b[^?]{0,40}\?)/, 'percent', withGivenDigits('area of'),
  withGivenDigits('volume of'), withGivenDigits('radius'), 'square root', 'cube root', 'raíz cuadrada', 'quadratwurzel', 'wurzel aus',
  'racine carrée', 'radice quadrata', 'raiz quadrada', 'квадратный корень', '平方根', '제곱근', withGivenDigits('interest rate'),
  'compound interest', 'simple interest', 'average of', 'average speed', /cuánt(?!ic)/, /cuant(?!ic)/, 'combien', 'wie viel', '多少',
  /いくつ(?![かも])/u, '面积', '体积', '平均', 'risolvi', 'calcola', 'equazion', 'dimostra', 'probabilità', 'quanto fa', 'resolva', 'equação',
  'quanto é', 'реши ', 'решите', 'вычисли', 'производную', 'производная', 'интеграл', 'уравнени', 'докажи', 'вероятност', 'сколько', '계산',
  '방정식', '확률', '증명', '넓이', '구하세요', 'bereken', 'vergelijking', 'oblicz', 'rozwiąż', 'równani', 'prawdopodobieństw', 'hesapla', 'denklem',
  'olasılık', 'площадь', 'периметр', 'hitung', 'احسب', 'tính toán', 'hãy tính', 'गणना', 'हल करो', 'हल करें',
  // "How many" and "how much" in languages the set holds few rows of or none (Hindi, Bengali, Telugu, Thai, Swahili, Indonesian,
  // Vietnamese, Turkish, Dutch, Korean): a word problem's question, whatever the story's words. Not a Bengali conjunct (একত্রে).
  'कितने', 'कितना', 'कितनी', /কত(?!্)/, 'ఎన్ని', 'ఎంత', 'เท่าไหร่', 'เท่าไร', 'กี่', 'ngapi', 'kiasi gani', 'berapa', 'bao nhiêu', 'kaç ',
  'hoeveel', '얼마', '몇 ', 'how far', 'how fast', 'total distance', 'what distance', 'what speed', 'what is the chance', "what's the chance",
  'what are the chances', 'what are the odds', 'how likely is it that', 'wie weit', 'wie schnell', 'qué distancia', 'a qué velocidad',
  'quelle distance', 'à quelle vitesse', '多远', '多快', 'どのくらいの速さ',
  // How many, asked with a counter ("¿cuántas docenas…?", "何個", "几天"): a word problem's question.
  'quanti ', 'quante ', 'quantos', 'quantas', 'いくら', '幾つ', 'どれだけの', 'どれほどの時間', 'どれくらいの時間',
  /(?<![如任为為奈])何(?![曜色語故事者処必况況]|時(?!間))[\u4e00-\u9fff\u30a0-\u30ff]{1,4}?(?:[をがにでのはもいあ]|です|でしょう|必要|かか|残|売|買|使|持|払|食|読|走|歩|作|稼|得|もら|勝|寝|前|分|か[？?]|[？?]|$)/u,
  /(?<!的)几个(?!角度|方面|维度|层面)/, '几天', '几小时', '几岁', '几元', /(?<!分)几次/, '几倍', '几分钟', '几块',
  // An age given as a difference ("5 years older than", "3 Jahre jünger als"): a word problem's; "older than" alone is a puzzle's.
  /years? (?:older|younger) than/, /times (?:older|younger) than/, 'times as old', 'twice as old', 'half as old', 'twice her age',
  'twice his age', 'sum of the ages', 'sum of their ages', 'how old will', 'how old was', /jahre? (?:jünger|älter) als/, 'wie alt ist dann',
  'wie alt wird', /ans? de (?:plus|moins) que/, /años? (?:mayor|menor|más|menos) que/, 'quel est le montant',
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
  /\d ?% (?:of|de|von|di|do|da) \d/, /\d[的の]\d+(?:[.,]\d+)? ?%/, /complement of an? \d/, /supplement of an? \d/, 'in total', 'altogether',
  'total cost', 'total amount', 'how much money', 'what percentage', 'en total', 'cantidad total', 'importe total', 'importo totale',
  'quantità totale', 'montante total', '总额', 'costo total', 'coste total', 'precio total', withGivenDigits('wie hoch ist'), 'wie hoch war',
  'wie oft', 'insgesamt', 'gesamtkosten', 'gesamtbetrag', 'quel âge', 'quel est le prix', 'quel sera le prix', 'coût total', 'somme totale',
  'montant total', 'quel montant', 'quelle quantité', 'quel pourcentage', 'nombre total', '一共', '总共', '合計', '全部で',
  // Mathematics past school arithmetic by its own nouns (an exam's questions name the object, not the task: "Let G be a cyclic
  // group…", "X is normally distributed…", "Welche Zahl ist eine Primzahl?").
  'abelian', 'subgroup', 'homomorphism', 'isomorphic', 'determinant', 'standard deviation', 'normally distributed', 'normal distribution',
  'random variable', 'expected value', 'binomial', 'greatest common divisor', 'least common multiple', 'logarithm', 'factorial',
  'arithmetic sequence', 'geometric sequence', 'arithmetic progression', 'geometric progression', 'primzahl', 'nombre premier',
  'nombres premiers', 'número primo', 'números primos', 'numero primo', 'numeri primi', 'polinomio', 'polynôme', 'polynom',
  'desviación estándar', 'écart type', 'écart-type', 'standardabweichung', 'logaritmo', 'variable aleatoria', 'variable aléatoire',
  'zufallsvariable', 'espérance', 'erwartungswert', /(?<!要)素数/, '质数', '多项式', '多項式', '标准差', '標準偏差', '对数', '対数', '等差数列', '等比数列', '随机变量',
  '期望值', '期待値', '最大公约数', '最小公倍数', '最大公約数',
  // Statistics by its own nouns (exam questions name the test, the interval, the error): an A/B test's decision stays analysis by its
  // verbs, a plot's confidence intervals code (an interval is maths as an exam asks it: "a 95% confidence interval for the mean").
  'null hypothesis', 'hypothesis test', 'type i error', 'type ii error',
  /\d ?% confidence interval|confidence intervals? (?:for|estimate|of the)\b/, 'significance level', 'level of significance',
  'degrees of freedom', 'chi-square', 'standard error', 'z-score', 'correlation coefficient', 'coefficient of determination',
  'least squares', 'sampling method', 'sampling distribution', 'maximum likelihood', 'maximum-likelihood', 'unbiased estimator',
  'moment generating function',
  // A sample's and a study's design as a statistics course names them ("This design is best described as A. an observational study…").
  'simple random sample', 'stratified sampl', 'cluster sampl', 'systematic sampl', 'observational study', 'randomized block',
  'block design', 'matched pairs', 'matched-pairs', 'least-squares', 'residual plot', 'regression line', 'explanatory variable',
  'response variable', 'lurking variable', 'margin of error', 'sampling error',
  // …and the trial's and the survey's own terms ("Why is a placebo given…", "a voluntary response sample", "在实验设计中…").
  'placebo', 'double-blind', 'double blind', 'nonresponse', 'non-response', 'voluntary response', 'undercoverage', 'convenience sample',
  'selection bias', 'doble ciego', 'sesgo de selección', 'doppelblind', 'gelegenheitsstichprobe', 'störvariable', 'double aveugle',
  'biais de sélection', '双盲', '对照组', '实验设计', '二重盲検', 'muestreo', 'estudio observacional', 'margen de error', 'stichprobe',
  'grundgesamtheit', 'vollerhebung', 'échantillonnage', 'étude observationnelle', 'marge d\'erreur', '抽样', '正态分布', '母集団', '無作為抽出', '層化抽出',
  'máxima verosimilitud', 'maximum de vraisemblance', '最大似然', '最尤推定', 'hipótesis nula', 'intervalo de confianza', 'nivel de significación',
  'nullhypothese', 'konfidenzintervall', 'signifikanzniveau', 'korrelationskoeffizient', 'hypothèse nulle', 'intervalle de confiance',
  'seuil de signification', 'intervallo di confidenza', 'ipotesi nulla', 'intervalo de confiança', 'hipótese nula',
  'доверительный интервал', 'нулевая гипотеза', '신뢰구간', '귀무가설', '原假设', '零假设', '假设检验', '置信区间', '显著性水平', '相关系数', '信頼区間', '帰無仮説', '仮説検定',
  '有意水準', '相関係数', '決定係数', 'weighted average', 'ma moyenne', 'moyenne pondérée', 'mi promedio', 'media ponderada', 'notendurchschnitt',
  'gewichteten durchschnitt',
  // A sequence's general term and the parity of integers, as a textbook asks them ("a formula for the n-th term", "the sum of
  // any two odd integers is even").
  /\bn-?th term\b/, 'general term', 'odd integer', 'even integer', 'consecutive integers', 'consecutive odd', 'consecutive even',
  // Mathematics written in TeX ("$\frac{x^2}{49}$", "\sqrt{a}", "\begin{align*}"): a problem pasted from a textbook or a
  // competition, whose words may be few ("Find $\lfloor \sqrt{50} \rfloor$.") and whose symbols read as code.
  new RegExp(String.raw`\\(?:${TEX_MATH_COMMANDS.join('|')})(?!\p{L})`, 'u'),
  // A figure drawn in Asymptote, as competition problems give theirs ("[asy] draw((0,0)--(10,0)); [/asy]"): its code is cut from
  // the reading (withoutFigureCode), its mark says a geometry problem.
  '[asy]',
  // A polygon's angle sum, and a calculation asked to be shown ("Qual é a soma dos ângulos internos de um hexágono? Mostre o
  // cálculo."; "zeige den Rechenweg").
  /\b(?:sum of (?:the |its )?(?:interior |exterior |internal )?angles|soma dos ângulos|suma de (?:los )?ángulos|somme des angles|winkelsumme|somma degli angoli)\b/u,
  '内角和', '内角の和', /\bshow (?:the|your|all) (?:calculations?|working)(?=\s*(?:[.!?,;:)]|$|step))/, 'rechenweg',
  /\b(?:mostre|mostra|muestra|muéstrame|montre|montrez|montre-moi|zeige|zeig) (?:o|os|el|los|le|les|il|i|den|die|mir den) (?:cálculos?|calculs?|calcol[oi]|berechnung)\b/u,
];
