/**
 * A rank reward table ("1: gem 100, coin 5000\n2-10: coin 1000", a season's lines led by a tier) as the rows
 * of the rank rewards editor, and back. Reading is lenient — a half-typed table still becomes rows — because
 * the contract's parseRewardSpec judges the text the editor writes and says what is wrong.
 */
export interface RankRow {
  tier: string;
  from: number | null;
  to: number | null;
  rewards: { itemId: string; amount: number | null }[];
}

const LINE = /^(?:([A-Za-z][A-Za-z0-9 _-]*?)\s+)?(\d{1,7})(?:\s*-\s*(\d{1,7}))?\s*:\s*(.*)$/;

export function rankRowsOf(text: string): RankRow[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((line) => {
      const m = LINE.exec(line);
      if (!m) return { tier: '', from: null, to: null, rewards: [] };
      const rewards = m[4]!
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p) => {
          const r = /^(\S+)\s+(\d{1,10})$/.exec(p);
          return r ? { itemId: r[1]!, amount: Number(r[2]) } : { itemId: p, amount: null };
        });
      return { tier: m[1] ?? '', from: Number(m[2]), to: m[3] ? Number(m[3]) : Number(m[2]), rewards };
    });
}

export function rankRowsText(rows: readonly RankRow[]): string {
  return rows
    .map((r) => {
      const ranks = r.from !== null && r.to !== null && r.to !== r.from ? `${r.from}-${r.to}` : String(r.from ?? '');
      const items = r.rewards.map((x) => `${x.itemId} ${x.amount ?? ''}`.trim()).join(', ');
      return `${r.tier.trim() ? `${r.tier.trim()} ` : ''}${ranks}: ${items}`;
    })
    .join('\n');
}

/** The next range of a table: after the last one's end (in the same tier), as wide as it. */
export function nextRankRow(rows: readonly RankRow[]): RankRow {
  const last = rows[rows.length - 1];
  if (!last || last.to === null) return { tier: last?.tier ?? '', from: 1, to: 1, rewards: [{ itemId: '', amount: 1 }] };
  const width = last.from !== null ? last.to - last.from + 1 : 1;
  return { tier: last.tier, from: last.to + 1, to: last.to + Math.max(width, 1), rewards: [{ itemId: '', amount: 1 }] };
}
