import { readFileSync } from 'node:fs';
import { cuesIn } from '../src/routing/task-classifier/task-cues.js';
const text = process.argv[2];
console.log(cuesIn(text.toLowerCase()));
