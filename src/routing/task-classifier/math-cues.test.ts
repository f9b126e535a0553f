import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertFamily } from '../../../test/support/shipped-classifier.js';
import { cuesIn } from './task-cues.js';

// The math family's cues (cues/math.ts) as TeX writes them, and problems pasted with their figures.

test("TeX's mathematical commands are a maths cue; a backslash in a path, an escape or the plain word is not", () => {
  for (const text of ['find $\\frac{3}{4} + \\frac{1}{6}$.', 'show that $\\sqrt{2}$ is irrational', 'let $\\mathbf{v} = (1, 2)$', 'if $x \\equiv 3 \\pmod{7}$, what is $x^2$?', '\\begin{align*} 2x + y &= 5 \\end{align*}', 'in $\\triangle abc$, $\\angle a = 40^\\circ$', '[asy] draw((0,0)--(1,1)); [/asy] what is the area?']) {
    assert.deepEqual(cuesIn(text), ['math'], text);
  }
  for (const text of ['the file is in c:\\temp\\notes.txt', 'print("a\\tb\\n")', 'a triangle-shaped logo for my bakery', 'from this angle the photo looks odd']) {
    assert.ok(!cuesIn(text).includes('math'), text);
  }
});

test('a problem written in TeX is maths, its figure drawn in Asymptote or not; code that plots a formula stays code', () => {
  // Written for this test, in the manner of competition problems; none is a row of the routing set or of MATH.
  assertFamily('math', [
    'The rectangle $PQRS$ has $PQ = 12$ and $QR = 5$. What is the length of the diagonal $\\overline{PR}$? [asy] pair P=(0,0), Q=(12,0), R=(12,5), S=(0,5); draw(P--Q--R--S--cycle); draw(P--R); label("$P$",P,SW); label("$Q$",Q,SE); label("$R$",R,NE); label("$S$",S,NW); [/asy]',
    'Let $g(x) = \\frac{2x+1}{x-3}$. For which $x$ is $g(g(x)) = x$?',
    'Compute $\\displaystyle \\sum_{k=1}^{20} \\binom{20}{k} 2^k$.',
    'Is $h(x) = \\sqrt{x^4 + 1} - x^2$ even, odd, or neither? Enter "odd", "even", or "neither".',
  ]);
  assertFamily('code', ["My matplotlib title shows the raw text instead of the formula:\n\nplt.title('$\\frac{a}{b}$')\nplt.plot(xs, ys)\nplt.show()\n\nwhat am I missing?"]);
});

test("a sequence's n-th term and the parity of integers are maths; the first term of a contract or an integer column is not", () => {
  for (const text of ['find a formula for the n-th term of 3, 7, 11, 15', 'what is the nth term?', 'the general term of the series', 'the sum of any two odd integers is even', 'the product of two consecutive integers']) {
    assert.ok(cuesIn(text).includes('math'), text);
  }
  for (const text of ['the first term of the lease ends in may', 'add an integer column to the table']) assert.ok(!cuesIn(text).includes('math'), text);
});
