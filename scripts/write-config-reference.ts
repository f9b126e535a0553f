/** `npm run docs:config`: writes docs/configuration.md from the config schema (see src/config/config-reference.ts). */
import { writeFile } from 'node:fs/promises';
import { configReference } from '../src/config/config-reference.js';

const target = new URL('../docs/configuration.md', import.meta.url);
await writeFile(target, configReference());
process.stdout.write(`wrote ${target.pathname}\n`);
