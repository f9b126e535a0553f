/**
 * `npm run train:routing`: fits the task classifier (family and complexity heads) on the training part of
 * eval/routing/prompts.jsonl and writes lexicon/task-classifier.json, which ships in the package.
 */
import { writeFileSync } from 'node:fs';
import { featureRows, headFeatures } from '../src/routing/task-classifier/classifier-features.js';
import { train } from '../src/routing/task-classifier/linear-model.js';
import { storeHead, type StoredClassifier } from '../src/routing/task-classifier/model-file.js';
import { complexities, taskFamilies } from '../src/routing/task-classifier/task-classifier.js';
import { classifierInputOf, classifierTraining, isHeldBack, readRoutingSet, trainingRows } from './routing-set.js';

const { buckets: BUCKETS, options } = classifierTraining;

const rows = trainingRows(readRoutingSet().filter((row) => !isHeldBack(row)));
const features = rows.map((row) => headFeatures(classifierInputOf(row), BUCKETS));
const started = performance.now();
const family = train(taskFamilies, featureRows(BUCKETS), rows.map((row, index) => ({ features: features[index].family, label: taskFamilies.indexOf(row.family as never) })), options);
const complexity = train(complexities, featureRows(BUCKETS), rows.map((row, index) => ({ features: features[index].complexity, label: complexities.indexOf(row.complexity as never) })), options);
const stored: StoredClassifier = { version: 1, buckets: BUCKETS, trainedOn: rows.length, family: storeHead(family), complexity: storeHead(complexity) };
const path = new URL('../lexicon/task-classifier.json', import.meta.url);
writeFileSync(path, JSON.stringify(stored));
process.stdout.write(`trained on ${rows.length} prompts in ${Math.round(performance.now() - started)} ms → ${path.pathname}\n`);
