import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toolNameWords } from './tool-names.js';
import { shippedClassifier as classifier } from '../../../test/support/shipped-classifier.js';

const codingTools = ['open_file', 'str_replace_editor', 'run_tests'];
const errandTools = ['search_restaurants', 'reserve_table', 'get_directions'];
const builtInTools = ['web_search', 'code_interpreter', 'file_search', 'image_generation'];
const familyOf = (prompt: string, toolNames?: string[]) => classifier.classify({ prompt, tools: toolNames?.length, toolNames }).family;

test("the words of the tools' names are read, in any naming style; a chat app's built-in tools are left out", () => {
  assert.deepEqual(toolNameWords(['read_file', 'runTests', 'mcp__github__create_issue', 'get-weather', 'HTTPRequest', 'code_interpreter', 'web_search']), ['read', 'file', 'run', 'tests', 'mcp', 'github', 'create', 'issue', 'get', 'weather', 'http', 'request']);
  // An agent may declare a hundred tools: the first 32 say what it is.
  const many = Array.from({ length: 40 }, (_, index) => `tool_${index}`);
  assert.deepEqual(toolNameWords(many), ['tool', ...Array.from({ length: 32 }, (_, index) => String(index))]);
});

test("an agent's request that names no task is read by its tools: a coding agent's \"find out why and fix it\" is code, a booking agent's is not", () => {
  for (const prompt of ["It broke again after yesterday's change. Find out why and fix it.", 'Es ist wieder kaputt seit dem letzten Update, finde heraus warum und repariere es.', '又出问题了，帮我找出原因然后修好']) {
    assert.equal(familyOf(prompt, codingTools), 'code', prompt);
    assert.notEqual(familyOf(prompt, errandTools), 'code', prompt);
  }
  assert.equal(familyOf('Book the usual place for Friday at eight, four of us.', errandTools), 'chat');
});

test("a code host's tools make a coding agent: the open pull requests a reviewer asks for are code, not an extraction", () => {
  const githubTools = ['github_search_pull_requests', 'github_get_pull_request', 'github_list_reviews'];
  assert.equal(familyOf("find all open PRs that touch the billing module and haven't been reviewed in 3 days", githubTools), 'code');
});

test("a request that names its task is read by it whatever tools come with it, and a chat app's built-in tools change nothing", () => {
  const prompts = { "what's a good name for a grey kitten?": 'chat', 'Write a short poem about autumn rain.': 'writing', 'Translate "see you tomorrow" into Spanish.': 'translation', 'Who won the 2018 World Cup?': 'chat', 'Solve 2x + 3 = 11.': 'math' };
  for (const [prompt, family] of Object.entries(prompts)) {
    assert.equal(familyOf(prompt, builtInTools), family, prompt);
    assert.equal(familyOf(prompt, ['bash', 'str_replace_based_edit_tool', 'web_search']), family, prompt);
  }
});
