import { appColumn, appName } from '../resources/app-fields';
import { defineResource, drillPanel, ofEditedRow, toastsOf } from '../resources/define';
import { nowMs } from '../time/clock';
import { formatDateTime } from '../time/format';
import { formatCount } from '../numbers';
import {
  eventApis,
  EVENT_ROUTES,
  templateApis,
  TEMPLATE_ROUTES,
  type EventKind,
  type LiveEvent,
  type TemplateKind,
  parseConsoleTime,
} from './contract';
import { DAY_MS } from '../time/day';

/**
 * Live events as resources (src/lib/resources/define.ts): ranking and season templates, the events of each kind
 * (ranking, exp ranking, seasons) with Cancel and Reward now as row actions, and per event the standings
 * (top players of each bracket, their rewards and claims) as a drill. Shared by browser and server.
 */

export interface LiveContext {
  apps: { id: string; name: string }[];
  /** Templates an event of this screen can be made from, with what a new event takes from them. */
  templates: { id: number; name: string; appId: string; scoring: string; durationHours: number; rewardSpec: string }[];
}

/** What a new event takes from its template: its scoring, reward table and length (from the chosen start). */
function fromTemplate(id: unknown, ctx: LiveContext, values: Record<string, unknown>): Record<string, unknown> {
  const t = ctx?.templates?.find((x) => x.id === Number(id));
  if (!t) return {};
  const start = parseConsoleTime(String(values.start ?? ''));
  return { scoring: values.scoring === undefined ? undefined : t.scoring, rewardSpec: t.rewardSpec, ...(start === null ? {} : { end: formatDateTime(start + t.durationHours * 3_600_000) }) };
}

const KIND_WORDS: Record<EventKind, { singular: string; create: string }> = {
  ranking: { singular: 'ranking event', create: 'New ranking event' },
  exp: { singular: 'exp ranking event', create: 'New exp ranking' },
  season: { singular: 'season', create: 'New season' },
};

const statusSeverity = (s: string) => (s === 'live' ? 'success' : s === 'scheduled' ? 'info' : s === 'rewarded' ? 'secondary' : s === 'ended' ? 'warning' : 'danger');

function templateResource(kind: TemplateKind) {
  const c = templateApis[kind];
  const season = kind === 'season';
  return defineResource({
    id: `live-templates-${kind}`,
    singular: season ? 'season template' : 'ranking template',
    contracts: { list: c.list, save: c.save, remove: c.remove },
    rowLabel: (r) => r.name,
    columns: [
      { key: 'name', label: 'Template', hint: (r) => `#${r.id} · ${r.events} event(s)`, sortable: true },
      appColumn,
      { key: 'scoring', label: 'Scoring', value: (r) => `${r.scoring} · ${r.sort === 'desc' ? 'highest first' : 'lowest first'}` },
      { key: 'bracketSize', label: 'Bracket', value: (r) => `${r.bracketSize} players · ${r.durationHours} h` },
      ...(season ? [{ key: 'tierSpec', label: 'Tiers (name:promote:demote)', show: 'code' as const }] : []),
      { key: 'rewardSpec', label: 'Rewards by rank', show: 'code', value: (r) => r.rewardSpec.split('\n').join('; ') },
      { key: 'entry', label: 'Entry rules', value: (r) => [r.minLevel ? `level ≥ ${r.minLevel}` : null, r.minVersion ? `version ≥ ${r.minVersion}` : null, r.countries.length ? r.countries.join(', ') : null].filter(Boolean).join(' · ') || 'everyone' },
    ],
    form: [
      { key: 'appId', label: 'App', input: 'app', options: (ctx) => (ctx?.apps ?? []).map((a) => ({ label: a.name, value: a.id })), createOnly: true },
      { key: 'name', label: 'Name', input: 'text', placeholder: season ? 'Weekly league' : 'Weekend high score' },
      { key: 'scoring', label: 'Scoring', input: 'select', options: [{ label: 'Best score counts', value: 'best' }, { label: 'Latest score counts', value: 'latest' }, { label: 'Scores add up (increment)', value: 'increment' }] },
      { key: 'sort', label: 'Order', input: 'select', options: [{ label: 'Highest first', value: 'desc' }, { label: 'Lowest first (times)', value: 'asc' }] },
      { key: 'bracketSize', label: 'Bracket size', input: 'number', help: 'Players are grouped into rooms of this many (at least 2).' },
      { key: 'durationHours', label: 'Duration (hours)', input: 'number' },
      ...(season ? [{ key: 'tierSpec', label: 'Tiers', input: 'text' as const, placeholder: 'Gold:0:3, Silver:3:3, Bronze:3:0', help: 'name:promote:demote, the top tier first; newcomers start in the bottom tier.' }] : []),
      {
        key: 'rewardSpec', label: 'Rewards by rank', input: 'rankRewards', tiers: season,
        help: `Rank ranges covering 1..N without gaps, each with its items${season ? ', for each tier (a tier named in Tiers)' : ''}.`,
      },
      { key: 'minLevel', label: 'Lowest player level', input: 'number' },
      { key: 'minVersion', label: 'Lowest app version', input: 'text', placeholder: 'empty = any' },
      { key: 'countries', label: 'Countries', input: 'chips', placeholder: 'VN, US … (empty = all)' },
      { key: 'maxDelta', label: 'Max change per submission', input: 'number', help: 'Anti-cheat: a submission moving the score more than this is refused. Empty = no limit.' },
      { key: 'maxScore', label: 'Highest score', input: 'number', help: 'Anti-cheat: a submission that would take a score past this is refused. Empty = no ceiling.' },
      { key: 'allowNegative', label: 'Negative scores allowed', input: 'checkbox' },
    ],
    initial: () => ({
      scoring: season ? 'increment' : 'best', sort: 'desc', bracketSize: 50, durationHours: season ? 168 : 72, minLevel: 0, minVersion: '', countries: [],
      maxDelta: null, maxScore: null, allowNegative: false, tierSpec: season ? 'Gold:0:5, Silver:5:5, Bronze:5:0' : '', rewardSpec: season ? 'Gold 1-50: gem 50\nSilver 1-50: coin 2000\nBronze 1-50: coin 500' : '1: gem 100\n2-10: coin 2000\n11-50: coin 500',
    }),
    fixed: ofEditedRow('id', 'appId'),
    removable: (r) => r.events === 0,
    createLabel: 'New template',
    empty: 'No template yet.',
    search: 'client',
    note: () => ({ text: `Events copy a template's rules when they are created; changing a template later changes only new events.`, link: { label: season ? 'Seasons' : 'Ranking events', href: season ? EVENT_ROUTES.season : EVENT_ROUTES.ranking } }),
    toasts: toastsOf('Template'),
    rowActions: [
      {
        // One step from a template to its event: the event form opens filled from this template.
        id: 'create-event',
        label: 'Create event',
        name: (r) => `Create event from ${r.name}`,
        icon: 'pi pi-calendar-plus',
        compact: true,
        contract: eventApis[kind].save,
        input: (r) => ({ templateId: r.id }),
        href: (r) => `${EVENT_ROUTES[kind]}?template=${r.id}`,
        done: () => ({ severity: 'info', text: '' }),
      },
    ],
    idPrefix: `lt-${kind}`,
  });
}

function standingsResource(kind: EventKind) {
  return defineResource({
    id: `live-standings-${kind}`,
    singular: 'player',
    contracts: { list: eventApis[kind].standings },
    rowKey: (r) => r.key,
    rowLabel: (r) => r.playerId,
    listInput: (ctx: { id: number }) => ({ id: ctx.id, top: 10 }),
    columns: [
      { key: 'bracket', label: 'Bracket', hint: (r) => r.tier || null },
      { key: 'rank', label: 'Rank' },
      { key: 'playerId', label: 'Player', show: 'code' },
      { key: 'score', label: 'Score' },
      { key: 'reachedAt', label: 'Reached (UTC+7)', show: 'dateTime' },
      { key: 'reward', label: 'Reward', value: (r) => r.reward || '—' },
      { key: 'claimedAt', label: 'Claimed (UTC+7)', show: 'dateTime' },
    ],
    empty: 'No player has a score yet.',
    search: 'client',
    pageSize: 20,
  });
}

const summary = (r: LiveEvent) => `${r.participants} player(s) in ${r.brackets} bracket(s)`;

function eventResource(kind: EventKind) {
  const c = eventApis[kind];
  const words = KIND_WORDS[kind];
  const standings = standingsResource(kind);
  return {
    standings,
    events: defineResource({
      id: `live-events-${kind}`,
      singular: words.singular,
      contracts: { list: c.list, save: c.save },
      rowLabel: (r) => r.name,
      columns: [
        { key: 'name', label: 'Event', hint: (r) => `#${r.id} · ${r.templateName}`, sortable: true },
        appColumn,
        { key: 'startsAt', label: 'Start (UTC+7)', show: 'dateTime' },
        { key: 'endsAt', label: 'End (UTC+7)', show: 'dateTime', hint: (r) => (r.recurrence ? `repeats: ${r.recurrence}` : null) },
        { key: 'status', label: 'Status', show: 'status', severity: statusSeverity, hint: (r) => `by ${r.updatedBy}` },
        { key: 'participants', label: 'Players', value: summary, hint: (r) => `${r.scoring} · bracket ${r.bracketSize}` },
        { key: 'rewardResult', label: 'Reward run', value: (r) => r.rewardResult ?? (r.status === 'ended' ? 'due' : '—') },
      ],
      form: [
        {
          key: 'templateId', label: 'Template', input: 'select', createOnly: true, fills: fromTemplate, placeholder: 'Choose a template',
          options: (ctx: LiveContext) => (ctx?.templates ?? []).map((t) => ({ label: `${t.name} (${appName(ctx, t.appId)})`, value: t.id })),
          help: 'The event takes its scoring, reward table and length from the template; change them below if needed.',
        },
        { key: 'name', label: 'Name', input: 'text', placeholder: kind === 'season' ? 'Season 12' : 'Weekend cup' },
        { key: 'description', label: 'Text shown to players', input: 'textarea' },
        { key: 'start', label: 'Start', input: 'dateTime', help: 'Fixed once the event is live.' },
        { key: 'end', label: 'End', input: 'dateTime', help: 'While live it can only move later.' },
        { key: 'recurrence', label: 'Repeat (cron, UTC+7)', input: 'text', placeholder: 'e.g. 0 9 * * 1 (Mondays 09:00); empty = once', help: 'At the end the next event starts at the next matching minute, same length.' },
        ...(kind === 'exp' ? [] : [{ key: 'scoring', label: 'Scoring', input: 'select' as const, options: [{ label: "The template's", value: '' }, { label: 'Best score counts', value: 'best' }, { label: 'Latest score counts', value: 'latest' }, { label: 'Scores add up (increment)', value: 'increment' }], placeholder: "The template's", help: 'Fixed once the event is live.' }]),
        {
          key: 'rewardSpec', label: 'Rewards by rank', input: 'rankRewards', tiers: kind === 'season', placeholder: 'Choose a template: its reward table shows here.', help: 'Fixed once the event has ended.',
          itemsApp: (values, ctx: LiveContext) => ctx?.templates?.find((t) => t.id === Number(values.templateId))?.appId,
        },
      ],
      initial: (ctx) => {
        const start = Math.ceil(nowMs() / 3_600_000) * 3_600_000 + 3_600_000;
        // Several templates: none is picked for the person (one only: that one, and what it supplies).
        return { templateId: ctx.templates.length === 1 ? ctx.templates[0]!.id : undefined, start: formatDateTime(start), end: formatDateTime(start + (kind === 'season' ? 7 : 3) * DAY_MS), recurrence: '', scoring: kind === 'exp' ? 'increment' : '', rewardSpec: '', description: '' };
      },
      fixed: (_ctx, row) => (row ? { id: row.id, templateId: row.templateId, ...(kind === 'exp' ? { scoring: 'increment' } : {}) } : kind === 'exp' ? { scoring: 'increment' } : {}),
      editable: (r) => r.status !== 'cancelled',
      // With no template there is nothing to make an event from: the note links to the templates instead.
      canCreate: (ctx) => Boolean(ctx?.templates?.length),
      preset: (ctx, query) => {
        const id = Number(query.get('template'));
        return ctx?.templates?.some((t) => t.id === id) ? { templateId: id } : null;
      },
      createLabel: words.create,
      empty: `No ${words.singular} yet.`,
      search: 'client',
      note: (ctx) =>
        ctx?.templates?.length
          ? { text: 'Status moves by itself at the start and end (job live_events, every minute); rewards go out once after the end. Ties: the earlier reach of a score ranks first.' }
          : { text: `Create a ${kind === 'season' ? 'season' : 'ranking'} template first${kind === 'exp' ? ' (scoring: scores add up)' : ''}.`, link: { label: 'Templates', href: TEMPLATE_ROUTES[kind === 'season' ? 'season' : 'ranking'] } },
      toasts: toastsOf('Event'),
      rowActions: [
        {
          id: 'reward',
          label: 'Reward now',
          icon: 'pi pi-gift',
          compact: true,
          contract: c.reward,
          input: (r) => ({ id: r.id }),
          hidden: (r) => r.status !== 'ended' && !(r.status === 'live' && Date.parse(r.endsAt) <= nowMs()),
          confirm: { header: 'Reward now', message: (r) => `Grant the rewards of "${r.name}" now? Each ranked player gets their reward once.` },
          done: (r) => ({ severity: 'success', text: `Rewards of ${r.name} granted` }),
        },
        {
          id: 'cancel',
          label: 'Cancel event',
          icon: 'pi pi-ban',
          compact: true,
          severity: () => 'danger',
          contract: c.cancel,
          input: (r) => ({ id: r.id }),
          hidden: (r) => r.status !== 'scheduled' && r.status !== 'live',
          confirm: { header: 'Cancel event', message: (r) => `Cancel "${r.name}"? Players can no longer join or score, and nobody is rewarded.` },
          done: (r) => ({ severity: 'success', text: `Event ${r.name} cancelled` }),
        },
      ],
      drill: {
        label: (r) => `Standings of ${r.name}`, icon: 'pi pi-chart-bar', tooltip: 'Standings', title: (r) => `Standings — ${r.name} (${summary(r)}${r.rewardResult ? `; ${r.rewardResult}` : ''})`,
        resource: () => standings, context: (r) => ({ id: r.id }),
        panel: drillPanel({
          contract: c.view,
          input: (r: LiveEvent) => ({ id: r.id }),
          show: (v) => ({
            figures: [
              { label: 'Participants', value: formatCount(v.participants) },
              { label: 'Scored players', value: formatCount(v.scored) },
              { label: 'Brackets', value: formatCount(v.brackets) },
              { label: 'Rewards granted', value: formatCount(v.granted) },
              { label: 'Rewards claimed', value: formatCount(v.claimed) },
            ],
            bars: { title: 'Score distribution', rows: v.distribution.map((b) => ({ label: b.label, value: b.players })), empty: 'No scores yet' },
          }),
        }),
      },
      idPrefix: `le-${kind}`,
    }),
  };
}

export const liveTemplateResources = { ranking: templateResource('ranking'), season: templateResource('season') };
const built = { ranking: eventResource('ranking'), exp: eventResource('exp'), season: eventResource('season') };
export const liveEventResources = { ranking: built.ranking.events, exp: built.exp.events, season: built.season.events };
export const liveResources = [
  liveTemplateResources.ranking, liveTemplateResources.season,
  ...Object.values(built).flatMap((b) => [b.events, b.standings]),
];
