import '../../lib/ui/prime';
import { useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { confirmDialog, ConfirmDialog } from 'primereact/confirmdialog';
import { Dropdown } from 'primereact/dropdown';
import { ProgressBar } from 'primereact/progressbar';
import { Toast } from 'primereact/toast';
import { api } from '../../lib/http/client';
import { s3DeleteContract, s3DownloadContract, s3ListContract, s3UploadAbortContract, s3UploadCompleteContract, s3UploadStartContract, type S3Listing, type S3Object } from '../../lib/s3/contract';
import { formatDateTime } from '../../lib/time/format';
import type { ListColumn } from '../../lib/ui/list/columns';
import { useListAnswers } from '../../lib/ui/list/list-answer';
import { useResourceList } from '../../lib/ui/list/use-resource-list';
import { ListTable } from '../common/ListTable';
import { listFolder } from './list-folder';

const sizeText = (n: number) => (n < 1024 ? `${n} B` : n < 1024 ** 2 ? `${(n / 1024).toFixed(1)} KB` : n < 1024 ** 3 ? `${(n / 1024 ** 2).toFixed(1)} MB` : `${(n / 1024 ** 3).toFixed(2)} GB`);

/** PUT one body to a presigned URL with progress (fetch has no upload progress; XHR does). Answers the ETag. */
function putWithProgress(url: string, body: Blob, onProgress: (sent: number) => void): Promise<string> {
  return new Promise((done, fail) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.upload.onprogress = (e) => onProgress(e.loaded);
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? done(xhr.getResponseHeader('ETag') ?? '') : fail(new Error(`S3 refused the upload (${xhr.status}).`)));
    xhr.onerror = () => fail(new Error('The upload could not reach S3.'));
    xhr.send(body);
  });
}

type Row = { kind: 'folder'; key: string } | { kind: 'file'; key: string; object: S3Object };

/**
 * AWS S3: pick a bucket, walk its folders, upload (progress bar), download by presigned URL, delete, copy a
 * public link. The folder's entries are a list on the controller: the bucket and folder are its filters (in
 * the URL: a reload opens the same folder; an empty bucket is the server's first), and the listing's other
 * facts (the buckets, the next page, whether the account may edit) come with the rows' answer.
 */
export default function S3Browser({ initial }: { initial: S3Listing }) {
  const [pages, setPages] = useState(1);
  const [progress, setProgress] = useState<number | null>(null);
  const toast = useRef<Toast>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const answers = useListAnswers<S3Listing>();
  const list = useResourceList<Row, { bucket: string; prefix: string }>({
    filters: { bucket: '', prefix: '' },
    serverPaged: false,
    pageSize: 10_000,
    depends: String(pages),
    load: async ({ filters }) => {
      // Nothing to ask a server without S3 settings: the screen says so instead.
      if (!initial.configured) return { data: [] };
      const listing = await listFolder(async (q) => (await api(s3ListContract, q)).data, filters.bucket, filters.prefix, pages);
      const rows: Row[] = [...listing.folders.map((f) => ({ kind: 'folder' as const, key: f })), ...listing.objects.map((o) => ({ kind: 'file' as const, key: o.key, object: o }))];
      return { data: answers.keep(rows, listing) };
    },
  });
  const listing = answers.of(list.rows);
  /** Another folder (or bucket) from its first page. */
  const open = (bucket: string, prefix: string) => {
    setPages(1);
    list.setFilters({ bucket, prefix });
  };

  if (!initial.configured) return <section className="card"><p>S3 is not configured on this server: set S3_BUCKETS (and S3_ENDPOINT, S3_REGION, the key pair).</p></section>;
  const bucket = listing?.bucket ?? list.applied.filters.bucket;
  const prefix = listing?.prefix ?? list.applied.filters.prefix;
  const canEdit = listing?.canEdit ?? false;
  const crumbs = prefix.split('/').filter(Boolean);

  const upload = async (file: File) => {
    const key = `${prefix}${file.name}`;
    setProgress(0);
    try {
      const { data: start } = await api(s3UploadStartContract, { bucket, key, size: file.size, contentType: file.type });
      if (start.mode === 'single') {
        await putWithProgress(start.url, file, (sent) => setProgress(Math.round((sent / Math.max(file.size, 1)) * 100)));
        await api(s3UploadCompleteContract, { bucket, key });
      } else {
        const sentByPart = new Map<number, number>();
        const parts: { partNumber: number; etag: string }[] = [];
        try {
          for (const part of start.parts) {
            const chunk = file.slice((part.partNumber - 1) * start.partSize, part.partNumber * start.partSize);
            const etag = await putWithProgress(part.url, chunk, (sent) => {
              sentByPart.set(part.partNumber, sent);
              setProgress(Math.round(([...sentByPart.values()].reduce((a, b) => a + b, 0) / file.size) * 100));
            });
            parts.push({ partNumber: part.partNumber, etag });
          }
        } catch (error) {
          await api(s3UploadAbortContract, { bucket, key, uploadId: start.uploadId }).catch(() => undefined);
          throw error;
        }
        await api(s3UploadCompleteContract, { bucket, key, uploadId: start.uploadId, parts });
      }
      toast.current?.show({ severity: 'success', summary: `Uploaded ${file.name}` });
      await list.reload();
    } catch (error) {
      toast.current?.show({ severity: 'error', summary: error instanceof Error ? error.message : 'Upload failed' });
    } finally {
      setProgress(null);
    }
  };

  const download = async (o: S3Object) => {
    const { data } = await api(s3DownloadContract, { bucket, key: o.key });
    window.location.assign(data.url);
  };
  const remove = (o: S3Object) =>
    confirmDialog({
      header: 'Delete file',
      message: `Delete ${o.key}? This cannot be undone.`,
      acceptClassName: 'p-button-danger',
      accept: async () => {
        await api(s3DeleteContract, { bucket, key: o.key });
        toast.current?.show({ severity: 'success', summary: `Deleted ${o.key.split('/').pop()}` });
        await list.reload();
      },
    });
  const copy = async (o: S3Object) => {
    await navigator.clipboard.writeText(o.publicUrl);
    toast.current?.show({ severity: 'info', summary: 'Public URL copied' });
  };

  const columns: ListColumn<Row>[] = [
    {
      key: 'key',
      header: 'Name',
      body: (r) => (r.kind === 'folder' ? <Button text icon="pi pi-folder" label={r.key.slice(prefix.length)} onClick={() => open(bucket, r.key)} /> : <span><i className="pi pi-file" /> {r.key.slice(prefix.length)}</span>),
    },
    { key: 'size', header: 'Size', text: (r) => (r.kind === 'file' ? sizeText(r.object.size) : '') },
    { key: 'lastModified', header: 'Last modified', className: 'date-time', text: (r) => (r.kind === 'file' && r.object.lastModified ? formatDateTime(r.object.lastModified) : '') },
  ];
  return (
    <section className="card">
      <Toast ref={toast} />
      <ConfirmDialog />
      <div className="toolbar">
        <Dropdown value={bucket || null} options={listing?.buckets ?? []} onChange={(e) => open(e.value as string, '')} aria-label="Bucket" />
        {canEdit && (
          <>
            <input ref={fileInput} type="file" hidden aria-label="File to upload" onChange={(e) => { const f = e.target.files?.[0]; e.target.value = ''; if (f) void upload(f); }} />
            <Button label="Upload" icon="pi pi-upload" disabled={progress !== null} onClick={() => fileInput.current?.click()} />
          </>
        )}
        <Button label="Refresh" icon="pi pi-refresh" text loading={list.loading} onClick={() => void list.reload()} />
      </div>
      <nav aria-label="Folders" className="s3-crumbs">
        <Button text label={bucket} onClick={() => open(bucket, '')} />
        {crumbs.map((c, i) => (
          <span key={i}>
            {' / '}
            <Button text label={c} onClick={() => open(bucket, `${crumbs.slice(0, i + 1).join('/')}/`)} />
          </span>
        ))}
      </nav>
      {progress !== null && <ProgressBar value={progress} aria-label="Upload progress" />}
      <ListTable
        list={list}
        columns={columns}
        label="Files"
        what="The folder"
        dataKey="key"
        emptyMessage="No file in this folder."
        after={
          <Column
            header="Actions"
            body={(r: Row) =>
              r.kind !== 'file' ? null : (
                <span className="row-actions">
                  <Button icon="pi pi-download" text aria-label={`Download ${r.key}`} onClick={() => void download(r.object)} />
                  <Button icon="pi pi-link" text aria-label={`Copy public URL of ${r.key}`} onClick={() => void copy(r.object)} />
                  {canEdit && <Button icon="pi pi-trash" text severity="danger" aria-label={`Delete ${r.key}`} onClick={() => remove(r.object)} />}
                </span>
              )
            }
          />
        }
      />
      {listing?.nextToken && <Button label="More files" text onClick={() => setPages(pages + 1)} />}
    </section>
  );
}
