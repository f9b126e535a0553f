/**
 * `npm run eval:routing:forward`: the task classifier measured forward-chained, the stricter protocol than the held-back
 * rows. The set was written in blocks; each block since row 1009 is read by a model trained on every row written before
 * it (training and held-back alike), as each block was first measured, and the family right is summed over the blocks.
 * A change to the features is kept when it does not cost this figure (eval/routing/README.md). About 20 minutes on
 * 2 vCPU: a retraining a block.
 */
import { featureRows, headFeatures } from '../src/routing/task-classifier/classifier-features.js';
import { mostProbable, predict, train } from '../src/routing/task-classifier/linear-model.js';
import { taskFamilies } from '../src/routing/task-classifier/task-classifier.js';
import { classifierInputOf, classifierTraining, readBatchStarts, readRoutingSet, trainingRows } from './routing-set.js';

const { buckets: BUCKETS, options } = classifierTraining;
/** The first row of each block written since the set's first thousand rows (eval/routing/README.md tells each one). */
const BLOCK_STARTS = readBatchStarts();

const rows = readRoutingSet();
// Each block's model is trained as the shipped one is: on the rows before it, with their copies under a generic system
// prompt. The set's own rows come first in `trained`, so a row's features are at its index in both.
const trained = trainingRows(rows);
const features = trained.map((row) => headFeatures(classifierInputOf(row), BUCKETS).family);
const ends = [...BLOCK_STARTS.slice(1), Number.POSITIVE_INFINITY];
let right = 0;
let total = 0;
const blocks: string[] = [];
BLOCK_STARTS.forEach((start, block) => {
  const before = trained.flatMap((row, index) => (row.id < start ? [{ features: features[index], label: taskFamilies.indexOf(row.family as never) }] : []));
  const model = train(taskFamilies, featureRows(BUCKETS), before, options);
  let blockRight = 0;
  let blockTotal = 0;
  rows.forEach((row, index) => {
    if (row.id < start || row.id >= ends[block]) return;
    blockTotal++;
    if (taskFamilies[mostProbable(predict(model, features[index]))] === row.family) blockRight++;
  });
  right += blockRight;
  total += blockTotal;
  blocks.push(`rows ${start}–: ${blockRight}/${blockTotal}`);
});
process.stdout.write(`forward-chained family right: ${right}/${total} (${((100 * right) / total).toFixed(1)} %)\n${blocks.join('\n')}\n`);
