/**
 * A greeting before a request and a thanks after it ("Hi! What's 15% of 80?", "…in Python. Thanks in advance!") say
 * nothing of the task, yet read as small talk: on the routing set's held-back prompts, a "Hi! " in front turned 194 of
 * 1,341 into chat (92.3 % → 79.3 % right) and a " Thanks!" behind 155, and one complex request went to T1. The classifier
 * reads a prompt without them when what is left is a request of its own.
 */

/** A greeting that opens the prompt, with whom it greets and the punctuation after it. Not "Hello World" (a program). */
const LEADING_GREETING = new RegExp(
  String.raw`^[¡¿]?(?:hi|hello(?! world)|hey|heya|hiya|howdy|yo|greetings|good (?:morning|afternoon|evening|day)|dear (?:assistant|chatgpt|ai|bot)|` +
    String.raw`hola|buenas(?: tardes| noches)?|buenos días|hallo|guten (?:morgen|tag|abend)|moin|servus|bonjour|bonsoir|salut|coucou|ciao|olá|oi|` +
    String.raw`привет|здравствуйте|안녕하세요|merhaba)` +
    String.raw`(?: (?:there|again|all|everyone|everybody|friend|assistant|chatgpt|claude|gpt|bot|ai|team|guys|folks|zusammen|tout le monde|à tous|amigo|amiga))?` +
    // Punctuation after it, or a request's first word: "Hello in Japanese?" asks for a translation of the greeting.
    String.raw`(?:\s*[,!.:;~-][\s,!.:;~-]*|\s*$|\s+(?=(?:can|could|would|will|please|pls|i|i'm|im|we|my|what|what's|whats|how|why|is|are|do|does|write|tell|give|help|explain|make|create|quick|puedes|podrías|necesito|kannst|könntest|ich|peux|pourrais|je|j'ai)(?![\p{L}'])))|^(?:你好|您好|嗨|哈喽|大家好|こんにちは|こんばんは|おはようございます|おはよう|はじめまして)[\s,，、!！.。~～]*`,
  'iu',
);

/** A please, or a bare plea for help before the request ("Can you help me with this?", "Quick question:"): it names no task either. */
const LEADING_PLEA = new RegExp(
  // An assistant's generic role, as a system prompt would give it: "You are a helpful assistant." says nothing of the task.
  String.raw`^(?:you are|you're) (?:a |an )?(?:(?:very |really )?(?:helpful|friendly|smart|knowledgeable|world-class|expert|professional|capable|useful|honest|intelligent),? )*(?:assistant|ai(?: assistant)?|expert|chatbot|language model|ai model)[.!]\s*|` +
    String.raw`^(?:eres un(?:a)? (?:asistente|experto|experta)(?: (?:útil|amable|experto|inteligente))?|du bist ein(?:e)? (?:hilfreiche[rn]? |freundliche[rn]? |kompetente[rn]? )?(?:assistent(?:in)?|experte|expertin|ki-assistent)|tu es un(?:e)? (?:assistant(?:e)?|expert(?:e)?)(?: (?:utile|serviable|compétent(?:e)?))?|vous êtes un(?:e)? (?:assistant(?:e)?|expert(?:e)?)(?: (?:utile|serviable))?)[.!]\s*|` +
    String.raw`^(?:你是一个|你是一位|你是)(?:乐于助人的|有帮助的|专业的|聪明的)?(?:助手|ai助手|专家|人工智能助手)[。！.!]\s*|^あなたは(?:親切な|優秀な|有能な|役に立つ)?(?:アシスタント|ai|専門家)です[。！.!]\s*|` +
    String.raw`^(?:please|pls|plz|por favor|bitte|s'il (?:te|vous) plaît)(?:\s*,\s*|\s+)(?=\S)|^(?:(?:can|could|would) you (?:please )?help me(?: (?:with|on) (?:this|something|a (?:quick )?(?:question|problem|task|thing)))?|i need (?:some |your )?help(?: with (?:this|something))?|(?:a )?quick question|i have a (?:quick )?question|question|` +
    String.raw`¿?(?:me )?puedes ayudar(?:me)?(?: con (?:esto|algo|una cosa))?|¿?me ayudas(?: con (?:esto|algo))?|kannst du mir (?:dabei |bei etwas |kurz )?helfen|(?:tu )?peux[- ]tu m'aider|tu peux m'aider|pouvez-vous m'aider)` +
    String.raw`(?:\s*[?:!.,]|\s*(?=\n))[\s?!.:,]*|^(?:能帮我个忙吗|可以帮我一下吗|请问|ちょっと手伝ってほしいんだけど|質問があります)[\s?？!！、，。:：]*`,
  'iu',
);

/** A thanks that closes the prompt, with the punctuation and emoji around it. Not "お願いします", which is the request. */
const TRAILING_THANKS = new RegExp(
  // After a mark that ends what came before: "How do I say thank you" is a request, "…in Python. Thanks!" a closing.
  String.raw`(?<=[,，、.。!！?？\n])[\s,，、.。!！?？¡]*(?:(?:many )?thanks?(?: (?:a lot|so much|very much|in advance|again))?|thank you(?: (?:so much|very much|in advance|again))?|thx|ty|cheers|much appreciated|appreciate it|` +
    String.raw`(?:muchas )?gracias(?: de antemano| por adelantado)?|danke(?: schön| sehr| im voraus)?|vielen dank(?: im voraus)?|merci(?: d'avance| beaucoup| bien)?|grazie(?: mille| in anticipo)?|obrigad[oa]|спасибо|감사합니다|` +
    String.raw`谢谢(?:你|您|啦)?|多谢|感谢|ありがとう(?:ございます)?|よろしくお願いします|よろしくお願いいたします)[\s!！.。~～:)）\p{Extended_Pictographic}]*$`,
  'iu',
);

/** A thanks with no mark before it, written as a new sentence is: "my useEffect runs twice on mount Thanks!". */
const CAPITALIZED_THANKS = /(?<=\S)\s+¡?(?:Thanks|Thank you|Thx|Many thanks|Gracias|Muchas gracias|Danke|Vielen Dank|Merci|Grazie|Obrigad[oa])(?: (?:a lot|so much|very much|in advance|again|de antemano|im Voraus|d'avance|beaucoup))?[\s!.:)\p{Extended_Pictographic}]*$/u;

/** A greeting and a plea are looked for only in the prompt's first characters, a thanks in its last: a long prompt costs what a short one does. */
const TAIL_CHARS = 60;
/**
 * What is left must be at least this long, in letters and digits (a Chinese or Japanese character counts two): "that
 * helps, thanks!" is small talk, not "that helps".
 */
const MIN_REQUEST_CHARS = 10;
const requestLength = (text: string) => (text.match(/[\p{L}\p{N}]/gu)?.length ?? 0) + (text.match(/[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/g)?.length ?? 0);

/** Whether a text holds MIN_REQUEST_CHARS of request, counted on its start only: that is all that is asked. */
export const isLongEnough = (text: string) => requestLength(text.slice(0, 4 * MIN_REQUEST_CHARS)) >= MIN_REQUEST_CHARS;

/** Where a greeting that opens a trimmed text ends (with its punctuation), or 0. */
const greetingEnd = (trimmed: string) => LEADING_GREETING.exec(trimmed.slice(0, TAIL_CHARS))?.[0].length ?? 0;

/**
 * Whether a turn is a greeting and no more ("Hi!", "Hello, how are you?", "你好"): a conversation that opens with one
 * opens its task with the next turn.
 */
export function isOnlyGreeting(turn: string): boolean {
  const trimmed = turn.trim();
  const end = greetingEnd(trimmed);
  return end > 0 && !isLongEnough(trimmed.slice(end));
}

/**
 * The prompt without a greeting before it and a thanks after it, when at least MIN_REQUEST_CHARS of request are left;
 * otherwise the prompt as it is ("Hi!", "Thanks, that helps!"). `namesTask` says whether a text names a task of a family
 * other than small talk: in a conversation, a short "that really helps, thanks!" is small talk and stays whole, as it
 * is read against the opening's task (follow-ups.ts).
 */
export function withoutCourtesy(prompt: string, inConversation: boolean, namesTask: (text: string) => boolean): string {
  const trimmed = prompt.trim();
  let start = greetingEnd(trimmed);
  const plea = LEADING_PLEA.exec(trimmed.slice(start, start + TAIL_CHARS));
  if (plea) start += plea[0].length;
  let end = trimmed.length;
  const tailStart = Math.max(start, trimmed.length - TAIL_CHARS);
  const tail = trimmed.slice(tailStart);
  const thanks = TRAILING_THANKS.exec(tail) ?? CAPITALIZED_THANKS.exec(tail);
  if (thanks) end = tailStart + thanks.index;
  if (start === 0 && end === trimmed.length) return trimmed;
  const request = trimmed.slice(start, end).trim();
  if (!isLongEnough(request)) return trimmed;
  if (inConversation && !namesTask(request)) return trimmed;
  return request;
}

/** Words that thank or approve, in the cues' languages: one of them is what makes a turn a closing. */
const THANKS_WORDS = new Set([
  'thanks', 'thank', 'thx', 'ty', 'cheers', 'appreciate', 'appreciated', 'perfect', 'great', 'awesome', 'amazing', 'excellent', 'brilliant', 'wonderful', 'helpful', 'helps', 'helped', 'nice', 'cool', 'ok', 'okay', 'super', 'bye',
  'gracias', 'perfecto', 'perfecta', 'genial', 'excelente', 'estupendo', 'buenísimo', 'sirvió', 'ayudó',
  'danke', 'dank', 'perfekt', 'prima', 'toll', 'klasse', 'geholfen', 'hilft',
  'merci', 'parfait', 'parfaite', 'génial', 'nickel', 'impeccable',
  'grazie', 'perfetto', 'ottimo', 'obrigado', 'obrigada', 'perfeito', 'valeu', 'ajudou',
]);
/** Words that may stand beside them in a closing: "that helps a lot", "me sirvió mucho", "das hilft mir sehr", "c'est parfait". */
const CLOSING_WORDS = new Set([
  'you', 'so', 'much', 'very', 'a', 'lot', 'that', 'it', 'this', 'is', 'was', "that's", "it's", 'really', 'exactly', 'what', 'i', 'needed', 'works', 'worked', 'work', 'help', 'again', 'got', 'good', 'sense', 'makes', 'and', 'man', 'mate',
  'muchas', 'muchísimas', 'mucho', 'me', 'ha', 'has', 'vale', 'de', 'nada', 'entendido', 'muy', 'bien', 'que', 'tengas', 'buen', 'día', 'jaja', 'todo', 'claro',
  'vielen', 'schön', 'sehr', 'das', 'mir', 'hat', 'alles', 'klar', 'verstanden', 'genau', 'echt',
  'beaucoup', "c'est", 'ça', "m'aide", "m'a", 'aidé', 'compris', "d'accord", 'top', 'vraiment', 'tout', 'est',
  'mille', 'tanto', 'chiaro', 'muito', 'tudo', 'certo',
]);
/** Chinese and Japanese closings, taken out of a turn before its other words are read. */
const UNSPACED_CLOSING = /谢谢(?:你|您|啦)?|多谢|感谢|非常感谢|太感谢了|好的|明白了|懂了|很有帮助|有帮助|太好了|完美|收到|ありがとう(?:ございます|ございました)?|助かりました|助かったよ?|助かります|完璧です|完璧|了解です|わかりました|分かりました|なるほど|最高です|本当に|とても|すごく/g;
const UNSPACED_THANKS = /谢谢|多谢|感谢|帮助|太好了|完美|ありがとう|助か|完璧|最高/;
const CLOSING_CHARS = 80;

/**
 * Whether a turn only thanks or approves ("perfect, thank you so much", "Danke, das hilft mir sehr!", "谢谢，很有帮助！",
 * "ありがとう、助かりました！", "ok, cool"): it closes the exchange, small talk whatever the conversation was about, and is
 * no follow-up of its opening. A "yes" is not one: it may answer the assistant's question.
 */
export function isOnlyThanks(turn: string): boolean {
  if (turn.length > CLOSING_CHARS) return false;
  const lower = turn.toLowerCase();
  const thanksUnspaced = UNSPACED_THANKS.test(lower);
  const words = lower.replace(UNSPACED_CLOSING, ' ').split(/[^\p{L}\p{N}']+/u).filter(Boolean);
  if (words.some((word) => !THANKS_WORDS.has(word) && !CLOSING_WORDS.has(word))) return false;
  return thanksUnspaced || words.some((word) => THANKS_WORDS.has(word));
}
