import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/lib/time/day';
import { saveTeamContract } from '../../src/lib/config-data/contract';
import { accountLogContract } from '../../src/lib/logs/contract';
import { deleteWorklogContract, myWorklogsContract, saveWorklogContract, teamWorklogsContract } from '../../src/lib/worklogs/contract';
import { ownAccount, raw, rejection, signedInAs, uniqueName, type Session } from './helpers';

type Own = Session & { username: string };
let lead: Own;
let member: Own;
let outsider: Own;
let teamId: number;
let today: string;
const project = uniqueName('wl-app');

const log = (who: Session, input: { date?: string; hours: number; task?: string; note?: string; id?: number }) =>
  who(saveWorklogContract, { date: input.date ?? today, hours: input.hours, project, task: input.task ?? 'level design', note: input.note ?? '', ...(input.id ? { id: input.id } : {}) });

beforeAll(async () => {
  lead = await ownAccount('wl-lead', { paths: ['/hcns/worklog', '/hcns/worklogByTeam'], privateActions: ['export_report'] });
  member = await ownAccount('wl-member', { paths: ['/hcns/worklog'] });
  // Sees the team screen but is in no team with the member: leads nobody here.
  outsider = await ownAccount('wl-outsider', { paths: ['/hcns/worklog', '/hcns/worklogByTeam'] });
  const root = await signedInAs('root');
  teamId = (await root(saveTeamContract, { name: uniqueName('wl-team'), members: [lead.username, member.username] })).data.id;
  today = (await member(myWorklogsContract, { from: '2020-01-01', to: '2020-01-02' })).data.today;
});

describe('worklogs: the rules of one day', () => {
  it('saves a log and lists it in the author week with its hours', async () => {
    const { data } = await log(member, { hours: 1.5, task: 'tutorial flow' });
    expect(data).toMatchObject({ username: member.username, date: today, hours: 1.5, project, task: 'tutorial flow', editable: true });
    const week = await member(myWorklogsContract, { from: addDays(today, -6), to: today });
    expect(week.data.logs.find((l) => l.id === data.id)).toMatchObject({ hours: 1.5, task: 'tutorial flow' });
  });

  it('refuses hours of 0 or less, a future date and more than 24 hours in a day (all entries summed)', async () => {
    const zero = await rejection(log(member, { hours: 0 }));
    expect(zero.status).toBe(400);
    expect(zero.message).toMatch(/hours/);
    expect((await rejection(log(member, { hours: -2 }))).status).toBe(400);
    const future = await rejection(log(member, { hours: 1, date: addDays(today, 1) }));
    expect(future.status).toBe(400);
    expect(future.message).toMatch(/date.*future/);
    const day = addDays(today, -2);
    await log(member, { hours: 20, date: day });
    const over = await rejection(log(member, { hours: 4.25, date: day }));
    expect(over.status).toBe(400);
    expect(over.message).toMatch(/24/);
    const fits = await log(member, { hours: 4, date: day });
    expect(fits.data.hours).toBe(4);
    // Editing a log counts the day without its old hours: 4 → 3 fits, 4 → 4.5 does not.
    expect((await log(member, { id: fits.data.id, hours: 3, date: day })).data.hours).toBe(3);
    expect((await rejection(log(member, { id: fits.data.id, hours: 4.5, date: day }))).status).toBe(400);
    const week = await member(myWorklogsContract, { from: day, to: day });
    expect(week.data.logs.reduce((s, l) => s + l.hours, 0)).toBe(23);
  });

  it('answers 400 naming the field for bad input sent by hand', async () => {
    const bad = await raw('POST', '/api/hcns/worklog/save', { token: member.tokens.accessToken, body: JSON.stringify({ date: '2026-02-30', hours: 'x', project: '', task: 't' }) });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/date|hours|project/);
  });
});

describe('worklogs: who may change a log', () => {
  it('lets the author change a log for 7 days, then only a lead of their team; all audited', async () => {
    const old = (await log(member, { hours: 2, date: addDays(today, -10), task: 'old task' })).data;
    expect(old.editable).toBe(false);
    const byAuthor = await rejection(log(member, { id: old.id, hours: 3, date: old.date }));
    expect(byAuthor.status).toBe(403);
    expect(byAuthor.serverMessage ?? byAuthor.message).toMatch(/7 days/);
    expect((await rejection(member(deleteWorklogContract, { id: old.id }))).status).toBe(403);
    // Someone who leads other teams cannot.
    expect((await rejection(log(outsider, { id: old.id, hours: 3, date: old.date }))).status).toBe(403);
    const byLead = await log(lead, { id: old.id, hours: 3, date: old.date, note: 'corrected by lead' });
    expect(byLead.data).toMatchObject({ username: member.username, hours: 3, note: 'corrected by lead' });

    const recent = (await log(member, { hours: 1, date: addDays(today, -7) })).data;
    expect(recent.editable).toBe(true);
    expect((await log(member, { id: recent.id, hours: 2, date: recent.date })).data.hours).toBe(2);
    expect((await lead(deleteWorklogContract, { id: old.id })).data.id).toBe(old.id);

    const root = await signedInAs('root');
    const audit = await root(accountLogContract, { entity: 'worklog', username: lead.username, limit: 50 });
    const rows = audit.data.filter((r) => r.entityId === String(old.id));
    expect(rows.map((r) => r.action).sort()).toEqual(['delete', 'update']);
    expect(rows.find((r) => r.action === 'update')).toMatchObject({ before: { hours: 2 }, after: { hours: 3, note: 'corrected by lead' } });
  });
});

describe('worklogs: the team view', () => {
  it('shows a lead the logs of their team with totals per person and per app, for a week or a month', async () => {
    await log(lead, { hours: 2.5, task: 'review' });
    const mine = (await member(myWorklogsContract, { from: today, to: today })).data.logs.reduce((s, l) => s + l.hours, 0);
    const week = (await lead(teamWorklogsContract, { teamId, period: 'week', day: today })).data;
    expect(week.teams.map((t) => t.id)).toEqual([teamId]);
    expect(week.from <= today && today <= week.to).toBe(true);
    expect(new Date(`${week.from}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(week.logs.every((l) => [lead.username, member.username].includes(l.username))).toBe(true);
    const memberWeek = week.logs.filter((l) => l.username === member.username).reduce((s, l) => s + l.hours, 0);
    expect(week.perPerson.find((p) => p.username === member.username)?.hours).toBe(memberWeek);
    expect(memberWeek).toBeGreaterThanOrEqual(mine);
    expect(week.perProject).toEqual([{ project, hours: week.total }]);
    expect(week.logs.filter((l) => l.username === member.username).every((l) => l.editable)).toBe(true);
    const month = (await lead(teamWorklogsContract, { teamId, period: 'month', day: today })).data;
    expect(month.from).toBe(`${today.slice(0, 7)}-01`);
    expect(month.total).toBeGreaterThanOrEqual(week.logs.filter((l) => l.date >= month.from && l.date <= month.to).reduce((s, l) => s + l.hours, 0));
  });

  it('shows someone outside the team none of its logs, and refuses a team they do not lead or the screen without the route', async () => {
    const view = (await outsider(teamWorklogsContract, { period: 'month', day: today })).data;
    expect(view.teams.find((t) => t.id === teamId)).toBeUndefined();
    expect(view.logs.filter((l) => l.username === member.username)).toEqual([]);
    const notLed = await rejection(outsider(teamWorklogsContract, { teamId, period: 'week', day: today }));
    expect(notLed.status).toBe(400);
    expect(notLed.serverMessage ?? notLed.message).toMatch(/teamId/);
    expect((await rejection(member(teamWorklogsContract, { period: 'week', day: today }))).status).toBe(403);
  });

  it('exports the team view as CSV and Excel (export_report needed)', async () => {
    await log(member, { hours: 0.75, task: 'export me, "quoted"' });
    const csv = await raw('GET', `/api/hcns/worklogByTeam/export?teamId=${teamId}&period=week&day=${today}&format=csv`, { token: lead.tokens.accessToken });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    expect(csv.text).toContain('Date,Person,Hours,App / project,Task,Note');
    expect(csv.text).toContain(`${today},${member.username},0.75,${project},"export me, ""quoted""",`);
    const xlsx = await raw('GET', `/api/hcns/worklogByTeam/export?teamId=${teamId}&period=month&day=${today}&format=xlsx`, { token: lead.tokens.accessToken });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-disposition')).toMatch(/worklogs-month-.*\.xlsx/);
    const refused = await raw('GET', `/api/hcns/worklogByTeam/export?period=week&day=${today}&format=csv`, { token: outsider.tokens.accessToken });
    expect(refused.status).toBe(403);
  });
});
