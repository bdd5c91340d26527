import { atom, map } from 'nanostores';
import { COOKIE, DEFAULT_SETTINGS, SIZE_FONT_PX, type LayoutSettings, type UiSize } from './layout-settings';

/**
 * Layout state shared by the chrome islands (spec section 3 "Settings and layout state"). The server
 * rendered the first state from cookies; islands seed these stores from their props and write back
 * through the actions, which also persist to cookies so the next server render matches.
 */
export const $settings = map<LayoutSettings>({ ...DEFAULT_SETTINGS });
export const $size = atom<UiSize>('medium');
export const $device = atom<'desktop' | 'mobile'>('desktop');
export const $loading = atom<boolean>(false);
export const $isStaging = atom<boolean>(false);
export const $settingsPanelOpen = atom<boolean>(false);

const YEAR = 365 * 24 * 3600;
function writeCookie(name: string, value: string): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${YEAR}; samesite=lax`;
}

export function changeSize(size: UiSize): void {
  $size.set(size);
  writeCookie(COOKIE.size, size);
  const html = document.documentElement;
  html.style.fontSize = `${SIZE_FONT_PX[size]}px`;
  html.className = html.className.replace(/\bsize-\w+\b/, `size-${size}`);
}

export function changeSetting<K extends keyof LayoutSettings>(key: K, value: LayoutSettings[K]): void {
  $settings.set({ ...$settings.get(), [key]: value });
  writeCookie(COOKIE.settings, JSON.stringify($settings.get()));
  applySettings($settings.get());
}

/** Applies settings to the live page the same way the server render does. */
export function applySettings(settings: LayoutSettings): void {
  const html = document.documentElement;
  html.style.setProperty('--primary-color', settings.theme);
  html.style.setProperty('--gsm-primary', settings.theme);
  document.body.classList.toggle('fixed-header', settings.fixedHeader);
  document.body.classList.toggle('tags-view-off', !settings.tagsView);
  document.body.classList.toggle('sidebar-logo-off', !settings.sidebarLogo);
}

export function setLoading(on: boolean): void {
  $loading.set(on);
}
