import { TaskThread } from '../shared/task-thread.js';
import { HEAL_MAX_CHARS, healJson, parseJson, type HealOutcome, type JsonExpectation } from './json-healer.js';

/**
 * Answers up to this many characters are checked and healed on the event loop: at the healer's 0.5–1.5 µs a
 * character (bench:healing) that is at most ~25 ms, and nearly every JSON answer is far shorter.
 */
export const HEAL_ON_LOOP_MAX_CHARS = 16 * 1024;

/** One thread for every longer answer, started by the first: most gateways never start it. */
const healerThread = new TaskThread<{ answer: string; expectation: JsonExpectation }, HealOutcome>({
  name: 'JSON healing',
  from: import.meta.url,
  module: './json-healer-thread',
});

/**
 * healJson, with a long answer checked and healed on a worker thread: a model's 1 MB of broken JSON took about a
 * second of the event loop, and every other request waited for it. The outcome is the same wherever it is computed.
 * A thread that died on the answer (out of memory, say) leaves it unhealed; a thread that cannot run any more (it
 * died three times) leaves the work to this one, as before.
 */
export async function healJsonOffLoop(answer: string, expectation: JsonExpectation): Promise<HealOutcome> {
  if (answer.length <= HEAL_ON_LOOP_MAX_CHARS) return healJson(answer, expectation);
  // A long answer that parses, the common case, is checked here (one native parse, a schema's walk): no trip to the
  // thread for it. One that parses to a string holds JSON to unwrap and heal, as broken text does: that goes. A broken
  // one past HEAL_MAX_CHARS is refused here, without copying it to the thread.
  const direct = parseJson(answer);
  if (direct.ok ? typeof direct.value !== 'string' : answer.length > HEAL_MAX_CHARS) return healJson(answer, expectation, direct);
  const onThread = healerThread.run({ answer, expectation });
  if (!onThread) return healJson(answer, expectation, direct);
  try {
    return await onThread;
  } catch (error) {
    return { status: 'failed', errors: [`the answer could not be checked: ${(error as Error).message}`] };
  }
}

/** Stops the healer's thread if it was started (tests: an idle thread never holds the process open anyway). */
export function closeHealerThread(): Promise<void> {
  return healerThread.close();
}
