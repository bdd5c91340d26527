import type { ReportDescriptor } from '../lib/reports/define';

/**
 * The modules that define report descriptors, each loaded on its own (issue 41, a light first visit): a report
 * screen's island loads the one module of its descriptor, never the registry of every area
 * (`./screens.ts`, which brought every area's report and list descriptors with their contracts into each
 * report page). A module that defines reports must be listed here; `report-modules.test.ts` fails otherwise.
 */
export const reportModules = {
  analytics: () => import('../lib/analytics/screens'),
  'analytics/play': () => import('../lib/analytics/play/screens'),
  'analytics/money': () => import('../lib/analytics/money/screens'),
  'analytics/cohort': () => import('../lib/analytics/cohort/screens'),
  'analytics/stuck': () => import('../lib/analytics/stuck/screens'),
  experiments: () => import('../lib/experiments/screens'),
  finance: () => import('../lib/finance/screens'),
  'finance/reconciliation': () => import('../lib/finance/reconciliation'),
  'house-ads': () => import('../lib/house-ads/screens'),
  'progress-events': () => import('../lib/progress-events/screens'),
} satisfies Record<string, () => Promise<Record<string, unknown>>>;

export type ReportModule = keyof typeof reportModules;

const isDescriptor = (value: unknown, id: string): value is ReportDescriptor =>
  typeof value === 'object' && value !== null && (value as { id?: unknown }).id === id && 'contract' in value && 'table' in value;

/** Descriptors already loaded, by module and id: what the server render and a hydrated screen read synchronously. */
const loaded = new Map<string, ReportDescriptor>();
const loading = new Map<string, Promise<ReportDescriptor>>();
const keyOf = (module: ReportModule, id: string) => `${module}:${id}`;

/** The descriptor `id` of `module` if it is loaded; undefined before `loadReport` resolved. */
export function loadedReport(module: ReportModule, id: string): ReportDescriptor | undefined {
  return loaded.get(keyOf(module, id));
}

/** Loads the module of a report and answers its descriptor (one promise per descriptor, so React's `use` may hold it). */
export function loadReport(module: ReportModule, id: string): Promise<ReportDescriptor> {
  const key = keyOf(module, id);
  let promise = loading.get(key);
  if (!promise) {
    promise = reportModules[module]().then((exports) => {
      const descriptor = Object.values(exports).find((value) => isDescriptor(value, id));
      if (!descriptor) throw new Error(`No report "${id}" in the module "${module}" (src/app/report-modules.ts).`);
      loaded.set(key, descriptor);
      return descriptor;
    });
    loading.set(key, promise);
  }
  return promise;
}

let modulesById: Promise<Map<string, ReportModule>> | undefined;

/** The module that defines report `id` (the server asks, to tell the browser which one to load). */
export async function reportModuleOf(id: string): Promise<ReportModule> {
  modulesById ??= (async () => {
    const byId = new Map<string, ReportModule>();
    for (const [module, load] of Object.entries(reportModules) as [ReportModule, () => Promise<Record<string, unknown>>][]) {
      for (const value of Object.values(await load())) if (isDescriptor(value, (value as { id?: unknown } | null)?.id as string)) byId.set((value as ReportDescriptor).id, module);
    }
    return byId;
  })();
  const module = (await modulesById).get(id);
  if (!module) throw new Error(`No module of src/app/report-modules.ts defines the report "${id}".`);
  return module;
}
