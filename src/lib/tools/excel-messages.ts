import type { JsonRecord } from './excel-json';

/** What the page asks the Excel worker (src/lib/tools/excel.worker.ts) and what it answers. */
export type WorkerRequest =
  | { type: 'open'; buffer: ArrayBuffer; fileName: string }
  | { type: 'toJson'; sheet: string; headerRow: number; previewRows: number }
  | { type: 'toXlsx'; items: Record<string, unknown>[]; sheetName?: string };

export type WorkerAnswer =
  | { type: 'opened'; sheets: Array<{ name: string; rows: number }> }
  /** The whole JSON as text (a string crosses to the page cheaply; 150 000 objects cost the page seconds) and a preview. */
  | { type: 'json'; columns: string[]; preview: JsonRecord[]; count: number; text: string }
  | { type: 'xlsx'; buffer: ArrayBuffer; columns: number; rows: number };

type AnswerOf<T extends WorkerRequest['type']> = Extract<WorkerAnswer, { type: { open: 'opened'; toJson: 'json'; toXlsx: 'xlsx' }[T] }>;

/** One worker per screen, started on first use; each request is answered by id. */
export function excelWorker() {
  let worker: Worker | null = null;
  let seq = 0;
  const pending = new Map<number, { resolve: (v: WorkerAnswer) => void; reject: (e: Error) => void }>();
  const start = () => {
    const w = new Worker(new URL('./excel.worker.ts', import.meta.url), { type: 'module' });
    w.onmessage = (event: MessageEvent<{ id: number; ok: boolean; result?: WorkerAnswer; message?: string }>) => {
      const waiting = pending.get(event.data.id);
      pending.delete(event.data.id);
      if (event.data.ok) waiting?.resolve(event.data.result!);
      else waiting?.reject(new Error(event.data.message));
    };
    w.onerror = (event) => {
      for (const p of pending.values()) p.reject(new Error(event.message || 'The Excel worker failed.'));
      pending.clear();
    };
    return w;
  };
  return {
    ask<R extends WorkerRequest>(request: R, transfer: Transferable[] = []): Promise<AnswerOf<R['type']>> {
      worker ??= start();
      const id = ++seq;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve: resolve as (v: WorkerAnswer) => void, reject });
        worker!.postMessage({ ...request, id }, transfer);
      });
    },
  };
}
