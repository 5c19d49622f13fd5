/** One run of a diff: kept, added or removed text. */
export interface DiffPart {
  kind: 'same' | 'add' | 'del';
  text: string;
}

/** Words and the whitespace between them, so joining the tokens gives the text back. */
function tokenize(text: string): string[] {
  return text.match(/\s+|[^\s]+/g) ?? [];
}

/** Above this many cells the word table is too big; lines are compared instead. */
const MAX_CELLS = 2_000_000;

/**
 * A word diff by longest common subsequence (lines for long texts): small, dependency-free
 * and exact, which is what a revision view needs.
 */
export function diffWords(before: string, after: string): DiffPart[] {
  let a = tokenize(before);
  let b = tokenize(after);
  if (a.length * b.length > MAX_CELLS) {
    a = before.split(/(?<=\n)/);
    b = after.split(/(?<=\n)/);
  }
  // Common prefix and suffix first: most edits touch a small part of a post.
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  const n = midA.length;
  const m = midB.length;
  const table: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i -= 1) {
    for (let j = m - 1; j >= 0; j -= 1) {
      table[i]![j] = midA[i] === midB[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
    }
  }
  const parts: DiffPart[] = [];
  const push = (kind: DiffPart['kind'], text: string) => {
    const last = parts.at(-1);
    if (last && last.kind === kind) last.text += text;
    else if (text) parts.push({ kind, text });
  };
  push('same', a.slice(0, start).join(''));
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (midA[i] === midB[j]) {
      push('same', midA[i]!);
      i += 1;
      j += 1;
    } else if (table[i + 1]![j]! >= table[i]![j + 1]!) {
      push('del', midA[i]!);
      i += 1;
    } else {
      push('add', midB[j]!);
      j += 1;
    }
  }
  while (i < n) push('del', midA[i++]!);
  while (j < m) push('add', midB[j++]!);
  push('same', a.slice(endA).join(''));
  return parts;
}
