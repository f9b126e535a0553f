import { serveTasks } from '../shared/task-thread.js';
import { healJson, type JsonExpectation } from './json-healer.js';

/** The JSON healer's worker: a long answer is checked and healed here, off the event loop that serves requests. */
serveTasks(({ answer, expectation }: { answer: string; expectation: JsonExpectation }) => healJson(answer, expectation));
