/**
 * `npm run eval:routing:public -- <file>…`: the shipped task classifier on public benchmark files, whose family is known
 * and which nobody here wrote or trained on. They are not shipped (licences, size): fetch them and pass their paths.
 *
 * - Arena-Hard-Auto `question.jsonl` (github.com/lmarena/arena-hard-auto, data/arena-hard-v0.1 and v2.0): real Chatbot
 *   Arena traffic, the kind RouteLLM trains on. v2.0's subcategories where they name one of svc's families (`coding` as
 *   code, `creative_writing` as writing; its `math` is half competitive programming, which svc calls code, and is left
 *   out), and the prompts labelled here by the family list of eval/routing/README.md (arena-hard-labels.json, by uid).
 * - MGSM `mgsm_<lang>.tsv` (github.com/google-research/url-nlp, mgsm/): GSM8K's word problems in each language — maths.
 * - GSM8K `test.jsonl` (github.com/openai/grade-school-math, grade_school_math/data/) — maths.
 * - MT-Bench `question.jsonl` (github.com/lm-sys/FastChat, fastchat/llm_judge/data/mt_bench/): first turns of its writing,
 *   role-play (small talk, as the set reads it), reasoning, math, coding and extraction questions; STEM and humanities
 *   are left out (an explanation is small talk or analysis by what it asks). Its translations are read the same way, each
 *   a set of its own: MT-Bench-X (github.com/Modalities/MT-Bench-X, data/mt_bench_<DE|ES|FR|IT>/), MT-Bench-ZH
 *   (github.com/GeneZC/MiniMA, mt_bench_zh/data/mt_bench_zh/) and the Japanese MT-Bench (FastChat's japanese_mt_bench, in
 *   its history); so are the Vicuna bench's questions (its writing, role-play, coding and maths categories).
 * - MT-Bench judgments such as RouteLLM's `gpt-4_single.jsonl` (github.com/lm-sys/RouteLLM, benchmarks/mt-bench/), passed
 *   with MT-Bench's `question.jsonl`: each two-turn conversation's second question, with the first and a real model's
 *   answer to it (a page, where the set's answers are a line or two) as history, labelled by the question's category.
 * - MMLU `mmlu_<subject>.csv` as RouteLLM keeps it (github.com/lm-sys/RouteLLM, routellm/evals/mmlu/responses/): multiple-
 *   choice exam questions, the options and "Answer:" in the prompt. The mathematics subjects are scored as maths; the
 *   others' family depends on what each question asks of its subject (a fact, an analysis, a derivation), so they are
 *   scored by what they are not — a composition, a summary or a translation — on a line of their own, outside the total.
 * - BIG-Bench Hard `<task>.json` (github.com/suzgunmirac/BIG-Bench-Hard, bbh/): `multistep_arithmetic_two` is maths, the
 *   deduction, date, navigation, lies, shuffling and fallacy tasks reasoning; `object_counting` ("I have a chair, two
 *   tables… how many objects?") is left out, as the set reads such a question as a trick question, and so are the tasks
 *   about language (hyperbaton, snarks, ruin_names…).
 * - WizardLM's test set `WizardLM_testset.jsonl` (github.com/nlpxucan/WizardLM, WizardLM/data/): 218 instructions by skill,
 *   each with a difficulty from 1 to 10. The skills that name one of svc's families are scored (Math, Code Generation and
 *   Code Debug, Reasoning, Writting as the file spells it, Roleplay as small talk, as in MT-Bench); the knowledge skills
 *   (Physics, Law…), Academic Writing, Multilingual and Complex Format hold several families each and are left out.
 * - AlignBench `data_v1.1_release.jsonl` (github.com/THUDM/AlignBench, data/): 683 Chinese questions by category, in
 *   MT-Bench's manner. Maths (数学计算), logic (逻辑推理), writing (文本写作) and translation (基本任务/翻译) are scored; the
 *   basic tasks' "information extraction" (信息抽取) is mostly riddles, ambiguous sentences and summaries, and is left
 *   out with the knowledge, role-play and Chinese-understanding categories.
 * - BELLE's `eval_set.json` (github.com/LianjiaTech/BELLE, eval/): 1,000 Chinese instructions by class, one JSON object a
 *   line. Its maths, code, summarization, extraction (`extract`) and writing (`generation`) classes are scored; `rewrite`
 *   holds translations among its edits, and open and closed questions, brainstorming and classification span several
 *   families: left out.
 * - LogiQA `Test.txt` and `zh_test.txt` (github.com/lgw863/LogiQA-dataset): 651 logical-reasoning questions from China's
 *   civil-service exams, in English and in Chinese, each a passage, a question and four options. Scored as reasoning, on
 *   lines of their own outside the total: two in five of them (265 of the English 651) ask which option weakens,
 *   strengthens or explains an argument, which the family list may read as analysis (a critique), though the set and the
 *   exams call them logic.
 * - AGIEval's `<task>.jsonl` (github.com/ruixiangcui/AGIEval, data/v1/): admission and qualification exams' questions, each a
 *   passage (or none), a question and its options. Its maths (AQuA-RAT, MATH's competition problems in TeX, some with an
 *   Asymptote figure, SAT maths and the gaokao's maths, Chinese) is scored as maths, the LSAT's logic games (`lsat-ar`) as
 *   reasoning; its LogiQA and the LSAT's logical reasoning (`lsat-lr`) as reasoning, apart, as LogiQA's own files are.
 * - Self-Instruct's `user_oriented_instructions.jsonl` (github.com/yizhongw/self-instruct, human_eval/): 252 instructions
 *   as apps' users give them (Grammarly, Gmail, StackOverflow, Netflix…), each with an input; the first input is read
 *   after its instruction, as the set's own evaluation gives them. The set names no family: the 100 whose family the list
 *   of eval/routing/README.md settles were labelled here before the classifier read them (self-instruct-labels.json, by
 *   id); the others (a sentiment, a category, a rating to pick, a list of films…) are left out.
 *
 * Last, every Arena-Hard prompt, MT-Bench first turn (all categories) and WizardLM instruction of difficulty 7 or more is
 * routed without hints, and those served at T1 are counted and printed: prompts chosen for being hard, which issue 18
 * never wants below T2.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { TaskClassifier } from '../src/routing/task-classifier/task-classifier.js';
import { chooseTier } from '../src/routing/tier-rules.js';
import { OWN_TEXT_TASKS } from '../src/routing/task-classifier/classifier-features.js';

interface Labelled {
  set: string;
  family: string;
  prompt: string;
  history?: string[];
}

/** MT-Bench's questions by id, from its question.jsonl: the judgments' conversations are labelled by them. */
const mtBenchQuestions = new Map<number, { category: string; turns: string[] }>();
/** A two-turn conversation as a judge read it: the first answer sits between the first and the second question. */
const FIRST_ANSWER = /### Assistant A:\n([\s\S]*?)\n\n### User:/;
const judgedConversations: Array<{ question_id: number; user_prompt: string }> = [];
/** Every Arena-Hard prompt and MT-Bench first turn, whatever its category: hard by how they were chosen, never for T1. */
const hardPrompts: string[] = [];

const arenaSubcategories: Record<string, string> = { coding: 'code', creative_writing: 'writing' };
const mtBenchCategories: Record<string, string> = { writing: 'writing', roleplay: 'chat', reasoning: 'reasoning', math: 'math', coding: 'code', extraction: 'extraction' };
const wizardLmSkills: Record<string, string> = { Math: 'math', 'Code Generation': 'code', 'Code Debug': 'code', Reasoning: 'reasoning', Writting: 'writing', Roleplay: 'chat' };
/** WizardLM's difficulty from which an instruction is hard (its scale is 1 to 10). */
const WIZARDLM_HARD = 7;
const belleClasses: Record<string, string> = { math: 'math', code: 'code', summarization: 'summarization', extract: 'extraction', generation: 'writing' };
/** AlignBench's categories (and the one subcategory, translation) scored, by their Chinese names. */
const alignBenchFamilies: Record<string, string> = { 数学计算: 'math', 逻辑推理: 'reasoning', 文本写作: 'writing', 翻译: 'translation' };
const bbhFamilies: Record<string, string> = {
  multistep_arithmetic_two: 'math',
  ...Object.fromEntries(
    ['boolean_expressions', 'causal_judgement', 'date_understanding', 'formal_fallacies', 'logical_deduction_three_objects', 'logical_deduction_five_objects', 'logical_deduction_seven_objects', 'navigate', 'reasoning_about_colored_objects', 'schedule_meeting', 'temporal_sequences', 'tracking_shuffled_objects_three_objects', 'tracking_shuffled_objects_five_objects', 'tracking_shuffled_objects_seven_objects', 'web_of_lies'].map((task) => [task, 'reasoning']),
  ),
};
/**
 * The other subjects' questions are scored by what they are not: an exam question is answered by picking an option, so by
 * the family list it is never a composition, a summary or a translation (OWN_TEXT_TASKS), whichever of the other families
 * it is. A partial label: its set is printed apart from the others and left out of their total.
 */
const MMLU_OTHERS = 'MMLU other subjects (no text of its own)';
const NOT_A_TEXT = 'not writing, summarization or translation';
/** LogiQA's sets: scored as reasoning, printed apart and left out of the total (the header says why). */
const LOGIQA = 'LogiQA';
/** AGIEval's tasks scored, by file name; those of LogiQA's kind are printed apart as LogiQA's are. */
const agiEvalFamilies: Record<string, string> = { 'aqua-rat': 'math', math: 'math', 'sat-math': 'math', 'gaokao-mathqa': 'math', 'gaokao-mathcloze': 'math', 'lsat-ar': 'reasoning' };
const agiEvalApart = new Set(['lsat-lr', 'logiqa-en', 'logiqa-zh']);
const mmluMathematics = new Set(['abstract_algebra', 'college_mathematics', 'elementary_mathematics', 'high_school_mathematics', 'high_school_statistics']);

/** The first column of a CSV file's rows after its header: a field in double quotes may hold commas, newlines and doubled quotes. */
function firstColumn(text: string): string[] {
  const values: string[] = [];
  let at = text.indexOf('\n') + 1;
  while (at > 0 && at < text.length) {
    let value: string;
    if (text[at] === '"') {
      let end = at + 1;
      for (;;) {
        end = text.indexOf('"', end);
        if (end < 0 || text[end + 1] !== '"') break;
        end += 2;
      }
      if (end < 0) break;
      value = text.slice(at + 1, end).replaceAll('""', '"');
      at = end + 1;
    } else {
      const comma = text.indexOf(',', at);
      value = text.slice(at, comma < 0 ? undefined : comma);
      at = comma < 0 ? text.length : comma;
    }
    values.push(value);
    const next = text.indexOf('\n', at);
    at = next < 0 ? text.length : next + 1;
  }
  return values;
}
const arenaLabels = JSON.parse(readFileSync(new URL('../eval/routing/arena-hard-labels.json', import.meta.url), 'utf8')) as Record<string, Record<string, string>>;
const labelledByUid = new Map(Object.values(arenaLabels).flatMap((byUid) => Object.entries(byUid)));
const selfInstructLabels = JSON.parse(readFileSync(new URL('../eval/routing/self-instruct-labels.json', import.meta.url), 'utf8')) as Record<string, string>;

/** The labelled prompts of one file, by its name and shape. */
function promptsOf(file: string): Labelled[] {
  const name = basename(file);
  const text = readFileSync(file, 'utf8');
  const lines = () => text.split('\n').filter((line) => line.trim());
  if (/^(?:zh_)?test\.txt$/i.test(name)) {
    // Blocks: the answer's letter on a line of its own, then the passage, the question and the options.
    const blocks = text.replace(/\r/g, '').split(/\n\n(?=[a-d]\n)/).map((block) => block.trim()).filter(Boolean);
    return blocks.map((block) => ({ set: `${LOGIQA} (${name.startsWith('zh') ? 'zh' : 'en'}, outside the total)`, family: 'reasoning', prompt: block.split('\n').slice(1).join('\n') }));
  }
  const mgsm = /^mgsm_(\w+)\.tsv$/.exec(name);
  if (mgsm) return lines().map((line) => ({ set: `MGSM ${mgsm[1]}`, family: 'math', prompt: line.split('\t')[0] }));
  if (name.endsWith('.json') && text.startsWith('{"question"')) {
    return lines().flatMap((line) => {
      const row = JSON.parse(line) as { question: string; class: string };
      const family = belleClasses[row.class];
      return family ? [{ set: `BELLE ${row.class}`, family, prompt: row.question }] : [];
    });
  }
  if (name.endsWith('.json')) {
    const task = name.replace(/\.json$/, '');
    const family = bbhFamilies[task];
    if (!family) return [];
    return (JSON.parse(text) as { examples: Array<{ input: string }> }).examples.map((example) => ({ set: `BBH ${task}`, family, prompt: example.input }));
  }
  const mmlu = /^mmlu_(\w+)\.csv$/.exec(name);
  if (mmlu) return firstColumn(text).map((prompt) => (mmluMathematics.has(mmlu[1]) ? { set: `MMLU ${mmlu[1]}`, family: 'math', prompt } : { set: MMLU_OTHERS, family: NOT_A_TEXT, prompt }));
  if (!name.endsWith('.jsonl')) {
    console.error(`skipped (not a file this script knows): ${file}`);
    return [];
  }
  const agiEval = name.replace(/\.jsonl$/, '');
  if (agiEvalFamilies[agiEval] || agiEvalApart.has(agiEval)) {
    return lines().map((line) => {
      const row = JSON.parse(line) as { passage: string | null; question: string; options: string[] | null };
      const prompt = [row.passage, row.question, ...(row.options ?? [])].filter(Boolean).join('\n');
      return agiEvalApart.has(agiEval) ? { set: `${LOGIQA} (AGIEval ${agiEval}, outside the total)`, family: 'reasoning', prompt } : { set: `AGIEval ${agiEval}`, family: agiEvalFamilies[agiEval], prompt };
    });
  }
  const rows = lines().map((line) => JSON.parse(line) as { question?: string; uid?: string; prompt?: string; subcategory?: string; category?: string; turns?: string[]; question_id?: number | string; judge?: string[]; user_prompt?: string; Skill?: string; Instruction?: string; Difficulty?: number; id?: string; motivation_app?: string; instruction?: string; instances?: Array<{ input: string }> });
  if (rows[0]?.motivation_app !== undefined) {
    return rows.flatMap((row) => {
      const family = selfInstructLabels[row.id!];
      const input = row.instances![0].input;
      return family ? [{ set: 'Self-Instruct user-oriented (labelled here)', family, prompt: input ? `${row.instruction}\n\n${input}` : row.instruction! }] : [];
    });
  }
  if (rows[0]?.Skill !== undefined) {
    for (const row of rows) if (row.Difficulty! >= WIZARDLM_HARD) hardPrompts.push(row.Instruction!);
    return rows.flatMap((row) => {
      const family = wizardLmSkills[row.Skill!];
      return family ? [{ set: `WizardLM test set ${row.Skill}`, family, prompt: row.Instruction! }] : [];
    });
  }
  if (rows[0]?.question !== undefined && rows[0]?.category !== undefined) {
    return rows.flatMap((row) => {
      // Translation is a subcategory of the basic tasks: it names its set, the other categories theirs.
      const scoredBy = alignBenchFamilies[row.subcategory!] ? row.subcategory! : row.category!;
      const family = alignBenchFamilies[scoredBy];
      return family ? [{ set: `AlignBench ${scoredBy}`, family, prompt: row.question! }] : [];
    });
  }
  if (rows[0]?.question !== undefined) return rows.map((row) => ({ set: 'GSM8K test', family: 'math', prompt: row.question! }));
  if (rows[0]?.judge !== undefined) {
    for (const row of rows) if (row.judge![1].endsWith('multi-turn')) judgedConversations.push({ question_id: row.question_id!, user_prompt: row.user_prompt! });
    return [];
  }
  if (rows[0]?.turns !== undefined) {
    const language = languageOf(rows);
    for (const row of rows) {
      // The judged conversations are English: their second question is MT-Bench's own, not a translation of the same id.
      if (language === '' && row.turns!.length > 1) mtBenchQuestions.set(row.question_id!, { category: row.category!, turns: row.turns! });
      hardPrompts.push(row.turns![0]);
    }
    return rows.flatMap((row) => {
      const family = mtBenchCategories[row.category!];
      return family ? [{ set: `MT-Bench first turns${language}`, family, prompt: row.turns![0] }] : [];
    });
  }
  for (const row of rows) if (row.prompt) hardPrompts.push(row.prompt);
  return rows.flatMap((row) => {
    const found: Labelled[] = [];
    const bySubcategory = row.subcategory && arenaSubcategories[row.subcategory];
    if (bySubcategory) found.push({ set: 'Arena-Hard v2.0 by subcategory', family: bySubcategory, prompt: row.prompt! });
    const label = row.uid && labelledByUid.get(row.uid);
    if (label) found.push({ set: 'Arena-Hard labelled here', family: label, prompt: row.prompt! });
    return found;
  });
}

/**
 * The language of an MT-Bench translation, for its set's name: MT-Bench-X's ids end in it ("81_DE"); a Chinese or Japanese
 * file is told by its script over all its first turns (kana is Japanese's; English MT-Bench quotes a line of Chinese verse,
 * and a Chinese coding question is mostly code). English, FastChat's own, has no suffix.
 */
function languageOf(rows: Array<{ question_id?: number | string; turns?: string[] }>): string {
  const suffix = /_([A-Z]{2})$/.exec(String(rows[0]?.question_id));
  if (suffix) return ` (${suffix[1].toLowerCase()})`;
  const text = rows.map((row) => row.turns?.[0] ?? '').join('');
  const share = (pattern: RegExp) => (text.match(pattern)?.length ?? 0) / Math.max(1, text.length);
  if (share(/[\u3040-\u30ff]/gu) > 0.02) return ' (ja)';
  if (share(/[\u4e00-\u9fff]/gu) > 0.1) return ' (zh)';
  return '';
}

/** The second turns of the judged conversations, once every file (MT-Bench's questions among them) is read. */
function secondTurns(): Labelled[] {
  if (judgedConversations.length > 0 && mtBenchQuestions.size === 0) console.error('MT-Bench judgments need MT-Bench question.jsonl beside them: skipped');
  return judgedConversations.flatMap(({ question_id, user_prompt }) => {
    const question = mtBenchQuestions.get(question_id);
    const family = question && mtBenchCategories[question.category];
    const answer = FIRST_ANSWER.exec(user_prompt)?.[1];
    return family && answer ? [{ set: 'MT-Bench second turns (after a real answer)', family, prompt: question.turns[1], history: [question.turns[0], answer] }] : [];
  });
}

// `--system TEXT`: every prompt is read under this system prompt, as an app that sends one with every request ("You are a
// helpful assistant."). `--misses TEXT`: also prints each misread prompt of the sets whose name holds TEXT (its start, on one line).
const {
  values: { system, misses: missesOf },
  positionals: files,
} = parseArgs({ allowPositionals: true, options: { system: { type: 'string' }, misses: { type: 'string' } } });
if (files.length === 0) {
  console.error('usage: npm run eval:routing:public -- [--system TEXT] [--misses SET] <arena-hard or mt_bench question.jsonl | mt-bench judgments .jsonl | mgsm_xx.tsv | gsm8k test.jsonl | mmlu_subject.csv | bbh task.json | WizardLM_testset.jsonl | AlignBench data .jsonl | BELLE eval_set.json | LogiQA Test.txt, zh_test.txt | AGIEval task .jsonl | Self-Instruct user_oriented_instructions.jsonl>…');
  process.exit(2);
}
const classifier = TaskClassifier.fromFile();
const results = new Map<string, { right: number; total: number; misread: Map<string, number> }>();
/** How MMLU's subjects other than maths are read: none is maths, and a multiple-choice format alone must not make one (eval/routing/README.md). */
const othersRead = new Map<string, number>();
const labelled = files.flatMap(promptsOf);
for (const { set, family, prompt, history } of [...labelled, ...secondTurns()]) {
  const result = results.get(set) ?? { right: 0, total: 0, misread: new Map() };
  const read = classifier.classify({ prompt, history, system }).family;
  if (set === MMLU_OTHERS) othersRead.set(read, (othersRead.get(read) ?? 0) + 1);
  result.total++;
  if (read === family || (family === NOT_A_TEXT && !OWN_TEXT_TASKS.has(read))) result.right++;
  else {
    result.misread.set(`${family}→${read}`, (result.misread.get(`${family}→${read}`) ?? 0) + 1);
    if (missesOf !== undefined && set.includes(missesOf)) console.log(`${set}: ${family}→${read}  ${prompt.replace(/\s+/g, ' ').slice(0, 220)}`);
  }
  results.set(set, result);
}
let right = 0;
let total = 0;
const line = (name: string, right: number, total: number, misread = '') => console.log(`${name.padEnd(48)} ${`${right}/${total}`.padStart(9)} ${((100 * right) / Math.max(1, total)).toFixed(1).padStart(5)} %  ${misread}`);
const printSet = (set: string, result: { right: number; total: number; misread: Map<string, number> }) =>
  line(set, result.right, result.total, [...result.misread].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([pair, count]) => `${pair} ${count}`).join(', '));
// The fully labelled sets and their total, then the partially labelled one, outside it.
const isLogiQa = (set: string) => set.startsWith(LOGIQA);
const outsideTotal = (set: string) => set === MMLU_OTHERS || isLogiQa(set);
for (const [set, result] of [...results].sort()) {
  if (outsideTotal(set)) continue;
  right += result.right;
  total += result.total;
  printSet(set, result);
}
line('all (full labels)', right, total);
for (const [set, result] of [...results].sort()) if (isLogiQa(set)) printSet(set, result);
const mmluOthers = results.get(MMLU_OTHERS);
if (mmluOthers) {
  printSet(MMLU_OTHERS, mmluOthers);
  const shares = [...othersRead].sort((a, b) => b[1] - a[1]).map(([family, count]) => `${family} ${((100 * count) / mmluOthers.total).toFixed(1)} %`);
  console.log(`  read as: ${shares.join(', ')} (none of these subjects is maths: the share read as maths is what exam-style rows can move)`);
}
if (hardPrompts.length > 0) {
  // Issue 18's other line: no complex or expert prompt below T2. These sets hold no easy prompt, so each one at T1 is a fault.
  const atT1 = hardPrompts.filter((prompt) => chooseTier(undefined, undefined, classifier.classify({ prompt, system })).tier === 'T1');
  console.log(`Arena-Hard, MT-Bench and hard WizardLM prompts served at T1 without hints: ${atT1.length} of ${hardPrompts.length}`);
  for (const prompt of atT1) console.log(`  at T1: ${prompt.replace(/\s+/g, ' ').slice(0, 160)}`);
}
