import { z } from 'zod';
import type { Access, Contract, DataOf, RequestOf } from '../contract';
import { issueText } from '../http/issues';
import { hasAnyAction, type PrivateAction } from '../permissions';
import type { PhoneLayout } from '../ui/phone-table';
import { startingApp } from '../ui/starting-app';

/**
 * A list-and-form screen as a descriptor, shared by browser and server (no SQL here): the rows it lists and
 * how their cells read, the form that creates and edits one, the row actions and who may use them, the
 * texts of its states. The descriptor names the area's existing contracts (the spec's legacy paths stay as
 * they are); one generic view (src/islands/resources/ResourceView.tsx) renders every descriptor, the
 * area's api.ts serves the contracts, and the descriptor walk test (descriptors.test.ts) checks they agree.
 *
 * `Ctx` is what the screen knows besides the rows (the app of a detail panel, the apps and teams a select
 * offers); it is plain data, so a page can hand it to the island.
 */

/** Who holds which private actions (a session account, or the part of it an island receives). */
export type ActionHolder = Parameters<typeof hasAnyAction>[0];

/** Only what gating needs of an account, for an island's props. */
export function actionHolder(account: ActionHolder): ActionHolder {
  return { role: account.role, privateActions: [...account.privateActions], permissions: [...account.permissions] };
}

/** An option of a select, multi-select or the list filter. */
export interface ResourceOption {
  label: string;
  value: string | number;
  /** A checklist item's explanation, beside its label. */
  hint?: string;
}

/** A node of a tree field: a group (with children) or a leaf whose value is chosen. */
export interface TreeOption {
  value: string;
  label: string;
  children?: readonly TreeOption[];
}

/** How a cell is shown. */
export type CellKind = 'text' | 'code' | 'os' | 'dateTime' | 'day' | 'boolean' | 'list' | 'status';

export interface ResourceColumn<R, Ctx> {
  /** The row field shown (a dotted path for nested data, e.g. "data.price"), unless `value` says otherwise. */
  key: string;
  label: string;
  /** Default 'text'. 'dateTime' goes through formatDateTime (UTC+7); 'status' is a coloured tag. */
  show?: CellKind;
  /** The value of the cell when it is not the row's field as is (a name looked up in the context). */
  value?: (row: R, ctx: Ctx) => unknown;
  /** A muted second line under the value (a job's description, who changed an item). */
  hint?: (row: R, ctx: Ctx) => string | null | undefined;
  /** 'boolean' cells: the two words (default Yes/No). */
  yesNo?: readonly [string, string];
  /** 'status' cells: the tag's colour for a value. */
  severity?: (value: string) => 'success' | 'info' | 'warning' | 'danger' | 'secondary';
  sortable?: boolean;
}

/** The input of a form field. */
export type InputKind =
  | 'text' | 'password' | 'textarea' | 'number' | 'select' | 'multi' | 'checklist' | 'tree' | 'chips' | 'checkbox' | 'switch' | 'os' | 'date' | 'pairs'
  /** The app of a new row: by name with the id beside it; starts empty unless one app or the one last chosen. */
  | 'app'
  /** A moment, DD-MM-YYYY HH:mm on the studio's clock (the text the contracts take). */
  | 'dateTime'
  /** Rows of item and amount ([{ itemId, amount }]). */
  | 'rewards'
  /** A rank reward table: rank ranges, each with its items (the table's text). */
  | 'rankRewards'
  /** Ad creatives: rows of format, size and URL with a preview ([{ format, width, height, url }]). */
  | 'creatives';

export interface ResourceField<Ctx> {
  /** The save request's field (a dotted path: "data.price"); validation issues on that path show under it. */
  key: string;
  label: string;
  input: InputKind;
  /** select, multi and os: the choices (os: the platforms, "All platforms" included when 0 is allowed). */
  options?: readonly ResourceOption[] | ((ctx: Ctx) => readonly ResourceOption[]);
  /** tree: the nodes; the value is the list of chosen leaves (a role's screens). */
  tree?: (ctx: Ctx) => readonly TreeOption[];
  /** pairs: the choices of each pair's second part (a parameter's type). */
  pairOptions?: readonly string[];
  placeholder?: string;
  /** Shown under the input. */
  help?: string;
  /** Only asked when creating (the key of a row that cannot change). */
  createOnly?: boolean;
  /** Not shown when editing (a new account's first password). */
  hideOnEdit?: boolean;
  /** Left out of the request when empty (a secret that is kept unless replaced). */
  omitEmpty?: boolean;
  /** Greyed out while the form's other values make it moot (the app list of an account that sees every app). */
  disabledWhen?: (values: Record<string, unknown>) => boolean;
  /** rewards and rankRewards: the app whose items are offered (default the form's appId). */
  itemsApp?: (values: Record<string, unknown>, ctx: Ctx) => string | undefined;
  /** rankRewards: each range is led by a tier (a season). */
  tiers?: boolean;
  /** Other fields this one fills when chosen (a template's scoring and rewards); also applied to a preset. */
  fills?: (value: unknown, ctx: Ctx, values: Record<string, unknown>) => Record<string, unknown>;
}

/** A value shown once after a change (a generated password): a dialog with the value and a Copy button. */
export interface Revealed {
  title: string;
  /** What to do with it, above the value. */
  text: string;
  secret: string;
}

/** A document a row action opens to read: HTML the server rendered and sanitised (never markup built in the browser). */
export interface ReadDocument {
  title: string;
  /** A line under the title (who saved it, when). */
  meta: string;
  html: string;
}

/** A row action besides edit and delete: one call of a contract ("Run now"), gated by that contract's access. */
export interface ResourceRowAction<R, Ctx = unknown> {
  id: string;
  /** The button's words; a function when they follow the row ("Deactivate" / "Activate"). */
  label: string | ((row: R) => string);
  icon?: string | ((row: R) => string);
  severity?: (row: R) => 'success' | 'warning' | 'danger' | undefined;
  /** An icon button named "<label> <row label>" with the label as tooltip, beside edit and delete. */
  compact?: boolean;
  /** A compact button's accessible name when "<label> <row label>" does not read well. */
  name?: (row: R) => string;
  /** The call it makes; for a link (`href`), the call the target screen will make, which gates the button. */
  contract: Contract;
  input: (row: R) => Record<string, unknown>;
  /** A link to another screen instead of a call ("Create event" from a template): no toast, no reload. */
  href?: (row: R) => string;
  /** Asked before it runs (a change that ends sessions). */
  confirm?: { header: string; message: (row: R) => string };
  /** The toast after it ran (the answer's data is given), and a value to show once. */
  done: (row: R, data: unknown) => { severity: 'success' | 'error' | 'info'; text: string; reveal?: Revealed | null; document?: ReadDocument | null };
  /** The action only reads (opens a document): no toast, and the list is not reloaded after it. */
  reads?: boolean;
  disabled?: (row: R) => boolean;
  /** Rows it does not apply to (an account cannot deactivate itself). */
  hidden?: (row: R, ctx: Ctx) => boolean;
}

/** What a drill's panel shows: a few figures, and bars for categorical bands (an event's score distribution). */
export interface PanelContent {
  figures: { label: string; value: string }[];
  /** Drawn as horizontal bars, each as wide as its value over the largest; `empty` when there is none (or all are 0). */
  bars?: { title: string; rows: { label: string; value: number }[]; empty?: string };
}

/** Read from one GET contract when a drill opens, shown above its list. */
export interface DrillPanel<R> {
  contract: Contract;
  input: (row: R) => Record<string, unknown>;
  show: (data: unknown) => PanelContent;
}

/** A drill panel typed by its contract (its request from the row, its answer's data to figures and bars). */
export function drillPanel<R, C extends Contract>(panel: { contract: C; input: (row: R) => RequestOf<C>; show: (data: DataOf<C>) => PanelContent }): DrillPanel<R> {
  // Checked here against its contract, then stored erased beside panels of other contracts.
  return panel as unknown as DrillPanel<R>;
}

/** A list of related rows opened from a row in a dialog (a job's run history): another resource. */
export interface ResourceDrill<R> {
  label: (row: R) => string;
  icon: string;
  /** The icon button's tooltip: "Run history". */
  tooltip: string;
  title: (row: R) => string;
  resource: () => ResourceDescriptor;
  context: (row: R) => unknown;
  /** Figures and bars above the list, read when the dialog opens (an event's players and score distribution). */
  panel?: DrillPanel<R>;
}

export interface ResourceSpec<R, Ctx, List extends Contract, Save extends Contract, Remove extends Contract> {
  /** Names the descriptor (the registry, test ids `resource-<id>`, input ids `<idPrefix>-<field>`). */
  id: string;
  /** "pTracking entry", "team": how one row is called. */
  singular: string;
  /** How more rows are called: default the singular and an "s" ("teams"), said only where that is wrong ("pushes"). */
  plural?: string;
  /** The list contract answers the rows (its data's elements are the row type); save and remove change one. */
  contracts: { list: List; save?: Save; remove?: Remove };
  /**
   * The route that shows this screen on its own (a path of the route table): the route's screen is derived
   * from it (src/app/screens.ts `screenOf`), so the route table needs no `screen:` line. Panels and drills
   * shown inside another screen have none.
   */
  route?: string;
  /**
   * The area's service functions that answer the contracts, by name (the descriptor is shared with the
   * browser, so it names them; `src/lib/resources/serve.ts` finds them in the service module the area's
   * manifest gives as `services` and makes the API handlers). Each takes `(db, who, input)` — `who` is the
   * viewer for list, the actor for save and remove — and answers the contract's data (a server-paged list:
   * `{ data, totalRecord }`). Without it the area's api.ts lists the handlers by hand.
   */
  serve?: { list?: string; save?: string; remove?: string };
  /** A row's stable key: default its `id`; a row without one must say (see `defineResource`). */
  rowKey?: (row: R) => string | number;
  /** How a row is named in buttons and dialogs: "Edit appsflyer", "Delete the publish date 01-11-2026". */
  rowLabel: (row: R) => string;
  /**
   * The list request for this context (its text filter and paging added by the view); default an empty
   * request, so it is required only of a list contract that asks something (see `defineResource`).
   */
  listInput?: (ctx: Ctx, filter: { filter?: string | null }) => RequestOf<List>;
  columns: readonly ResourceColumn<R, Ctx>[];
  /** The form; every key is a field of the save request. */
  form?: readonly ResourceField<Ctx>[];
  /** What a new row's form starts with. */
  initial?: (ctx: Ctx) => Record<string, unknown>;
  /** Request fields the form does not ask: the app of the panel, the id of the edited row. */
  fixed?: (ctx: Ctx, row: R | null) => Record<string, unknown>;
  /** The remove request for a row (default `{ id }`). */
  removeInput?: (row: R, ctx: Ctx) => RequestOf<Remove>;
  /** Rows that may be edited or deleted (versions the SDK reported may not). */
  editable?: (row: R) => boolean;
  /** Rows that may be deleted, besides `editable` (an account cannot delete itself). */
  removable?: (row: R, ctx: Ctx) => boolean;
  /** The saved row in the save answer, and a value to show once (default: the answer is the row). */
  saved?: (data: unknown) => { row: R; reveal?: Revealed | null };
  /** Server sorting of a server-paged list: the request fields and the first order; `sortable` columns sort. */
  serverSort?: { param: string; orderParam: string; field: string; order: 'asc' | 'desc' };
  /** False when the save contract only changes existing rows (jobs). */
  create?: boolean;
  /** Whether a new row can be made in this context (no template yet: the note says what to do instead). */
  canCreate?: (ctx: Ctx) => boolean;
  /** Values a new row's form opens with, read from the page's query (`?template=3`); null: nothing to open. */
  preset?: (ctx: Ctx, query: URLSearchParams) => Record<string, unknown> | null;
  /** The create button and the new-row dialog's title: "Add partner". */
  createLabel?: string;
  /** The edit dialog's title (default "Edit <rowLabel>"). */
  editTitle?: (row: R) => string;
  confirm?: { header?: (row: R) => string; message?: (row: R) => string };
  /** Toasts after a change (a read-only list has none); defaults name the row, and a new row's is the saved one's. */
  toasts?: { created?: (row: R) => string; saved?: (row: R) => string; removed?: (row: R) => string };
  /** The empty list; with the create action when the viewer may create. */
  empty: string;
  /** A line above the list; `link` appended. */
  note?: (ctx: Ctx) => { text: string; link?: { label: string; href: string } } | null;
  /** 'client': over the shown rows; `{ param }`: the list contract's text filter. */
  search?: 'client' | { param: string };
  /** A dropdown over the list that fills one list request field (scope). */
  filter?: { label: string; placeholder: string; options: (ctx: Ctx) => readonly ResourceOption[] };
  /** Rows per page: server paging when the list contract answers `{ data, totalRecord }`, else client paging. */
  pageSize?: number;
  rowActions?: readonly ResourceRowAction<R, Ctx>[];
  drill?: ResourceDrill<R>;
  /** Prefix of input ids (default the id). */
  idPrefix?: string;
  /** How the list fits a phone (below 600 px): stacked rows, priority columns, or (default) sideways scroll with a cue. */
  phone?: PhoneLayout;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface ResourceDescriptor<R = any, Ctx = any, List extends Contract = Contract, Save extends Contract = Contract, Remove extends Contract = Contract>
  extends ResourceSpec<R, Ctx, List, Save, Remove> {
  /** The row as the list answers it: the element of the list contract's data. */
  row: z.ZodType<R>;
  plural: string;
  rowKey: (row: R) => string | number;
  /** The private actions each button needs: read from the contracts' access, so buttons and server agree. */
  gates: { create: readonly PrivateAction[] | null; edit: readonly PrivateAction[] | null; remove: readonly PrivateAction[] | null; rowActions: Record<string, readonly PrivateAction[]> };
}

/** The private actions a contract needs (empty: any account on the route); null when there is no contract. */
export function actionsOf(contract: Contract | undefined): readonly PrivateAction[] | null {
  if (!contract) return null;
  const access: Access = contract.access;
  return typeof access === 'object' ? (access.actions ?? []) : [];
}

/** Whether the holder may use a gated button (null: the resource has no such action). */
export function allows(holder: ActionHolder, gate: readonly PrivateAction[] | null): boolean {
  return gate !== null && hasAnyAction(holder, gate);
}

/** The row a list contract answers: the element of its data (a list answers an array, paged or not). */
export type ListRow<List extends Contract> = DataOf<List> extends readonly (infer E)[] ? E : never;

/** Most rows carry their key as `id`. */
type KeyedById = { id: string | number };

/**
 * What a spec must say besides `ResourceSpec`'s required fields, known only from its types: the key of a
 * row without an `id`, and the list request of a list contract that asks something. (Said as required
 * properties over `ResourceSpec`'s optional ones, so that the types are still inferred from the latter.)
 */
type SaidWithoutDefault<R, List extends Contract> = ([R] extends [KeyedById] ? unknown : { rowKey: unknown }) & (Record<string, never> extends RequestOf<List> ? unknown : { listInput: unknown });

/**
 * Describes a list-and-form screen; fills in the defaults and derives the button gating from the contracts.
 * The row type is the list contract's, so the contracts are inferred first and every row callback is typed by them.
 */
export function defineResource<List extends Contract, Ctx = Record<string, never>, Save extends Contract = Contract, Remove extends Contract = Contract>(
  spec: ResourceSpec<ListRow<List>, Ctx, List, Save, Remove> & { contracts: { list: List; save?: Save; remove?: Remove } } & SaidWithoutDefault<ListRow<List>, List>,
): ResourceDescriptor<ListRow<List>, Ctx, List, Save, Remove> {
  const save = actionsOf(spec.contracts.save);
  return {
    ...spec,
    row: (spec.contracts.list.data as z.ZodArray<z.ZodType<ListRow<List>>>).element,
    plural: spec.plural ?? `${spec.singular}s`,
    rowKey: spec.rowKey ?? ((row) => (row as KeyedById).id),
    gates: {
      create: spec.create === false ? null : save,
      edit: spec.form?.length ? save : null,
      remove: actionsOf(spec.contracts.remove),
      rowActions: Object.fromEntries((spec.rowActions ?? []).map((a) => [a.id, actionsOf(a.contract) ?? []])),
    },
  };
}

/**
 * `fixed` of a save contract that creates a row when the given fields are absent and changes the row they
 * name (its id; its app, which a saved row keeps): the edited row's values, none for a new row.
 */
export function ofEditedRow<K extends string>(...keys: K[]) {
  return (_ctx: unknown, row: { readonly [k in K]: unknown } | null): Record<string, unknown> => (row ? Object.fromEntries(keys.map((k) => [k, row[k]])) : {});
}

/** The toasts after a change that name the row by a kind and its name: "Experiment A created", "… saved", "… deleted". */
export function toastsOf(kind: string) {
  return { created: (row: { name: string }) => `${kind} ${row.name} created`, saved: (row: { name: string }) => `${kind} ${row.name} saved`, removed: (row: { name: string }) => `${kind} ${row.name} deleted` };
}

/** The value at a dotted path ("data.price"). */
export function getPath(source: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), source);
}

/** A copy of `target` with the value set at a dotted path. */
export function setPath(target: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const [head, ...rest] = path.split('.');
  if (!rest.length) return { ...target, [head!]: value };
  const inner = (target[head!] && typeof target[head!] === 'object' ? target[head!] : {}) as Record<string, unknown>;
  return { ...target, [head!]: setPath(inner, rest.join('.'), value) };
}

/** The form's values for a row (its fields picked by key), or the initial values of a new row. */
export function formValues<R, Ctx>(d: ResourceDescriptor<R, Ctx>, ctx: Ctx, row: R | null): Record<string, unknown> {
  const start: Record<string, unknown> = row ? {} : (d.initial?.(ctx) ?? {});
  let values: Record<string, unknown> = {};
  for (const field of d.form ?? []) {
    const value = row ? getPath(row, field.key) : start[field.key];
    if (row && field.omitEmpty) continue;
    if (value !== undefined) values = { ...values, [field.key]: value };
  }
  return values;
}

/** A field's choices in this context. */
export const optionsOf = <Ctx>(field: ResourceField<Ctx>, ctx: Ctx): readonly ResourceOption[] => (typeof field.options === 'function' ? field.options(ctx) : (field.options ?? []));

/** The values a form opens with: the row's, or a new row's with its app chosen by the rule and the preset laid over. */
export function openingValues<R, Ctx>(d: ResourceDescriptor<R, Ctx>, ctx: Ctx, row: R | null, formApp: string | null | undefined, preset: Record<string, unknown> | null | undefined): Record<string, unknown> {
  let values = formValues(d, ctx, row);
  if (row) return values;
  for (const field of d.form ?? []) {
    if (field.input === 'app') values[field.key] = startingApp(optionsOf(field, ctx).map((o) => String(o.value)), formApp);
  }
  values = { ...values, ...(preset ?? {}) };
  for (const field of d.form ?? []) {
    if (field.fills && values[field.key] !== undefined && values[field.key] !== null) values = { ...values, ...field.fills(values[field.key], ctx, values) };
  }
  return values;
}

/** The save request the form sends: its values at their paths, plus the fixed fields. */
export function saveRequest<R, Ctx>(d: ResourceDescriptor<R, Ctx>, ctx: Ctx, row: R | null, values: Record<string, unknown>): Record<string, unknown> {
  let request: Record<string, unknown> = { ...(d.fixed?.(ctx, row) ?? {}) };
  for (const field of d.form ?? []) {
    const value = values[field.key];
    if (value === undefined || (field.omitEmpty && value === '')) continue;
    request = setPath(request, field.key, value);
  }
  return request;
}

/** Validates a save request with the save contract's schema: messages by form field, the rest for the form's foot. */
export function validateSave<R, Ctx>(d: ResourceDescriptor<R, Ctx>, request: Record<string, unknown>): { ok: true; data: unknown } | { ok: false; byField: Record<string, string>; rest: string } {
  const schema = d.contracts.save?.request;
  if (!schema) return { ok: true, data: request };
  const parsed = schema.safeParse(request);
  if (parsed.success) return { ok: true, data: parsed.data };
  const keys = (d.form ?? []).map((f) => f.key);
  const byField: Record<string, string> = {};
  const rest: string[] = [];
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String).join('.');
    // An issue deep in a list (events.2) belongs to the list's field.
    const field = keys.find((k) => path === k || path.startsWith(`${k}.`));
    const text = issueText(issue, request);
    if (field) byField[field] ??= text;
    else rest.push(`${path || 'body'}: ${text}`);
  }
  return { ok: false, byField, rest: rest.join('; ') };
}

/** The row type of a descriptor. */
export type RowOf<D> = D extends ResourceDescriptor<infer R> ? R : never;
