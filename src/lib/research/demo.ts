import type { Db } from '../server/db';

/** Two demo notes, so the Research screen shows what it is for. Written once (when there are no notes yet). */
const NOTES = [
  {
    title: 'Block Puzzle D1 retention after the tutorial change',
    author: 'admin',
    tags: ['retention', 'tutorial'],
    appIds: ['com.gsm.blockpuzzle'],
    body: `## Question
Did the shorter tutorial (v1.10) move day-1 retention?

## Method
Install cohorts of the two weeks before and after the release, Android only, from **Cohort → Retention**.

| cohort | installs | D1 |
|---|---:|---:|
| before (v1.9) | 4,812 | 38.2% |
| after (v1.10) | 5,104 | 41.0% |

## Finding
D1 rose by about 2.8 points; the A/B test on the next change should confirm it (see *A/B tests → Retention*).
`,
    attachments: [],
  },
  {
    title: 'Competitor scan: puzzle games, November',
    author: 'admin',
    tags: ['market', 'ua'],
    appIds: [],
    body: `Top grossing puzzle titles changed little this month.

- Most run a **weekly ranking event** with brackets of 50.
- Rewarded ads sit after level 3 in most of them.
- Store pages lead with gameplay video, not stills.

Next: try a 15-second gameplay video as the first creative of the cross-promotion campaign.
`,
    attachments: [],
  },
];

export async function seedDemoResearch(db: Db): Promise<void> {
  const existing = await db.one<{ n: number }>('SELECT count(*)::int AS n FROM research_notes');
  if ((existing?.n ?? 0) > 0) return;
  const apps = new Set((await db.query<{ id: string }>('SELECT id FROM apps')).map((a) => a.id));
  for (const note of NOTES) {
    await db.query(
      'INSERT INTO research_notes (title, body, tags, app_ids, attachments, author, updated_by) VALUES ($1, $2, $3, $4, $5, $6, $6)',
      [note.title, note.body, note.tags, note.appIds.filter((a) => apps.has(a)), note.attachments, note.author],
    );
  }
}
