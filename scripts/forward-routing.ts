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
import { classifierInputOf, classifierTraining, readRoutingSet, trainingRows } from './routing-set.js';

const { buckets: BUCKETS, options } = classifierTraining;
/** The first row of each block written since the set's first thousand rows (eval/routing/README.md tells each one). */
const BLOCK_STARTS = [1009, 1200, 1439, 1526, 1604, 1660, 1715, 1787, 1837, 1913, 2042, 2178, 2244, 2300, 2363, 2408, 2501, 2546, 2582, 2651, 2685, 2709, 2743, 2781, 2835, 2841, 2867, 2893, 2919, 2947, 2970, 2988, 3010, 3035, 3058, 3097, 3126, 3149, 3182, 3207, 3242, 3271, 3302, 3329, 3357, 3396, 3426, 3468, 3487, 3515, 3542, 3567, 3585, 3608, 3635, 3664, 3694, 3715, 3740, 3765, 3787, 3817, 3853, 3883, 3913, 3935, 3968, 3998, 4026, 4055, 4086, 4107, 4122, 4142, 4175, 4214, 4247, 4270, 4290, 4303, 4312, 4326, 4336, 4382, 4420, 4436, 4467, 4512, 4546, 4579, 4602, 4636, 4660, 4698, 4730, 4755, 4782, 4812, 4837, 4850, 4867, 4887, 4923];

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
