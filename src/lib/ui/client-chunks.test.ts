import { describe, expect, it } from 'vitest';
import { clientChunkOf } from './client-chunks';

const nm = (path: string) => `/repo/node_modules/${path}`;

describe('the browser files modules are grouped into', () => {
  it('puts React and its renderer in one file, the stores and the bundler helpers in the shell', () => {
    expect(clientChunkOf(nm('react-dom/cjs/react-dom-client.production.js'))).toBe('react');
    expect(clientChunkOf(nm('react/jsx-runtime.js'))).toBe('react');
    expect(clientChunkOf(nm('@astrojs/react/dist/client.js'))).toBe('react');
    expect(clientChunkOf(nm('nanostores/atom/index.js'))).toBe('shell');
    expect(clientChunkOf('/repo/src/lib/ui/toast-store.ts')).toBe('shell');
    expect(clientChunkOf('\0vite/preload-helper.js')).toBe('shell');
  });

  it('groups PrimeReact’s core but leaves its components to the screens that use them', () => {
    expect(clientChunkOf(nm('primereact/componentbase/componentbase.esm.js'))).toBe('prime-core');
    expect(clientChunkOf(nm('primereact/button/button.esm.js'))).toBe('prime-core');
    expect(clientChunkOf(nm('primereact/icons/chevrondown/index.esm.js'))).toBe('prime-core');
    expect(clientChunkOf(nm('primereact/icons/calendar/index.esm.js'))).toBeNull();
    expect(clientChunkOf(nm('react-transition-group/esm/Transition.js'))).toBe('prime-core');
    expect(clientChunkOf(nm('primereact/datatable/datatable.esm.js'))).toBeNull();
    expect(clientChunkOf(nm('primereact/dropdown/dropdown.esm.js'))).toBeNull();
  });

  it('groups the requester with zod and ky, not an area’s contracts', () => {
    expect(clientChunkOf(nm('zod/v4/core/schemas.js'))).toBe('requester');
    expect(clientChunkOf(nm('ky/distribution/core/Ky.js'))).toBe('requester');
    expect(clientChunkOf('/repo/src/lib/contract.ts')).toBe('requester');
    expect(clientChunkOf('/repo/src/lib/http/requester.ts')).toBe('requester');
    expect(clientChunkOf('/repo/src/lib/posts/contract.ts')).toBeNull();
  });

  it('groups dates and numbers; leaves chart.js, Quill and island code alone', () => {
    expect(clientChunkOf(nm('dayjs/dayjs.min.js'))).toBe('format');
    expect(clientChunkOf('/repo/src/lib/time/format.ts')).toBe('format');
    expect(clientChunkOf('/repo/src/lib/numbers.ts')).toBe('format');
    expect(clientChunkOf(nm('chart.js/dist/chart.js'))).toBeNull();
    expect(clientChunkOf(nm('quill/quill.js'))).toBeNull();
    expect(clientChunkOf('/repo/src/islands/reports/ReportScreen.tsx')).toBeNull();
  });
});
