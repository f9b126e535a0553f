/**
 * How a prompt writes its numbers, read as one value each: digits ("2,5", "10,000", "3rd"), words ("twelve", "a
 * dozen", "third"), a number hyphenated to what it measures ("a 10-year-old"), and two numbers compared either way
 * round. The semantic cache's guards compare these values, never the spelling.
 */

const numberWords = new Map(
  'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty'
    .split(' ')
    .map((word, index) => [word, String(index)] as const),
);
for (const [word, value] of [['thirty', '30'], ['forty', '40'], ['fifty', '50'], ['sixty', '60'], ['seventy', '70'], ['eighty', '80'], ['ninety', '90'], ['hundred', '100'], ['thousand', '1000'], ['million', '1000000'], ['billion', '1000000000'], ['dozen', '12'], ['half', '0.5'], ['once', '1'], ['twice', '2'], ['double', '2'], ['triple', '3']] as const) {
  numberWords.set(word, value);
}
/** Ordinal words as digits: "second" is "2nd", "twentieth" "20th". */
const ordinalDigits = new Map(
  'second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth'
    .split(' ')
    .map((word, index) => [word, `${index + 2}${index === 0 ? 'nd' : index === 1 ? 'rd' : 'th'}`] as const),
);
// Ordinals from third on are numbers, written either way ("third" / "3rd"); "first" and "second" are words of their
// own (first/last, a second of time) and stay so — but before a superlative (question-templates.ts).
for (const [word, digits] of ordinalDigits) if (word !== 'second') numberWords.set(word, digits);

/** An ordinal word as digits (`second` → 2nd), or undefined. */
export function ordinalDigitsOf(word: string): string | undefined {
  return ordinalDigits.get(word);
}

/** A number written with thousands separators: "10,000", "1,250,000.50". */
const thousands = /^[+-]?\d{1,3}(?:,\d{3})+(?:\.\d+)?%?$/;
const plainNumber = /^[+-]?\d+(?:[.,]\d+)?%?$/;
const ordinal = /^\d+(?:st|nd|rd|th)$/;

/** The value a token of the normalized prompt writes, or undefined for a word: "10,000" is ten thousand, "2,5" two and a half. */
export function numberOf(token: string): string | undefined {
  if (thousands.test(token)) return token.replaceAll(',', '');
  if (plainNumber.test(token) || ordinal.test(token)) return token.replace(',', '.');
  return numberWords.get(token);
}

/** The hyphens joining a number to the words it measures (`10-year-old`, `3-day`); never a code's (`covid-19`, `1-800`). */
const hyphenAfterNumber = /(?<=\b\d+(?:-[a-z]+)*)-(?=[a-z]+\b)/g;

/** "a 10-year-old boy" is "a 10 year old boy". */
export function withNumbersApartFromWords(lowered: string): string {
  return lowered.replace(hyphenAfterNumber, ' ');
}

const comparison = /\b(?:differences? between|compare|comparing|comparison of|vs|versus)\b/;
/** Two numbers side by side, each after the same word or none: "h 264 and h 265", "python 3.11 vs 3.12". */
const numberAgainstNumber = /(?:^|\s)((?:[a-z]+ )?)[+-]?\d[\d.]*%? (?:and|vs|versus|or|to|with) (?:\1)?[+-]?\d[\d.]*%?(?!\S)/;

/**
 * The numbers in the order that matters: two numbers compared either way round are the same two ("H.264 vs H.265" is
 * "H.265 vs H.264"); anything else keeps its order ("from 3 to 5" is not "from 5 to 3", "compare 2 apples and 3
 * oranges" not "3 apples and 2 oranges").
 */
export function inComparedOrder(numbers: string[], normalized: string): string[] {
  return numbers.length === 2 && comparison.test(normalized) && numberAgainstNumber.test(normalized) ? numbers.sort() : numbers;
}
