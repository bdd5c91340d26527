/**
 * Where the demo studio stands in this process: `none` (no demo data to prepare), `preparing` (being seeded
 * after start-up, while the console already answers), `ready`, or `failed`. Start-up (src/app/startup.ts)
 * sets it; the health check and the layout's banner read it. Kept on globalThis so every chunk of the server
 * bundle sees the one state.
 */
export type DemoPreparation = 'none' | 'preparing' | 'ready' | 'failed';

const holder = globalThis as typeof globalThis & { __gsmDemo?: DemoPreparation };

export function demoPreparation(): DemoPreparation {
  return holder.__gsmDemo ?? 'none';
}

export function setDemoPreparation(state: DemoPreparation): void {
  holder.__gsmDemo = state;
}
