import { cuesIn } from './task-cues.js';

/**
 * What the names of a request's tools say of it (classifier-features.ts reads them): a coding agent's "find out why and fix
 * it" names no code, its tools do (read_file, run_tests, str_replace_editor); a travel agent's search_flights and
 * book_hotel say it runs an errand. Each word of the names is a feature, so are their task cues and the kinds of agent
 * their words make.
 */

/** Tools read of a request (an agent may declare a hundred: the first say what it is), their words' and cues' weights. */
const MAX_TOOLS_READ = 32;
const TOOL_WORD_WEIGHT = 1;
const TOOL_CUE_WEIGHT = 1.5;
const TOOL_KIND_WEIGHT = 1.5;
/**
 * What kind of agent a tool's words make (a feature each, learnt like a cue): one that works on a code base, one that acts
 * for its user (bookings, reminders, orders), one that queries data, one that reads documents and mail. Words any tool may
 * hold ("read", "get", "run", "search", "file": read_file is a coding agent's, list_files a clerk's as often) are none of them.
 */
const toolKinds = new Map<string, string>(
  Object.entries({
    codebase: 'directory dir patch diff git github gitlab bitbucket pull merge commit branch repo repository test tests lint build compile bash shell command terminal editor replace ci deploy pipeline logs profiler code debugger npm pip docker kubectl exec execute',
    errand: 'flight flights hotel hotels train trains ticket tickets book booking reserve reservation restaurant restaurants room rooms reminder reminders event events calendar weather order orders refund cart checkout taxi ride meeting meetings contact contacts timer alarm',
    data: 'sql query metrics analytics chart plot survey warehouse dashboard db database stats kpi',
    documents: 'document documents doc docs pdf drive inbox email emails mail attachment attachments ocr knowledge wiki notes transcript messages',
  }).flatMap(([kind, words]) => words.split(' ').map((word) => [word, kind] as const)),
);
/** The words of a tool's name: snake_case, kebab-case, camelCase, dotted or an MCP server's prefix ("mcp__github__create_issue"). */
const toolNameWord = /[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+/g;

/**
 * Tools an assistant declares whatever it is asked (the built-in tools of chat apps and SDKs): they say nothing of the
 * request. "code_interpreter" and "file_search" beside every question made "Who won the 2018 World Cup?" read as code.
 */
const GENERAL_TOOLS = new Set(['web_search', 'web_search_preview', 'websearch', 'google_search', 'search_web', 'web_fetch', 'fetch', 'browser', 'browse', 'code_interpreter', 'python', 'file_search', 'retrieval', 'image_generation', 'generate_image', 'computer', 'computer_use', 'computer_use_preview', 'memory', 'get_current_time', 'get_time']);

/** The words of the tools' names, lower-cased, each once ("read_file", "readFile" → "read", "file"); general tools left out. */
export function toolNameWords(names: readonly string[]): string[] {
  const words = new Set<string>();
  for (let index = 0; index < names.length && index < MAX_TOOLS_READ; index++) {
    const name = names[index].slice(0, 64);
    if (GENERAL_TOOLS.has(name.toLowerCase())) continue;
    for (const match of name.matchAll(toolNameWord)) words.add(match[0].toLowerCase());
  }
  return [...words];
}

/** Adds the features of the tools' names: their words (`tw:`), the kinds of agent those make (`tk:`), their task cues (`tcue:`). */
export function addToolFeatures(names: readonly string[], addNamed: (name: string, weight: number) => void): void {
  const words = toolNameWords(names);
  for (const word of words) {
    addNamed(`tw:${word}`, TOOL_WORD_WEIGHT);
    const kind = toolKinds.get(word);
    if (kind) addNamed(`tk:${kind}`, TOOL_KIND_WEIGHT);
  }
  for (const family of cuesIn(words.join(' '))) addNamed(`tcue:${family}`, TOOL_CUE_WEIGHT);
}
