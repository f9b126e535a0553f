/**
 * Asking for a program by what it is rather than by its language: a verb of making and, in the same sentence, a kind
 * of software ("Write a tic-tac-toe game.", "Make a Discord bot that…", "Crée un bot Telegram", "做一个贪吃蛇游戏",
 * "ToDoアプリを作って"). Either word alone is everyday language ("write a story", "a good app for Spanish?"), and so is a
 * text about a program ("write a review of the new Zelda game").
 */
const makingVerbs = [
  'build', 'create', 'make', 'write', 'program', 'code', 'develop', 'implement', 'haz', 'crea', 'construye', 'programa', 'desarrolla', 'erstelle', 'bau',
  'programmiere', 'entwickle', 'schreib', 'crée', 'créer', 'fais', 'développe', 'construis', 'scrivi', 'sviluppa', 'faça', 'crie', 'desenvolva',
  'создай', 'сделай', 'напиши', 'разработай',
];
/** Kinds of software, whole words (a plural s allowed; "a game plan" is none). */
const softwareNouns = [
  'game', 'app', 'application', 'bot', 'website', 'site', 'web page', 'webpage', 'landing page', 'shortener', 'extension', 'plugin', 'clone', 'generator',
  'calculator', 'scraper', 'crawler', 'gui', 'cli', 'widget', 'juego', 'aplicación', 'calculadora', 'spiel', 'webseite', 'rechner', 'taschenrechner',
  'anwendung', 'jeu', 'appli', 'calculatrice', 'gioco', 'applicazione', 'jogo', 'aplicativo',
];
/** Stems of Russian ones, which inflect (игру, приложение). */
const softwareStems = ['игр', 'приложени', 'бот', 'сайт'];
/** Texts one writes about a program, or for its pages ("the 'About us' section of a website"), rather than the program. */
const textsAbout = [
  'review', 'story', 'essay', 'article', 'post', 'poem', 'description', 'letter', 'e-?mail', 'summary', 'song', 'speech', 'section', 'about us',
  'copy(?! of)', 'tagline', 'headline', 'blurb', 'bio\\b', 'caption', 'slogan', 'faq', 'welcome message', 'privacy policy', 'testimonial', 'announcement',
  'press release', 'reseña', 'artículo', 'historia',
  'cuento', 'rezension', 'artikel', 'geschichte', 'critique', 'histoire', 'recensione', 'storia', 'resenha', 'обзор', 'стать', 'рассказ',
];
const chineseSoftware = '(?:游戏|应用|小程序|网站|网页|机器人|插件|计算器|爬虫)';
const japaneseSoftware = '(?:アプリ|ゲーム|ボット|サイト|ウェブページ|拡張機能)';
const koreanSoftware = '(?:게임|앱|봇|웹사이트|사이트)';
const softwareNoun = String.raw`(?<!\p{L})(?:${softwareNouns.join('|')})s?(?!\p{L}|\s+plan)|(?<!\p{L})(?:${softwareStems.join('|')})`;

const softwareArtifactPattern = new RegExp(
  [
    String.raw`(?<!\p{L})(?:${makingVerbs.join('|')})(?:(?!${textsAbout.join('|')})[^.?!\n]){0,40}?(?:${softwareNoun})`,
    `(?:做|写|开发|实现|创建|搭建)[^。？！\n]{0,15}${chineseSoftware}`,
    `${japaneseSoftware}[^。？！\n]{0,10}(?:作|開発|実装)`,
    `${koreanSoftware}[^.?!\n]{0,10}(?:만들어|개발해)`,
  ].join('|'),
  'u',
);

/** A kind of software named at all: a cheap first test, since most requests name none (the pattern above costs ~20 µs a request). */
const softwareNounPattern = new RegExp([softwareNoun, chineseSoftware, japaneseSoftware, koreanSoftware].join('|'), 'u');

export const asksForSoftware = (text: string) => softwareNounPattern.test(text) && softwareArtifactPattern.test(text);
