import { afterEach, describe, expect, it, vi } from 'vitest';
import { $viewer, currentViewer, parseViewer, setViewerForTest, VIEWER_SCRIPT_ID, viewerJson, viewerOf, type Viewer } from './viewer-store';
import type { SessionAccount } from './types';

const account: SessionAccount = {
  id: 7, sessionId: 'secret-session', username: 'analyst', role: 'statistic', name: 'Ana </script><b>', avatar: '', introduction: '',
  paths: ['/dashboard'], privateActions: ['app_edit'], permissions: ['x'], listApp: ['com.gsm.blockpuzzle'], canViewAllApp: false, followTeam: [], excludeTeams: [],
};

afterEach(() => {
  vi.unstubAllGlobals();
  setViewerForTest(null);
});

describe('viewer store', () => {
  it('is null on the server: no request may leave a viewer in shared module state', () => {
    expect($viewer.get()).toBeNull();
    expect(currentViewer()).toBeNull();
  });

  it('hands the page only what screens need, never the session', () => {
    const viewer = viewerOf(account);
    expect(viewer).toEqual({ username: 'analyst', name: 'Ana </script><b>', role: 'statistic', listApp: ['com.gsm.blockpuzzle'], canViewAllApp: false, privateActions: ['app_edit'] });
    expect(viewerJson(viewer)).not.toContain('secret-session');
  });

  it('writes JSON that cannot close its script element, and reads it back', () => {
    const json = viewerJson(viewerOf(account));
    expect(json).not.toMatch(/[<>&]/);
    expect(parseViewer(json)).toEqual(viewerOf(account));
  });

  it('refuses text that is not a viewer', () => {
    expect(parseViewer(null)).toBeNull();
    expect(parseViewer('not json')).toBeNull();
    expect(parseViewer('{"username":"","role":"root","listApp":[],"canViewAllApp":true}')).toBeNull();
    expect(parseViewer('{"username":"a","role":"root","listApp":"all","canViewAllApp":true}')).toBeNull();
    expect(parseViewer('{"username":"a","role":"root","listApp":[],"canViewAllApp":true}')).toEqual({ username: 'a', name: 'a', role: 'root', listApp: [], canViewAllApp: true, privateActions: [] });
  });

  it('is read from the layout\'s inline script in the browser', () => {
    const viewer: Viewer = viewerOf(account);
    vi.stubGlobal('document', { getElementById: (id: string) => (id === VIEWER_SCRIPT_ID ? { textContent: viewerJson(viewer) } : null) });
    expect(currentViewer()).toEqual(viewer);
    expect($viewer.get()).toEqual(viewer);
  });
});
