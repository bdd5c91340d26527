import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import ResourceView from '../islands/resources/ResourceView';
import type { Contract } from '../lib/contract';
import { apiHandlers } from './server';
import { configResources } from '../lib/config-data/resources';
import { describeIssues, splitFieldMessages } from '../lib/http/issues';
import { listTeamsContract, teamSchema } from '../lib/config-data/contract';
import { actionsOf, defineResource, ofEditedRow, saveRequest, toastsOf, validateSave, type ActionHolder, type ResourceDescriptor } from '../lib/resources/define';
import { resources } from './screens';

const key = (c: Contract) => `${c.method} ${c.path}`;
const registered = new Set(apiHandlers.map((h) => key(h.contract)));

/** One context every descriptor can render with: an app panel's, the apps, teams and accounts a form offers. */
const context = { appId: 'com.example.quiet', appName: 'Quiet', os: [1, 2], apps: [{ id: 'com.example.quiet', name: 'Quiet' }], templates: [{ id: 1, name: 'Cup', appId: 'com.example.quiet', scoring: 'increment', durationHours: 72, rewardSpec: '1: gem 1' }], teams: ['Core'], accounts: [{ username: 'root', name: 'Root' }], me: 'root', roles: ['pm'], routes: [], privateActions: [] };
const root: ActionHolder = { role: 'root', privateActions: [], permissions: [] };
const nobody: ActionHolder = { role: 'viewer', privateActions: [], permissions: [] };

/** The leaves of an object schema as dotted paths, each with whether a request may leave it out. */
function leaves(schema: z.ZodType, prefix = ''): { path: string; required: boolean }[] {
  if (!(schema instanceof z.ZodObject)) return [{ path: prefix, required: !schema.safeParse(undefined).success }];
  return Object.entries(schema.shape as Record<string, z.ZodType>).flatMap(([k, s]) => leaves(s, prefix ? `${prefix}.${k}` : k));
}

const render = (d: ResourceDescriptor, account: ActionHolder) =>
  renderToString(createElement(ResourceView, { descriptor: d, context, account, initialRows: [] })).replaceAll('<!-- -->', '');

describe('the resource form', () => {
  it('shows under a field the message the server sends for it, and places server refusals under their field', () => {
    const d = configResources.iap_config;
    const values = { scope: 'com.example.quiet', 'data.productId': 'gems_500', 'data.type': 'consumable', 'data.price': '4.999999', 'data.currency': 'usd' };
    const request = saveRequest(d, context, null, values);
    const checked = validateSave(d, request);
    expect(checked.ok).toBe(false);
    const server = describeIssues(d.contracts.save!.request.safeParse(request).error!, request);
    const fromServer = splitFieldMessages(server, (d.form ?? []).map((f) => f.key));
    expect(checked.ok ? null : checked.byField).toEqual(fromServer.byField);
    expect(fromServer.byField['data.price']).toBe('must be a decimal amount like 4.99');
    expect(fromServer.byField['data.currency']).toBe('must be an ISO 4217 code like USD');
    expect(splitFieldMessages('scope: choose the app this item belongs to.; Something else', ['scope'])).toEqual({ byField: { scope: 'choose the app this item belongs to.' }, rest: 'Something else' });
  });
});

describe('a descriptor', () => {
  const spec = { id: 'probe', singular: 'probe', contracts: { list: listTeamsContract }, rowLabel: (r: { name: string }) => r.name, columns: [], empty: 'None.' };

  it('takes its rows from the list contract, keys a row by its id and calls more rows by the singular and an "s", unless it says otherwise', () => {
    const team = { id: 7, name: 'a', description: '', members: [], apps: [] };
    const d = defineResource(spec);
    expect(d.row).toBe(teamSchema);
    expect([d.rowKey(team), d.plural, d.listInput]).toEqual([7, 'probes', undefined]);
    const said = defineResource({ ...spec, plural: 'probes said', rowKey: (r) => r.name });
    expect([said.rowKey(team), said.plural]).toEqual(['a', 'probes said']);
  });

  it('fixes the fields that name the edited row (none for a new row) and names the changed row in its toasts', () => {
    const row = { id: 3, appId: 'com.example.quiet', name: 'Spring' };
    const fixed = ofEditedRow('id', 'appId');
    expect([fixed(context, null), fixed(context, row)]).toEqual([{}, { id: 3, appId: 'com.example.quiet' }]);
    const toasts = toastsOf('Experiment');
    expect([toasts.created(row), toasts.saved(row), toasts.removed(row)]).toEqual(['Experiment Spring created', 'Experiment Spring saved', 'Experiment Spring deleted']);
  });
});

describe('every resource descriptor', () => {
  it('has a unique id', () => {
    expect(resources.length).toBeGreaterThanOrEqual(3);
    expect(new Set(resources.map((d) => d.id)).size).toBe(resources.length);
  });

  for (const d of resources) {
    const { list, save, remove } = d.contracts;
    it(`${d.id}: its contracts are served by the API registry`, () => {
      for (const c of [list, save, remove, ...(d.rowActions ?? []).map((a) => a.contract), d.drill?.panel?.contract].filter(Boolean) as Contract[]) expect(registered.has(key(c)), key(c)).toBe(true);
      // A drill's panel only reads.
      if (d.drill?.panel) expect(d.drill.panel.contract.method).toBe('GET');
    });

    it(`${d.id}: its form asks exactly the save request's fields (the rest fixed)`, () => {
      if (!save) return expect(d.form ?? []).toEqual([]);
      const fields = leaves(save.request);
      const formKeys = (d.form ?? []).map((f) => f.key);
      for (const k of formKeys) expect(fields.map((f) => f.path), `form field ${k}`).toContain(k);
      const fixedKeys = new Set(Object.keys(d.fixed?.(context, null) ?? {}));
      for (const f of fields.filter((f) => f.required)) {
        const top = f.path.split('.')[0]!;
        expect(formKeys.includes(f.path) || fixedKeys.has(top) || fixedKeys.has(f.path), `required ${f.path}`).toBe(true);
      }
    });

    it(`${d.id}: its columns show fields of its rows`, () => {
      const shape = (d.row as z.ZodObject).shape as Record<string, unknown>;
      for (const c of d.columns.filter((c) => !c.value)) expect(Object.keys(shape), `column ${c.key}`).toContain(c.key.split('.')[0]);
    });

    it(`${d.id}: its buttons need what the contracts' access needs`, () => {
      expect(d.gates.create).toEqual(d.create === false ? null : actionsOf(save));
      expect(d.gates.edit).toEqual(d.form?.length ? actionsOf(save) : null);
      expect(d.gates.remove).toEqual(actionsOf(remove));
      for (const a of d.rowActions ?? []) expect(d.gates.rowActions[a.id]).toEqual(actionsOf(a.contract));
    });

    it(`${d.id}: an empty list says so, with the create action only for who may create`, () => {
      const html = render(d, root);
      expect(html).toContain('data-testid="resource-empty"');
      expect(html).toContain(d.empty.replaceAll('"', '&quot;'));
      const createLabel = d.createLabel ?? `Add ${d.singular}`;
      const canCreate = Boolean(save) && d.create !== false;
      expect(html.includes(`>${createLabel}<`), 'root sees create').toBe(canCreate);
      const gated = (d.gates.create ?? []).length > 0;
      if (canCreate && gated) expect(render(d, nobody)).not.toContain(`>${createLabel}<`);
      if (canCreate && gated) expect(render(d, { role: 'viewer', privateActions: [...d.gates.create!], permissions: [] })).toContain(`>${createLabel}<`);
    });
  }
});
