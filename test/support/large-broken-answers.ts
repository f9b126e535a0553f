/**
 * Large broken answers, each `n` repeats of one flaw: the healer's time on them must grow with their length, not its
 * square (src/verification/json-healer.test.ts bounds it; `npm run bench:healing` prints it).
 */
export const largeBrokenAnswers = {
  /** `{'id': 0, 'name': 'item 0', 'tags': ['a', 'b',],}`, n of them in a list, after a line of prose. */
  singleQuotesAndTrailingCommas: (n: number) => `Here you go: {'items': [${Array.from({ length: n }, (_, i) => `{'id': ${i}, 'name': 'item ${i}', 'tags': ['a', 'b',],}`).join(', ')},]}`,
  /** `{"id": 0 "name": "item 0"}`, n of them with no comma between them or their members. */
  objectsWithoutCommas: (n: number) => `{"items": [${Array.from({ length: n }, (_, i) => `{"id": ${i} "name": "item ${i}"}`).join(' ')}]}`,
  /** A list of n objects that never closes. */
  cutMidWay: (n: number) => `{"items": [${Array.from({ length: n }, (_, i) => `{"id": ${i}, "name": "item ${i}"}`).join(', ')}`,
  /** A value holding n unescaped quotes. */
  quotesInsideAValue: (n: number) => `{"text": "${'he said "hi" and left, '.repeat(n)}"}`,
  /** `{"a":[` n deep, cut. */
  nestedAndCut: (n: number) => `${'{"a":['.repeat(n)}1`,
  /** n `"{` and no end: no JSON written as a JSON string in it. */
  quotedOpeningsWithoutEnd: (n: number) => '"{ '.repeat(n),
};
