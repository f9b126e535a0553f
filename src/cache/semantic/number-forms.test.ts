import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inComparedOrder, numberOf, withNumbersApartFromWords } from './number-forms.js';

test('a number is read as its value, however it is written', () => {
  const cases: Array<[string, string | undefined]> = [
    ['10,000', '10000'],
    ['1,250,000.50', '1250000.50'],
    ['2,5', '2.5'],
    ['-7', '-7'],
    ['15%', '15%'],
    ['3rd', '3rd'],
    ['third', '3rd'],
    ['dozen', '12'],
    ['half', '0.5'],
    ['second', undefined],
    ['apple', undefined],
  ];
  assert.deepEqual(cases.map(([token]) => [token, numberOf(token)]), cases);
});

test('a number hyphenated to what it measures stands apart; a code keeps its hyphens', () => {
  assert.equal(withNumbersApartFromWords('a 10-year-old boy on a 3-day trip'), 'a 10 year old boy on a 3 day trip');
  assert.equal(withNumbersApartFromWords('covid-19 and 1-800-flowers'), 'covid-19 and 1-800 flowers');
});

test('two numbers compared side by side are the same two either way round; any other pair keeps its order', () => {
  assert.deepEqual(inComparedOrder(['265', '264'], 'what is the difference between h 265 and h 264'), ['264', '265']);
  assert.deepEqual(inComparedOrder(['3.12', '3.11'], 'python 3.12 vs 3.11'), ['3.11', '3.12']);
  assert.deepEqual(inComparedOrder(['5', '3'], 'a train from 5 to 3'), ['5', '3'], 'no comparison');
  assert.deepEqual(inComparedOrder(['3', '2'], 'compare 3 apples and 2 oranges'), ['3', '2'], 'each number counts something else');
  assert.deepEqual(inComparedOrder(['3.12', '3.11'], 'is 3.12 faster than 3.11'), ['3.12', '3.11'], 'a comparison with a direction');
});
