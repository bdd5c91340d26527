import { formatDateTime } from '../time/format';
import { appName, appOptions, type AppsContext } from '../resources/app-fields';
import { defineResource, ofEditedRow } from '../resources/define';
import {
  researchDeleteContract, researchListContract, researchReadContract, researchSaveContract, researchVersionsContract,
  type ResearchVersionRow,
} from './contract';

/** The Research screen (/research/index) and a note's version history, as resources. Shared by browser and server. */

const appNames = (ids: string[], ctx: AppsContext) => ids.map((id) => appName(ctx, id)).join(', ');

interface ReadAnswer {
  title: string;
  html: string;
  version: number;
  savedBy: string;
  savedAt: string;
}
const document = (data: unknown) => {
  const d = data as ReadAnswer;
  return { title: d.title, meta: `Version ${d.version} · saved by ${d.savedBy} · ${formatDateTime(d.savedAt)}`, html: d.html };
};

export const researchVersionsResource = defineResource({
  id: 'research-versions',
  singular: 'version',
  contracts: { list: researchVersionsContract },
  rowKey: (r: ResearchVersionRow) => r.version,
  rowLabel: (r) => `version ${r.version}`,
  listInput: (ctx: { id: number }) => ({ id: ctx.id }),
  columns: [
    { key: 'version', label: 'Version', value: (r) => (r.current ? `${r.version} (current)` : r.version) },
    { key: 'title', label: 'Title' },
    { key: 'savedBy', label: 'Saved by' },
    { key: 'savedAt', label: 'Saved (UTC+7)', show: 'dateTime' },
  ],
  empty: 'No versions.',
  rowActions: [
    { id: 'read-version', label: 'Read', icon: 'pi pi-book', compact: true, reads: true, contract: researchReadContract, input: (r) => ({ id: r.noteId, version: r.version }), done: (_r, data) => ({ severity: 'info', text: '', document: document(data) }) },
  ],
  idPrefix: 'research-version',
});

export const researchResource = defineResource({
  id: 'research',
  singular: 'note',
  contracts: { list: researchListContract, save: researchSaveContract, remove: researchDeleteContract },
  rowLabel: (r) => `note “${r.title}”`,
  columns: [
    { key: 'title', label: 'Title', hint: (r, ctx: AppsContext) => [r.tags.map((t) => `#${t}`).join(' '), appNames(r.appIds, ctx)].filter(Boolean).join(' · ') || null },
    { key: 'author', label: 'Author' },
    { key: 'updatedAt', label: 'Updated (UTC+7)', show: 'dateTime', hint: (r) => (r.updatedBy !== r.author ? `by ${r.updatedBy}` : null) },
    { key: 'version', label: 'Version' },
    { key: 'attachments', label: 'Attachments', value: (r) => r.attachments.length || '—' },
  ],
  form: [
    { key: 'title', label: 'Title', input: 'text' },
    { key: 'body', label: 'Note (markdown)', input: 'textarea', placeholder: '## Findings\n- …', help: 'Markdown: headings, lists, **bold**, links, tables, code. Shown rendered; scripts and unsafe links are removed.' },
    { key: 'tags', label: 'Tags', input: 'chips', placeholder: 'e.g. retention, ua (Enter after each)' },
    { key: 'appIds', label: 'Apps', input: 'multi', options: appOptions, placeholder: 'No app' },
    { key: 'attachments', label: 'Attachment links', input: 'chips', placeholder: 'https://… (a file in S3, a sheet)', help: 'https links only; use the S3 browser (AWS S3) to upload a file and copy its link.' },
  ],
  initial: () => ({ title: '', body: '', tags: [], appIds: [], attachments: [] }),
  fixed: ofEditedRow('id'),
  editable: (r) => r.canEdit,
  removable: (r) => r.canEdit,
  createLabel: 'New note',
  editTitle: (r) => `Edit “${r.title}”`,
  toasts: { created: (r) => `Note “${r.title}” created`, saved: (r) => `Note “${r.title}” saved (version ${r.version})`, removed: (r) => `Note “${r.title}” deleted` },
  confirm: { header: () => 'Delete note', message: (r) => `Delete “${r.title}” and its ${r.version} version${r.version === 1 ? '' : 's'}?` },
  empty: 'No research notes yet.',
  search: { param: 'textSearch' },
  pageSize: 20,
  rowActions: [
    { id: 'read', label: 'Read', icon: 'pi pi-book', compact: true, reads: true, contract: researchReadContract, input: (r) => ({ id: r.id }), done: (_r, data) => ({ severity: 'info', text: '', document: document(data) }) },
  ],
  drill: { label: (r) => `History of ${r.title}`, icon: 'pi pi-history', tooltip: 'Versions', title: (r) => `Versions — ${r.title}`, resource: () => researchVersionsResource, context: (r) => ({ id: r.id }) },
  idPrefix: 'research',
});

export const researchResources = [researchResource, researchVersionsResource];
