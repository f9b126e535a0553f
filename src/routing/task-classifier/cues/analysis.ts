import type { Cue } from '../cue-index.js';
import { JUDGED_GOOD_OR_BAD_FOR } from '../word-senses.js';

/** The analysis family's cues: a judgement, a comparison or a cause weighed. */
export const analysisCues: readonly Cue[] = [
  'analy', /compare(?! and (?:exchange|swap)| ?-?and-?(?:exchange|swap)|_exchange|_and_swap)/, 'comparison', 'pros and cons',
  'pros y contras', 'le pour et le contre', 'weakness', 'puntos débiles', 'puntos fuertes', 'points faibles', 'points forts',
  'schwachstelle', '弱点', '不足之处', '弱み', '短所', 'evaluate', 'assess', 'critique', 'review', 'risk', 'why did', 'why is', 'diagnose',
  'root cause', 'trade-off', 'worth', 'what explains', "what's behind", 'what is behind', "what's driving", 'what is driving',
  'reasons for', 'the causes', 'main causes', 'responsible for', 'why do you think', 'how good is', 'how solid is', 'rate my', 'rate this',
  'which is better', /unfavou?rable (?:to|for) /, /défavorables? (?:au|aux|à|pour) /, /desfavorables? (?:para|al|a) /, '优先解决', '最应该',
  'symboli', 'simboliza', 'simbolismo', '象征', '象徴', 'red flag', 'warning sign', '一番効果が', '最も効果が', '哪个效果最好', '哪个最有效', 'is the conclusion',
  'conclusion justified', 'conclusions justified', 'does the conclusion', 'la conclusion est-elle', 'la conclusión está justificada',
  'ist die schlussfolgerung', 'ist das fazit', '结论是否', '結論は妥当', 'which of the two', 'which of these two', 'welches der beiden',
  'welche der beiden', 'welcher der beiden', 'lequel des deux', 'laquelle des deux', 'cuál de los dos', 'cuál de las dos',
  'an meiner stelle', 'à ma place', 'en mi lugar', 'what should we change', 'what would you change', 'faudrait-il changer',
  'qué cambiarías', 'qué deberíamos cambiar', 'was sollten wir ändern', 'was würdest du ändern', 'which one is better', 'qué es mejor',
  'cuál es mejor', 'was ist besser', 'lequel est le mieux', 'quel est le meilleur choix', '哪个更好', '哪个好', '你的看法', 'どっちがいい',
  /(?:どっち|どちら)[^。？?\n]{0,20}べき/u, 'どちらが良い', 'lohnt sich', 'vale la pena', 'vale a pena', /vaut (?:encore |vraiment |toujours )?le coup/,
  'vaut la peine', '值得', 'a qué se debe', 'por qué crees', 'cómo se explica', 'woran liegt', 'woran könnte', 'wie erklärt sich',
  "comment l'expliquer", 'comment expliquer', "qu'est-ce qui explique", 'à quoi est dû', '原因', 'なぜだと思', 'compara', 'ventajas', 'evalúa',
  'vergleich', 'bewerte', 'beurteil', 'sinnvoll', 'macht es sinn', 'macht das sinn', 'ergibt es sinn', 'vaut-il mieux', 'est-il judicieux',
  'honest opinion', /interpret(?!er|ing (?:for|at|between))/, /interprète(?!\p{L})/u, 'interprétez', 'interpretier', 'was sagen diese',
  'que disent ces', '说明了什么', '何が言えます', 'chart tell', 'good deal', 'accept this offer', 'qué opinas de', 'was hältst du von',
  'que penses-tu de', "qu'en penses-tu", 'どう思いますか', '価値はありますか', 'brutally honest', 'business idea', 'a good idea?',
  /\b(?:is (?:it|this|that)|would (?:it|this|that) be) a good idea\b/, /\b(?:est-(?:il|elle|ce)|serait-(?:il|elle|ce)) une bonne idée/,
  /\b(?:ist (?:es|das)|wäre (?:es|das)) eine gute idee/, /\b(?:es|sería) (?:una )?(?:buena|mala) idea/, 'a bad idea?', 'eine gute idee?',
  'une bonne idée ?', 'una buena idea?', 'good or bad', 'gut oder schlecht', 'bueno o malo', 'buena o mala',
  'bon ou mauvais', 'bonne ou mauvaise', 'buono o cattivo', 'buona o cattiva', 'wäge', 'abwäg', '权衡', '利弊',
  'メリット', '良いことか', 'avantages', 'évalue', '分析',
  // The costs of a choice weighed, asked alone ("c'est quoi les vrais inconvénients d'une voiture électrique…", typed without accents too).
  'drawback', 'downside', 'disadvantage', 'desventaja', 'nachteil', 'inconvénient', /\binconvenients\b/, '缺点', '弊端',
  // Whether a choice makes sense, asked of it ("est-ce que ça a du sens de passer au forfait 5G ?").
  /\b(?:ça|cela|ce|il|elle) a(?:-t-(?:il|elle))? (?:vraiment |encore )?du sens\b/, /\b(?:does|would|will) (?:it|that|this) (?:still |really )?make sense\b/,
  /\b(?:tiene|tendría) sentido\b(?<=(?:^|¿)(?:tiene|tendría) sentido)/, /\b(?:ha|avrebbe) senso\b/, /\b(?:faz|faria) sentido\b/,
  /比较(?!好|贵|便宜|适合|合适|多|少|大|小|快|慢|方便|常见|难|容易|重要|有名|简单|复杂|远|近|高|低|长|短|新|舒服|安全|稳|熟|喜欢|担心|流行|实用|划算)/, '评估', '比較', '評価', 'analiz',
  'confronta', 'vantaggi', 'svantaggi', 'valuta', 'pro e contro', 'pro e i contro', 'vantagens', 'desvantagens', 'avalie', 'prós e contras',
  'анализ', 'проанализ', 'сравни', 'плюсы и минусы', 'оцени', 'преимуществ', 'основные причины', 'главные причины', 'в чём причина',
  'в чем причина', 'каковы причины', '비교', '장단점', '평가', '원인', 'vergelijk', 'voor- en nadelen', 'przeanaliz', 'porównaj', 'zalety',
  'karşılaştır', 'avantaj',
  // Both sides of a question argued and weighed (an ethics question, a debate): not "both sides of the equation".
  'argue both sides', 'both sides of the argument', 'both sides of the debate',
  'a favor y en contra', 'pour et contre', 'dafür und dagegen', 'pro und contra', 'pro und kontra', '正反两方面', '賛否',
  // Risks weighed and a decision to make, in the languages the set holds ("有什么风险？", "受け入れるべきか", "判断のポイント").
  '风险', 'リスク', '要因',
  // What a text's author implies or stands for (reading comprehension).
  "author's attitude", 'author implies', 'what can we infer', 'can be inferred', '筆者が一番伝えたい', '筆者の主張', '筆者は', '作者的态度', '作者想表达',
  // A figure's trustworthiness and a causal claim questioned: a sample's bias, confounders ("how much can we trust the score", "was spricht dagegen").
  'can we trust', 'can i trust', 'should we trust', 'how reliable', 'sampling bias', 'selection bias', 'response bias', 'nonresponse',
  'non-response', 'confound', 'sesgo', 'biais', 'confondant', 'störfaktor', 'was spricht dagegen', 'was spricht dafür', '偏って', '偏り',
  'riesgos', 'risques', 'risiken', 'べきか', 'べきでしょうか', '判断のポイント', '判断基準',
  // A critique asked in a word of its own ("帮我点评一下这份计划", "bewerte kritisch"), a cause asked as a possibility ("qu'est-ce qui peut expliquer ça ?").
  '点评', '评价', '批評', '講評', 'kritisch', /peu(?:t|vent) expliquer\b/, /pourrai(?:en)?t expliquer\b/, 'the explanation', 'la explicación',
  'die erklärung', 'choosing between', 'choose between', 'deciding between', 'decide between', 'torn between', 'what went wrong',
  "what's going wrong", 'läuft schief', 'läuft da schief', 'was läuft falsch', 'qué está fallando', 'smart move', 'wise move',
  'a good move', /先[^，。？！\n]{1,8}还是先/, 'merece la pena', 'me compensa', 'compensa más', 'me conviene', 'nos conviene', 'lohnt es sich',
  '划算', 'vaut mieux', 'mieux vaut', 'vale más', 'ist es besser', 'wäre es besser', 'swot', 'strengths and weaknesses',
  'forces et faiblesses', 'fortalezas y debilidades', 'stärken und schwächen', '优势和劣势',
  // Which of given options is better, in the words English "which is better" has in the other languages ("laquelle est la plus
  // intéressante", "welches Angebot ist besser"), and terms judged unfair to a party ("cláusulas abusivas para el inquilino").
  'laquelle est la plus', 'lequel est le plus', 'laquelle est la meilleure', 'lequel est le meilleur', 'te parece mejor',
  /welche[rs]? (?:\p{L}+ )?ist (?:besser|sinnvoller|günstiger|vorteilhafter)(?!\p{L})/u, 'quale è meglio', 'quale è migliore',
  'qual é melhor',
  /(?:cláusulas?|clauses?|condiciones|klauseln?|vertragsbedingungen|条款|条項)[^.?!\n。？]{0,40}?(?:abusiv|unfair|injust|missbräuchlich|不公平|不利)|(?:不公平|不利)的?(?:条款|条項)/u,
  /\bunfair (?:to|for) (?:the|a|an|us|me|them|him|her)\b/,
  // A policy or an event of the past judged, asked in a line ("War die Energiewende ein Fehler?", "L'euro a-t-il été une bonne chose
  // pour la France ?", "アベノミクスは成功だったのか？"), and its long-term effects.
  /\b(?:was|were) (?:the |it |that )?[\p{L}\p{N}\s'-]{2,40}? (?:a mistake|a success|a failure|worth it|a good thing|a bad thing|a good idea)\b/u,
  /(?<!\p{L})war (?:die |der |das |es )?[\p{L}\p{N}\s-]{2,40}? (?:ein fehler|ein erfolg|ein misserfolg|eine gute sache|sinnvoll|richtig)(?!\p{L})/u,
  /été (?:une bonne chose|une erreur|un succès|un échec|bénéfique|un bon choix|un mauvais choix|une? (?:bon|bonne|grand|grande|mauvais|mauvaise) (?:président|présidente|roi|reine|empereur|dirigeant|dirigeante|ministre|premier ministre))(?! de\b)/,
  /(?<!\p{L})fue (?:un error|un éxito|un fracaso|una buena idea|buena idea|acertad)/u,
  /\bdid (?:the |it |that )?[\p{L}\p{N}\s'-]{2,40}? (?:actually |really |ever )?(?:work|succeed|fail|pay off)\?/u,
  /(?<!\p{L})hat (?:die |der |das |es )?[\p{L}\p{N}\s-]{2,40}? (?:funktioniert|sich gelohnt|gutgetan|geschadet|geholfen)\?/u,
  /était-(?:il|elle) (?:nécessaire|justifiée?|une erreur|utile|efficace)/, /fonctionné\s*\?/, 'valió la pena', 'funcionó', '是否有效',
  new RegExp(String.raw`\b${JUDGED_GOOD_OR_BAD_FOR}\b`, 'u'), /(?:成功|失敗|間違い)だった(?:の|か)/, /(?:正しい判断だった|正しかった)(?:の|か)/, '是功是过', '功过', '利大于弊',
  '弊大于利', '长期影响', '長期的な影響', 'long-term effects', 'long-term impact', 'efectos a largo plazo', 'langfristige folgen', 'langfristigen folgen',
  'effets à long terme', 'conséquences à long terme',
  // A ruler or a leader judged ("was napoleon a good leader?", "War Bismarck ein guter Kanzler?", "De Gaulle était-il un bon
  // président ?", "秦始皇是好皇帝吗？", "織田信長は名君だったのか？"), and a central bank's next move ("Sollte die EZB die Zinsen senken?").
  /\b(?:was|is) [\p{L}\s'.-]{2,30}? an? (?:good|great|bad|terrible|effective|successful|competent) (?:leader|president|king|queen|emperor|chancellor|prime minister|ruler|general|ceo|pope)\b/u,
  /(?<!\p{L})war [\p{L}\s.-]{2,30}? eine? (?:guter|gute|schlechter|schlechte|großer|große|erfolgreicher|erfolgreiche) (?:kanzler|kanzlerin|präsident|präsidentin|könig|königin|kaiser|kaiserin|herrscher|herrscherin|anführer|feldherr|papst)(?!\p{L})/u,
  /était-(?:il|elle) (?:un|une) (?:bon|bonne|grand|grande|mauvais|mauvaise) (?:président|présidente|roi|reine|empereur|impératrice|dirigeant|dirigeante|ministre|général|pape)/,
  /(?<!\p{L})(?:fue|era) (?:[\p{L}.-]+ ){0,3}?(?:un|una) (?:buen|buena|gran|mal|mala) (?:presidente|presidenta|rey|reina|emperador|líder|gobernante|gestor|dirigente|papa)(?!\p{L})/u,
  /是(?:个|一个|一位)?(?:好|坏|合格的|伟大的)(?:皇帝|总统|领导人|君主|国王|首相)吗/, '名君', '暗君', /(?:良い|いい|優れた|偉大な)(?:リーダー|指導者|首相|大統領|王|皇帝)だった/, 'cut rates',
  'cut interest rates', 'raise rates', 'raise interest rates', 'rate cut', 'rate hike', 'zinsen senken', 'zinsen erhöhen', 'zinssenkung',
  'zinserhöhung', 'baisser ses taux', 'baisser les taux', 'relever ses taux', 'relever les taux', 'bajar los tipos', 'subir los tipos',
  'bajada de tipos', 'subida de tipos', '降息', '加息', '利上げ', '利下げ',
  // A measure questioned in a line ("Faut-il supprimer le bac ?", "Ist die Schuldenbremse noch zeitgemäß?", "延迟退休合理吗？").
  'faut-il interdire', 'faut-il réformer', 'noch zeitgemäß', 'tiene sentido subir', 'tiene sentido bajar', '合理吗', '有必要吗', 'は妥当か', '持続可能なのか',
  // What given figures or a given text show and why ("what trend do you see and what might explain it?", "identify the target
  // audience of the following ad", "次のアンケート結果から、気になる点を…"), and a product analyst's role given ("Du bist Produktanalyst").
  /\bwhat(?:'s| is) (?:weak|wrong|missing|lacking) (?:about|with|in) (?:it|this|that|my|the|our)\b/,
  /\bwhat(?:'s| is) good and what(?:'s| is) (?:bad|not)\b/, 'what trend', 'trends do you see', 'might explain', 'could explain',
  'identify the target audience', 'who is the target audience', 'qué tendencia', 'welchen trend', 'quelle tendance', 'welche zielgruppe',
  'quel est le public cible', 'cuál es el público objetivo', '気になる点', 'produktanalyst',
  // The meaning of a poem or a song asked ("What does this poem mean?", "Que signifie ce poème ?", "この詩の意味"): an interpretation.
  /\b(?:what does|what do) (?:this|the following|the above|these) (?:poem|lyrics|song|verse|verses|line|lines|stanza|haiku) mean\b/,
  /\bmeaning of (?:this|the following|the above|these) (?:poem|lyrics|song|verse|verses|lines|stanza|haiku)\b/, 'que signifie ce poème',
  'que veut dire ce poème', 'qué significa este poema', 'qué significa esta canción', 'was bedeutet dieses gedicht',
  'was bedeutet das gedicht', '这首诗的意思', '这首诗表达', '詩の意味', '歌詞の意味',
  // Language in a given text judged for bias, as an app's reviewer is told to ("Revisas ofertas de empleo buscando lenguaje
  // discriminatorio", "求人票に差別的な表現がないか確認し、問題点を…").
  'discriminatory language', 'biased language', 'exclusionary language', 'lenguaje discriminatorio', 'langage discriminant',
  'langage discriminatoire', 'diskriminierende sprache', '歧视性', '差別的', '問題点を',
  // A forecast asked of a price, a market or a trend ("will house prices in Toronto drop next year?", "¿va a bajar el precio de
  // la luz?", "明年房价会跌吗？"): a judgement of what moves it, not a fact to look up ("when is the next eclipse?").
  /\bwill (?:[\w'-]+ ){1,5}?(?:rise|fall|drop|crash|go up|go down|recover|rebound|keep (?:rising|falling|going up|going down)|get (?:stronger|weaker|cheaper))\b/,
  /\b(?:is|are) (?:[\w'-]+ ){1,5}?going to (?:rise|fall|drop|crash|go up|go down|recover|get (?:stronger|weaker|cheaper))\b/,
  /\bdo you think (?:[\w'-]+ ){1,5}?will\b/, /\bva(?:n)? a (?:seguir )?(?:subir|bajar|caer|subiendo|bajando)\b/,
  /\bcrees que\b[^?¿\n]{0,60}\p{L}(?:rá|rán)(?!\p{L})/u,
  /\b(?:va|vont)(?:-t-(?:il|elle|ils|elles)|-(?:ils|elles))? (?:encore |continuer à |continuer de )?(?:baisser|monter|remonter|chuter|augmenter|diminuer|grimper|flamber)\b/,
  /\b(?:wird|werden) (?:[\p{L}-]+ ){0,4}?(?:weiter |noch )?(?:steigen|fallen|sinken|teurer|billiger|günstiger)\b/u,
  /(?<!\p{L})(?:salirà|saliranno|scenderà|scenderanno|aumenterà|aumenteranno|calerà|caleranno|crollerà)(?!\p{L})/u,
  /\bv(?:ai|ão) (?:continuar a )?(?:subir|cair|baixar|aumentar|se valorizar|desvalorizar)\b/,
  /(?<!\p{L})(?:подорожа(?:ет|ют)|подешеве(?:ет|ют)|будет (?:падать|расти|дешеветь|дорожать)|упад(?:ёт|ет)|выраст(?:ет|ёт))/u,
  /(?:会|还会|继续)(?:涨|跌|上涨|下跌|贬值|升值|降价|涨价)/, '走势', '预测一下', 'your prediction', '見通し', /(?:上がる|下がる|上昇する|下落する|続く)と思(?:う|います)/,
  // A comparison asked in the words Chinese and Spanish use most ("对比一下iPhone和华为的拍照", "小米和OPPO各有什么优劣",
  // "compárame netflix y hbo"): not an image's contrast (对比度) or a contrast a poem is to draw (形成对比).
  /(?<!形成|鲜明的?|强烈的?)对比(?!度)/, '优劣', 'compár',
  // Studies or sources that contradict each other, asked why: the evidence weighed.
  /\b(?:contradict|disagree)(?:s|ing)? (?:with )?(?:each other|one another)\b/, 'conflicting evidence', 'conflicting results', 'conflicting studies',
  'contradictory results', 'contradictory findings', 'se contradicen', 'se contredisent',
];
