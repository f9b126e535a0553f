/**
 * Whether two words are at most `limit` edits apart. Most pairs are not, and are told so by counting their
 * letters first: an edit changes at most one letter on each side (a swap none), so words whose letter counts
 * differ by more than `limit` cannot be that close. Letters share 64 counters by their code: sharing only
 * hides differences, so the count never refuses a pair the distance would accept (measured: editDistance was
 * three fifths of the guards' time).
 */
const letterCounts = new Int16Array(64);
export function withinEdits(left: string, right: string, limit: number): boolean {
  letterCounts.fill(0);
  for (let index = 0; index < left.length; index++) letterCounts[left.charCodeAt(index) & 63]++;
  for (let index = 0; index < right.length; index++) letterCounts[right.charCodeAt(index) & 63]--;
  let surplus = 0;
  let deficit = 0;
  for (let index = 0; index < 64; index++) {
    const count = letterCounts[index];
    if (count > 0) surplus += count;
    else deficit -= count;
  }
  if (Math.max(surplus, deficit) > limit) return false;
  return editDistance(left, right, limit) <= limit;
}

/** Damerau–Levenshtein distance (adjacent swaps count one), stopped early above `limit`; three rows, not a table. */
export function editDistance(left: string, right: string, limit: number): number {
  const columns = right.length + 1;
  let before = new Array<number>(columns).fill(0);
  let previous = Array.from({ length: columns }, (_, column) => column);
  let current = new Array<number>(columns).fill(0);
  for (let row = 1; row <= left.length; row++) {
    current[0] = row;
    let best = row;
    for (let column = 1; column < columns; column++) {
      const cost = left[row - 1] === right[column - 1] ? 0 : 1;
      let value = Math.min(previous[column] + 1, current[column - 1] + 1, previous[column - 1] + cost);
      if (row > 1 && column > 1 && left[row - 1] === right[column - 2] && left[row - 2] === right[column - 1]) value = Math.min(value, before[column - 2] + 1);
      current[column] = value;
      if (value < best) best = value;
    }
    if (best > limit) return best;
    [before, previous, current] = [previous, current, before];
  }
  return previous[columns - 1];
}

/** One word is the other with two neighbouring letters swapped (`ngnix`) or a letter typed twice (`vercell`): the slips a name is typed with. */
export function swappedOrDoubled(left: string, right: string): boolean {
  if (left.length === right.length) {
    let index = 0;
    while (index < left.length && left[index] === right[index]) index++;
    return index < left.length - 1 && left[index] === right[index + 1] && left[index + 1] === right[index] && left.slice(index + 2) === right.slice(index + 2);
  }
  const [longer, shorter] = left.length > right.length ? [left, right] : [right, left];
  if (longer.length !== shorter.length + 1) return false;
  let index = 0;
  while (index < shorter.length && longer[index] === shorter[index]) index++;
  return (longer[index] === longer[index - 1] || longer[index] === longer[index + 1]) && longer.slice(index + 1) === shorter.slice(index);
}
