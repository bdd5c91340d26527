/**
 * Layout settings that the server reads from cookies so the first paint is already right (no flash):
 * sidebar open flag (1/0), size, and the settings panel's choices. Shared by server and browser.
 */
export const SIZES = ['default', 'medium', 'small', 'mini'] as const;
export type UiSize = (typeof SIZES)[number];
export const SIZE_LABELS: Record<UiSize, string> = { default: 'Default', medium: 'Medium', small: 'Small', mini: 'Mini' };
export const DEFAULT_SIZE: UiSize = 'medium';

/** Both readings of the spec's theme colour exist as presets; the first is the default. */
export const THEME_PRESETS = ['#1890ff', '#409EFF', '#13c2c2', '#52c41a', '#722ed1', '#fa541c'] as const;
export const DEFAULT_THEME = '#1890ff';

export const COOKIE = { sidebar: 'sidebarStatus', size: 'size', settings: 'gsm_settings' } as const;

export interface LayoutSettings {
  theme: string;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
}
export const DEFAULT_SETTINGS: LayoutSettings = { theme: DEFAULT_THEME, tagsView: true, fixedHeader: true, sidebarLogo: true };

export interface LayoutState {
  sidebarOpen: boolean;
  size: UiSize;
  settings: LayoutSettings;
}

const HEX = /^#[0-9a-fA-F]{6}$/;

export function parseSettings(raw: string | undefined): LayoutSettings {
  if (!raw) return { ...DEFAULT_SETTINGS };
  try {
    const value = JSON.parse(raw) as Partial<LayoutSettings>;
    return {
      theme: typeof value.theme === 'string' && HEX.test(value.theme) ? value.theme : DEFAULT_THEME,
      tagsView: typeof value.tagsView === 'boolean' ? value.tagsView : DEFAULT_SETTINGS.tagsView,
      fixedHeader: typeof value.fixedHeader === 'boolean' ? value.fixedHeader : DEFAULT_SETTINGS.fixedHeader,
      sidebarLogo: typeof value.sidebarLogo === 'boolean' ? value.sidebarLogo : DEFAULT_SETTINGS.sidebarLogo,
    };
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

export function parseLayout(read: (name: string) => string | undefined): LayoutState {
  const size = read(COOKIE.size);
  return {
    sidebarOpen: read(COOKIE.sidebar) !== '0',
    size: (SIZES as readonly string[]).includes(size ?? '') ? (size as UiSize) : DEFAULT_SIZE,
    settings: parseSettings(read(COOKIE.settings)),
  };
}

/** Root font size per UI size: PrimeReact sizes itself in rem, so one number scales every component. */
export const SIZE_FONT_PX: Record<UiSize, number> = { default: 15, medium: 14, small: 13, mini: 12 };
