import { cuesIn } from '../src/routing/task-classifier/task-cues.js';
for (const t of process.argv.slice(2)) console.log(cuesIn(t.toLowerCase()), t.slice(0, 60));
