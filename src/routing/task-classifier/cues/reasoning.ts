import type { Cue } from '../cue-index.js';
import { kinshipPuzzle, syllogismsInEverydayWords } from '../phrase-cues.js';
import { booleanOperations, everydayWords } from '../word-senses.js';

/** The reasoning family's cues: puzzles, riddles and logic. */
export const reasoningCues: readonly Cue[] = [
  everydayWords.puzzle, 'riddle', 'odd one out', 'does not belong', "doesn't belong", '仲間はずれ', '不属于', 'no pertenece', 'gehört nicht',
  "l'intrus",
  // The odd one out and the kinship puzzle as the other languages ask them ("Quel mot ne va pas avec les autres ?", "A est le père de B…").
  'passt nicht zu den anderen', 'nothing to do with the others', 'a che vedere con le altre', 'a che fare con le altre',
  'que ver con las demás', 'que ver con los demás', 'rien à voir avec les autres', 'nichts mit den anderen zu tun',
  'nada a ver com as outras', 'ne va pas avec les autres', /pas sa place (?:parmi|avec|dans (?:cette|la) (?:liste|série))/, 'no va con las demás', 'no encaja con', "non c'entra", 'non appartiene', '仲間外れ',
  '一致しないもの', '与其他不同', '与其他词不同', 'family relationship between', kinshipPuzzle, 'lien de parenté', 'grado de parentesco',
  'verwandtschaftsverhältnis', 'grado di parentela', '亲属关系', '続柄',
  /logic(?!iel)(?<!(?:business|application|app|domain|game|backend|frontend|server) logic)/, 'deduce', 'who owns', 'who is lying',
  /lying\b(?! (?:awake|down|in |on |around|flat|still|low|next to|under|here|there))/, 'what comes next', 'constraints',
  /schedule(?<!(?:flight|train|bus|work|class|tv|school|my|our|the) schedule)/, 'valid argument', 'deductively valid', 'valid or invalid',
  'causation', 'argument valid', 'argument is valid', 'validity', 'valid order', 'valid timetable', 'valid schedule', 'valid sequence',
  'valid assignment', 'à caser', /(?:propose|fais|donne)(?:-moi)? un planning\b/, 'cuadrar los horarios', 'cuadrar horarios', 'スケジュールを組',
  'conclude', 'step by step',
  // BIG-Bench Hard's own words (Boolean expressions, webs of lies, what may be deduced, who is tallest).
  'boolean expression', ...booleanOperations, /not (?:not |\( ?)*(?:true|false) ?(?:and|or|is|\))/, 'expresión booleana',
  'expression booléenne', 'booleschen ausdruck', 'espressione booleana', 'expressão booleana', '布尔表达式', /[真偽] (?:または|かつ) [真偽]/,
  'tells the truth', 'dice la verdad', 'sagt die wahrheit', 'dit la vérité', 'dice la verità', 'diz a verdade', '说真话', '说的是真话', 'déduire',
  'dedurre', 'deduzir', 'folgern', '谁最', '誰が一番',
  // A riddle's own form, without the word riddle: "what has X but no Y", "パンはパンでも…".
  /\bwhat has .{1,30}? but (?:no|not|can|can't|cannot|never)\b/, /qu'est-ce qui a .{1,30}? mais (?:ne|n'|pas|aucun|jamais)/,
  /qué (?:cosa )?tiene .{1,30}? pero (?:no|ningún|ninguna|nunca)\b/, /was hat .{1,30}? aber (?:\S+ )?(?:kein|nicht|nie)/,
  /(?<word>\p{Script=Katakana}{1,6})は\k<word>でも/u, 'acertijo', 'adivinanza', 'lógica', 'rätsel', 'logik', 'énigme', 'devinette', 'logique',
  '谜', '逻辑', /推理(?!小说|小説|小說|剧|ドラマ|作家|漫画|もの)/, '说谎', 'パズル', 'なぞなぞ', '論理', '推論',
  // A riddle's closing question: "…What am I?", "…Qui suis-je ?", "…¿Quién soy?", "…Wer bin ich?".
  // Which weighs more, the kilo of feathers or the kilo of iron; a riddle's "the more you wash it, the dirtier it gets" (越洗越脏).
  /\b(?:which|what) weighs more\b/, /\bqu[ée] pesa más\b/, /\bqu'est-ce qui pèse le plus\b/, /\bwas wiegt mehr\b/, /什么东西越\p{Script=Han}越/u, 'なーんだ',
  /\bwhat am i\?/, /qui suis-je ?\?/, /¿qu(?:é|ién) soy\?/, /\b(?:wer|was) bin ich\?/, 'day after', 'day before', 'if today',
  /taller than(?<!\d+ ?(?:cm|centimet(?:er|re)s|inch(?:es)?|feet|foot|ft|m|meters?|metres?) taller than)/,
  /older than(?<!\d+ (?:years?|months?|days?) older than)/, 'sequence', 'next in', 'statements', /(?:deux|trois|quatre|les) affirmations\b/,
  'afirmaciones', 'affermazioni', 'afirmações', 'true, false, or uncertain', 'true, false or uncertain', 'vraie, fausse ou incertaine',
  'verdadera, falsa o incierta', 'wahr, falsch oder ungewiss', 'liar', 'knave', /knights?(?= (?:always|never|only|tell|lie)\b)/,
  'cross the river', 'weighing', 'wiegung', 'wägung', 'balkenwaage', 'pesées', 'てんびん', 'pesagens', 'balança de dois pratos',
  'balanza de dos platillos', 'взвешивани', '양팔 저울', 'arranged in a row', 'directly to the left of', 'directly to the right of',
  'furthest from the', 'left-most', 'right-most', 'anteayer', 'avant-hier', '后天', '前天', /星期几(?<!今天星期几)(?<!今天是星期几)/, /正直(?:者|な人|な村人|族)/,
  '嘘つき', '嘘をついて', 'quién miente', 'wer lügt', 'qui ment', 'sagen immer die wahrheit', 'lügen immer', 'disent toujours la vérité',
  'mentent toujours', 'siempre dicen la verdad', 'siempre mienten', 'dicono sempre la verità', 'mentono sempre', 'dizem sempre a verdade',
  'sempre mentem', 'in what order', 'en qué orden', 'in welcher reihenfolge', 'dans quel ordre', '什么顺序', 'どの順番',
  /si todos los \p{L}+ son\b/u, /wenn alle \p{L}+ \p{L}+ sind\b/u, /si tous les \p{L}+ sont\b/u, '如果所有的', /すべての[^。？?]{1,12}ならば/,
  // A syllogism's question ("podemos concluir que…?", "можно ли сделать вывод, что…"): "what can we conclude from this survey" has no "that".
  'podemos concluir que', 'pode-se concluir que', 'se pode concluir que', 'se puede concluir que', 'peut-on conclure que',
  'possiamo concludere che', 'si può concludere che', 'можно ли сделать вывод', 'можно ли заключить', 'silogismo', 'syllogism', '三段论',
  /(?:能否|可以|能|不能|无法|可否|由此可以)推出/, '得出结论', '得出什么结论', /结论(?:是否)?成立/, '大前提', '小前提', '合理的顺序', '正确的顺序', '最能削弱', '最能支持', '最能加强', '如果为真', '一定为真',
  '必然为真', '结論は正しい', '導ける', '導けます', '正しい順番', '正しい順序', '三段論法', 'following clues', 'these clues', 'some clues', 'clues:',
  /\beach (?:\w+ ){0,2}(?:has|likes|owns|prefers|wears|drives|plays|ordered|chose|bought) a different\b/, 'if true, most',
  'most seriously weakens', 'most weakens', 'most strengthens', 'weakens the argument', 'strengthens the argument', 'can be derived',
  'can be properly inferred', 'must also be true', 'the argument assumes', 'apparent discrepancy', 'apparent paradox',
  'flaw in the argument', 'vulnerable to criticism', '可以得出以下哪项', '最能质疑', '必然成立', '上述论证', '所假设', 'debilita el argumento', 'affaiblit l',
  'schwächt das argument', '論証', '以下线索', 'casse-tête', '脑筋急转弯', 'brain teaser', 'brainteaser', '这些线索', '根据线索', 'siguientes pistas',
  'estas pistas', 'indices suivants', 'ces indices', 'folgenden hinweise', '手がかり',
  // A syllogism told in everyday words: a statement about all of a kind, then a question about one of them ("Tous les chats de
  // la voisine sont gris. Ce chat est noir. Est-ce un chat de la voisine ?", "所有会游泳的人都去了海边，小李没去海边，小李会游泳吗？").
  ...syllogismsInEverydayWords, /所有[^。？！\n]{2,30}都[^。？！\n]{1,20}[，。][^？\n]{2,40}吗？/u, /(?:みんな|全員|すべて|全て)[^。？\n]{0,30}。[^？\n]{2,60}？/u,
  'indovinello', 'se oggi', 'se hoje', 'если сегодня', '오늘이', 'logica', 'deduci', 'più alto', 'enigma', 'mais alto', 'загадк', 'логик',
  '수수께끼', '논리', '보다 키가', 'raadsel', 'zagadk', 'bilmece', 'mantık',
  // A day named in passing ("since yesterday", "明日の会議") is everyday talk; the day puzzles ask which day or date.
  'what day', 'which day', 'what date', 'si hoy', 'qué día', 'qué fecha', 'pasado mañana', 'wenn heute', 'wenn morgen', 'welcher tag',
  'welcher wochentag', 'welches datum', 'vorgestern', 'übermorgen', "si aujourd'hui", 'quel jour', 'quelle date', 'après-demain', '如果今天',
  '如果昨天', '如果明天', '几月几日', '今日が', '明日が', '昨日が', '何曜日', '何月何日', '一昨日', '明後日', "l'altro ieri", 'dopodomani', 'che giorno', 'anteontem',
  'depois de amanhã', 'que dia', 'позавчера', 'послезавтра', 'какой день', '무슨 요일', '그저께', 'welke dag', 'eergisteren', 'overmorgen',
  'jaki dzień', 'przedwczoraj', 'pojutrze', 'hangi gün',
  // The siblings riddle: "David has three sisters. Each of them has one brother. How many brothers does David have?"
  /\beach of (?:her|his|their|them|the)\b[^.?!\n]{0,30}?\b(?:brothers?|sisters?|siblings?|sons?|daughters?)\b|\b(?:jede[rs]?|jeder ihrer|jeder seiner) (?:\w+ )?(?:brüder|schwestern|brüdern|geschwister)\b|\bjede[rs]? von ihnen hat (?:\p{L}+ )?(?:bruder|brüder|schwester|schwestern)|\bchacun(?:e)? d'(?:entre )?(?:elles|eux) a (?:\p{L}+ )?(?:frères?|sœurs?|soeurs?)|\bognun[oa] di loro ha (?:\p{L}+ )?(?:fratell[oi]|sorell[ae])|\bchacun(?:e)? de (?:ses|leurs) (?:frères|sœurs|soeurs|enfants)\b|\bcada un[oa] de sus (?:hermanos|hermanas)\b|\bcada un[oa] de (?:ellas|ellos) tiene (?:\p{L}+ )?(?:hermanos?|hermanas?)\b|\bognun[oa] de(?:i|lle) su(?:oi|e) (?:fratelli|sorelle)\b|(?<!\p{L})у каждого (?:брата|из братьев|сестры)|每个(?:姐姐|妹妹|哥哥|弟弟|兄弟|姐妹)|それぞれの(?:兄|姉|弟|妹)/u,
  // A race overtaken ("you have just overtaken the second person: what is your position?") and a shadow's direction.
  /(?:overt[ao]o?k|overtaken|überhol|dépass|adelant|superat|ultrapass|超过了|超越了|追い越)[^.?!。？]{0,40}(?:second|last|zweite|letzte|deuxième|dernier|dernière|segund|últim|ultim|第二|最后|2番目|最後)/u,
  // Japanese names the runner before the verb ("2番目の人を追い越した").
  /(?:2番目|二番目|最後)の(?:人|ランナー|走者)を追い越/u,
  /(?:shadow|schatten|l'ombre|la sombra|l'ombra|a sombra|影子|影が|影は)[^?？]{0,160}(?:east|west|north|south|osten|westen|norden|süden|l'est|l'ouest|le nord|le sud|este|oeste|norte|sur\b|ovest|nord\b|sud\b|[东西南北東])/u,
  // The jug puzzles: a quantity measured exactly with vessels that hold others ("how do I measure exactly 4 litres?").
  /measure (?:out )?exactly\b/, 'medir exactamente', 'mido exactamente', 'mesurer exactement', 'genau abmessen', 'genau abzumessen',
  'misurare esattamente', 'medir exatamente', 'отмерить ровно', '恰好量出', '正確に量',
  // The coin-weighing puzzles' balance (天秤座 is the zodiac's Libra).
  /\bwhat (?:word |thing )?(?:gets|becomes) \w+ (?:when|the more|if)\b/, 'balance scale', /天秤(?!座)|天平(?!均|座)/, 'qui a quoi',
  'quién tiene qué',
  // The puzzles known by name, asked by it alone ("Das Ziegenproblem: soll man wechseln?", "蓝眼睛岛问题怎么解？").
  'monty hall', 'モンティ・ホール', 'ziegenproblem', '三门问题', 'two envelopes', 'two-envelope', 'deux enveloppes', 'dos sobres', 'zwei umschläge',
  'umschlagparadox', '两个信封', '二つの封筒', '2つの封筒', 'blue-eyed islanders', 'blue eyes puzzle', '蓝眼睛岛', '青い目の島', 'prisoners and a light bulb',
  '海盗分金', 'pirate game', 'pirate gold', 'zebrarätsel', 'wem gehört das zebra', 'hardest logic puzzle', "prisoner's dilemma",
  'prisoners dilemma', 'dilema del prisionero', 'gefangenendilemma', 'dilemme du prisonnier', '囚徒困境', '囚人のジレンマ', '100 prisoners',
  // Appointments placed under constraints ("Arrange the meetings below without overlaps", "sans chevauchement"), a word that
  // fits two definitions, a film guessed from emoji: puzzles by what they ask.
  'without overlap', 'no overlaps', 'double-booked', 'sans chevauchement', 'sin solaparse', 'sin solapamientos', 'ohne überschneidung',
  '不重叠', '重ならない', 'word that fits', 'fits both definitions',
  /\bguess the (?:film|movie|song|word|country|animal|book|character|city|band)\b(?<!\b(?:i|we) guess the \p{L}+)/u,
  '100 prisonniers', '100 presos', '100 gefangene', '100名囚犯', '100人の囚人', "einstein's riddle", 'zebra puzzle', 'einsteinrätsel',
  // The river crossing and the wrongly labelled boxes in the languages "cross the river" and "mislabeled boxes" do not reach
  // ("Um fazendeiro precisa atravessar um rio com um lobo, uma cabra e um repolho… o barco só leva ele e mais um"): a crossing
  // counts with a boat named after it, not a question about where to cross the Ebro by car.
  /\b(?:atravessar|cruzar|traverser|attraversare)\b[^.?!\n]{0,30}\b(?:rio|río|rivière|fleuve|fiume)\b(?=[^]{0,200}?\b(?:barco|bote|barca|barque|bateau|canoa)\b)/u,
  /\büber (?:einen|den) fluss\b(?=[^]{0,200}?\b(?:boot|kahn)\b)/u, /(?:过河|渡河)(?=[^]{0,100}?船)/u, /川を渡(?=[^]{0,100}?(?:船|ボート))/u,
  /\b(?:boxes|jars|caixas|cajas|boîtes|kisten)\b[^.?!\n]{0,30}\b(?:wrongly|incorrectly|erradamente|incorretamente|incorrectamente|mal|falsch)\b/u,
  /\bmislabell?ed (?:boxes|jars)\b/,
];
