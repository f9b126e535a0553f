import { test } from 'node:test';
import assert from 'node:assert/strict';
import { requestEnds, requestOf } from './request-reading.js';

const council = 'Last night the council met for nearly four hours to debate next year\'s budget. One member pushed for a 12% increase for parks, another warned that the reserves are thin after two years of flood repairs, and residents mostly spoke about the weekend closure of the Eastside library. In the end the vote was postponed by two weeks.';

test('a paragraph of prose whose last sentence asks the assistant for a task is read by that sentence', () => {
  assert.deepEqual(requestOf(`${council} Can you give me the short version of that?`), { text: 'Can you give me the short version of that?', material: true });
  assert.deepEqual(requestOf(`${council} Please translate it into German.`), { text: 'Please translate it into German', material: true });
});

test('the last sentence of a transcript, a list, or prose that asks nothing is not taken for the request', () => {
  const call = "Agent: Thanks for calling. Customer: My parcel 7731 came with a broken handle. Agent: I'm sorry to hear that. I can offer a refund or a new one. Customer: A new one, before the weekend. Agent: Done, you'll get the tracking number by email.";
  assert.deepEqual(requestOf(call), { text: call, material: false });
  const notes = 'Interview notes, five customers:\n1. Loves the reports, hates the export.\n2. Export broken, wants alerts.\n3. Wants alerts, finds the price too high.\n4. Price fine, onboarding confusing.\n5. Export again; please, could you write a proper API for it?';
  assert.equal(requestOf(notes).text, notes);
  const noRequest = `${council} The next meeting is in March, when the library's hours will be decided.`;
  assert.deepEqual(requestOf(noRequest), { text: noRequest, material: false });
});

test("a prompt's task cues are looked for at both of its ends", () => {
  const long = `${council} ${council} Translate this into French, please`;
  assert.ok(long.length > 600);
  const ends = requestEnds(long, { text: long, material: false });
  assert.ok(ends.startsWith(long.slice(0, 300)) && ends.endsWith('Translate this into French, please'));
});

test('a first line that ends with a colon and names a task is the request; the lines under it are material', () => {
  const paragraph = "She didn't knew where her keys was, so she ask her brother if he seen them. He say he did not, but he will look in the car after he finish his dinner, and then they both goes to bed without finding nothing, because the keys was in her coat pocket the whole time and nobody thinked to check there first.";
  assert.deepEqual(requestOf(`Correct the grammatical errors in the following paragraph:\n${paragraph}`), { text: 'Correct the grammatical errors in the following paragraph:\n', material: true });
  // A heading that asks nothing ("Interview notes, five customers:") is no request: the prompt is read as before.
  assert.equal(requestOf(`Notes from Tuesday:\n${paragraph}`).material, false);
});

test('an opening paragraph that ends with a colon introduces the material: a short last paragraph of it is no second request', () => {
  const results = 'Q3 revenue was 1.26 billion, up 18 %. Gross margin fell 1.2 points because raw materials cost more. R&D spend was 110 million. Management expects to analyze two new markets and to open a plant in Vietnam next year, and to reach 5 billion in revenue over the full year.';
  const prompt = `Extract every financial figure from the results below as JSON:\n\n${results}`;
  assert.ok(prompt.length > 250 && results.length < 300, 'the results are short enough to be read as a closing paragraph');
  assert.deepEqual(requestOf(prompt), { text: 'Extract every financial figure from the results below as JSON:', material: true });
});

test('a first line over a list of items or a fenced block is the request when it names a task; the list is material', () => {
  const sentences = 'a) Amid idyllic views, Copenhagen, the capital of Denmark, charms visitors with its thriving art scene and the Danish its people speak.\nb) In the enchanting realm of Eldoria one discovers Avalore, a grand city where Lumina, a melodious tongue, is spoken.\nc) Buenos Aires, the capital of Argentina, is a bustling metropolis where Spanish reigns.';
  assert.deepEqual(requestOf(`Identifique los países, sus capitales y los idiomas hablados en las siguientes frases. Salida en formato JSON.\n${sentences}`), { text: 'Identifique los países, sus capitales y los idiomas hablados en las siguientes frases. Salida en formato JSON.\n', material: true });
  const equations = '```\n1) y = (3/4)x^3 - e^(2x) + sin(pi*x) - sqrt(7)\n2) 2A - B/(3+C) * sum(N=1 to 5; ln(N)^2) = 5D*integral(a=0 to pi; cos(comb(N=1 to 10; N*a)))\n3) E = m(c^2) + gamma*(v/d)/(-(alpha/2) + sqrt(beta^2 + (alpha/2)^2))\n```';
  assert.equal(requestOf(`Extract all unique variable names from each equation and return them as JSON, one line per equation.\n${equations}`).material, true);
  // A first line that names no task (a heading) leaves the prompt read whole.
  const heading = `Trip notes\n${sentences}`;
  assert.deepEqual(requestOf(heading), { text: heading, material: false });
});
