/**
 * A line diff for reviewing an edit before it is saved: the longest common subsequence of lines, then the
 * lines removed and added around it. Quadratic, so a document over `maxCells` line pairs is compared by its
 * common head and tail only (what an editor's change usually is).
 */
export type DiffLine = { kind: 'same' | 'removed' | 'added'; text: string };

export function lineDiff(before: string, after: string, maxCells = 4_000_000): DiffLine[] {
  const a = before.split('\n');
  const b = after.split('\n');
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  const same = (lines: string[]) => lines.map((text) => ({ kind: 'same' as const, text }));
  let middle: DiffLine[];
  if (midA.length * midB.length > maxCells) {
    middle = [...midA.map((text) => ({ kind: 'removed' as const, text })), ...midB.map((text) => ({ kind: 'added' as const, text }))];
  } else {
    // lcs[i][j]: the common length of midA[i…] and midB[j…].
    const lcs = Array.from({ length: midA.length + 1 }, () => new Uint32Array(midB.length + 1));
    for (let i = midA.length - 1; i >= 0; i--) for (let j = midB.length - 1; j >= 0; j--) lcs[i]![j] = midA[i] === midB[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    middle = [];
    let i = 0;
    let j = 0;
    while (i < midA.length || j < midB.length) {
      if (i < midA.length && j < midB.length && midA[i] === midB[j]) middle.push({ kind: 'same', text: midA[i++]! }), j++;
      // On a tie the removed line comes first, as diff tools show a replaced line.
      else if (i < midA.length && (j === midB.length || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) middle.push({ kind: 'removed', text: midA[i++]! });
      else middle.push({ kind: 'added', text: midB[j++]! });
    }
  }
  return [...same(a.slice(0, head)), ...middle, ...same(a.slice(a.length - tail))];
}

/** The changed lines with `context` unchanged lines around each change; runs of hidden lines become one "…" marker. */
export function changesOnly(lines: readonly DiffLine[], context = 2): (DiffLine | { kind: 'gap'; count: number })[] {
  const keep = lines.map(() => false);
  lines.forEach((l, i) => {
    if (l.kind !== 'same') for (let k = Math.max(0, i - context); k <= Math.min(lines.length - 1, i + context); k++) keep[k] = true;
  });
  const out: (DiffLine | { kind: 'gap'; count: number })[] = [];
  let hidden = 0;
  lines.forEach((l, i) => {
    if (keep[i]) {
      if (hidden) out.push({ kind: 'gap', count: hidden });
      hidden = 0;
      out.push(l);
    } else hidden++;
  });
  if (hidden) out.push({ kind: 'gap', count: hidden });
  return out;
}
