import type { Cue } from '../cue-index.js';

/** A share asked of the world ("about what percentage / fraction…"), as a pattern's source. */
const A_SHARE = String.raw`(?:percentage|percent|share|fraction|proportion)\b`;

/** The chat family's cues: small talk, advice, quick facts and role-play. */
export const chatCues: readonly Cue[] = [
  'hi ', 'hello', 'hey ', 'tell me a joke', 'chiste', 'einen witz', 'une blague', '笑话', '面白い話', "what's up", 'thanks', 'thank you',
  'how are you', 'recommend', 'any tips', 'hola', 'gracias', /hallo(?!w)/, 'danke', /salut(?!e)/, /merci(?!es|ful|less)/, '你好', '谢谢',
  'こんにちは', 'ありがとう', 'おすすめ', 'chào', 'apa kabar', 'مرحبا', 'كيف حالك', 'नमस्ते',
  // Role-play: the assistant asked to be someone and answer as them (MT-Bench's role-play category is small talk in the set).
  'imagine yourself as', 'picture yourself as', 'pretend to be', 'pretend yourself', 'pretend you are', "pretend you're",
  'imagine you are a', "imagine you're a", 'consider yourself as', 'if you were a ', 'if you were an ', 'take on the role of',
  'assume the role of', 'embody the persona', 'stay in character', 'in character as',
  // The same in the formal register a translated benchmark or an app's instructions use ("Schlüpfen Sie in die Rolle…",
  // "Jouez le rôle d'un coach", "Asuma el papel de…", "Calati nel ruolo…", "请扮演…", "…になりきって").
  'tun sie so, als', 'tu so, als', 'in die rolle', 'verkörpern sie', 'verkörpere ', 'handeln sie als', 'stellen sie sich vor, sie sind',
  'stellen sie sich vor, sie wären', 'stell dir vor, du bist', 'angenommen, sie sind', 'jetzt sind sie ', 'sie sind jetzt ',
  'faites-vous passer pour', 'fais-toi passer pour', 'faites comme si vous étiez', 'fais comme si tu étais', 'jouez le rôle',
  'joue le rôle', 'assumer le rôle', 'assumez le rôle', 'incarnez', 'mettez-vous dans la peau', 'mets-toi dans la peau',
  'imaginez que vous êtes', 'imagine que tu es', 'supposons que vous soyez', 'vous êtes maintenant ', 'tu es maintenant ',
  'hazte pasar por', 'hágase pasar por', 'finge que eres', 'finja que es', 'asuma el papel', 'asume el papel', 'ponte en el papel',
  'póngase en el papel', 'actúa como', 'actúe como', 'imagina que eres', 'imagínese que es', 'imagínate a ti mismo como',
  'supongamos que eres', 'ahora eres ', 'fai finta di essere', 'fingi di essere', 'calati nel ruolo', 'assumi il ruolo',
  'immagina di essere', 'ora sei ', 'agisci come', 'impersona ', 'supponiamo che tu sia', 'mettiti nei panni', 'finja que você é',
  'faça o papel', 'assuma o papel', 'imagine que você é', 'aja como', 'você agora é', 'представь, что ты', 'притворись', 'сыграй роль',
  'в роли ', '假装你是', '假设你是', '扮演', '你现在是', '想象你是', '想象自己是', '化身为', 'になりきって', 'になったつもりで', 'のつもりで', '役割を担って', '体現して', 'として振る舞', 'だと想像して',
  'と想定して', 'であると思い込んで', '역할을 맡', '인 척 해', 'how tall', 'how high', 'how old is', 'capital of', 'who wrote', 'who painted', 'who invented',
  'when did', 'tips', 'advice', 'suggest', 'favorite', 'fun fact', 'good morning', 'good night',
  // A figure of the world recalled, dated or estimated ("As of 2019, about what percentage of adults…", "Stand 2020: …",
  // "截至2019年…", "2020年時点で…"): a survey's or a census's number, not a sum (a word problem gives its numbers, asks an exact one).
  /as of (?:19|20)\d\d\b/, new RegExp(`about what ${A_SHARE}`), new RegExp(`roughly (?:what ${A_SHARE}|how many people\\b)`),
  new RegExp(`approximately what ${A_SHARE}`), /stand (?:19|20)\d\d\b/, /aproximadamente qué (?:porcentaje|proporción)/,
  /environ quel(?:le)? (?:pourcentage|proportion|part)\b/, /截至(?:19|20)\d\d年/, '大约有百分之多少', /(?:19|20)\d\d年(?:時点|現在)/, 'およそ何パーセント',
  'consejo', 'recomiendas', 'buenos días', 'empfehl', 'tipps', 'guten morgen', 'conseil', 'idées', 'bonjour', '推荐', '建议', '早上好',
  /有多(?!少|个|個|种|種|余|次)/, 'おはよう', 'こんばんは', '何ですか',
  // Advice on learning or a career, often naming a language or a tool it does not ask code of ("a study plan for Rust",
  // "Lernplan für Python", "学习Java的计划"): the name is a code cue, what is asked is not.
  'study plan', 'learning plan', 'learning path', 'learning roadmap', 'syllabus', 'bootcamp', 'certification', 'job interview',
  'plan de estudio', 'ruta de aprendizaje', 'certificaci', 'lernplan', 'zertifizier', 'vorstellungsgespräch', "programme d'apprentissage",
  "parcours d'apprentissage", 'percorso per imparare', 'piano di studio', 'plano de estudo', 'cursos gratuitos', '学习计划', '学习路线', '面试',
  '学習計画', '資格', 'ciao', 'grazie', 'come stai', 'consigli', 'buongiorno', 'olá', 'obrigad', 'tudo bem', 'recomenda', 'dicas', 'привет',
  'спасибо', 'как дела', 'посоветуй', 'порекомендуй', '안녕', '감사합니다', '고마워', '추천', '잘 지내', 'hoi ', 'bedankt', 'hoe gaat het', 'cześć',
  'dziękuję', 'jak się masz', 'merhaba', 'teşekkür', 'nasılsın',
  // A present to choose, in the six languages ("dame ideas para un regalo de cumpleaños", "Geschenkideen für meinen Vater").
  /\b(?:gift|present) ideas?\b/, 'what should i get my', 'ideas para un regalo', 'ideas de regalo', 'qué le regalo', 'idée cadeau',
  'quel cadeau', 'geschenkidee', 'was soll ich meiner', 'was soll ich meinem', '送什么礼物', '何をプレゼント', 'プレゼントは何が',
];
