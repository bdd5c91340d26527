import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { THEME_PRESETS, type LayoutSettings } from '../../lib/ui/layout-settings';
import { $settings, $settingsPanelOpen, changeSetting } from '../../lib/ui/layout-store';

const SWITCHES: { key: 'tagsView' | 'fixedHeader' | 'sidebarLogo'; label: string }[] = [
  { key: 'tagsView', label: 'Tags view' },
  { key: 'fixedHeader', label: 'Fixed header' },
  { key: 'sidebarLogo', label: 'Sidebar logo' },
];

/** The right-side settings panel; choices persist per browser in a cookie the server renders from. */
export default function SettingsPanel({ initial }: { initial: LayoutSettings }) {
  const open = useStore($settingsPanelOpen);
  const settings = useStore($settings);
  const panel = useRef<HTMLElement>(null);
  useEffect(() => $settings.set(initial), [initial]);
  useEffect(() => {
    if (!open) return;
    panel.current?.focus();
    const escape = (e: KeyboardEvent) => e.key === 'Escape' && $settingsPanelOpen.set(false);
    document.addEventListener('keydown', escape);
    return () => document.removeEventListener('keydown', escape);
  }, [open]);
  if (!open) return null;

  return (
    <>
      {/* A pointer's way out; keyboards close the panel with Escape. */}
      <div className="settings-mask" aria-hidden="true" onClick={() => $settingsPanelOpen.set(false)} />
      <aside className="settings-panel" role="dialog" aria-label="Page style setting" tabIndex={-1} ref={panel}>
        <header>
          <h2>Page style setting</h2>
          <button type="button" className="icon-button" aria-label="Close settings" onClick={() => $settingsPanelOpen.set(false)}>
            <i className="pi pi-times" aria-hidden="true" />
          </button>
        </header>
        <div className="settings-row">
          <span id="theme-label">Theme colour</span>
          <div className="theme-swatches" role="radiogroup" aria-labelledby="theme-label">
            {THEME_PRESETS.map((color) => (
              <button
                key={color}
                type="button"
                role="radio"
                aria-checked={settings.theme.toLowerCase() === color.toLowerCase()}
                aria-label={`Theme ${color}`}
                title={color}
                className="swatch"
                style={{ background: color }}
                onClick={() => changeSetting('theme', color)}
              />
            ))}
            <input type="color" aria-label="Custom theme colour" value={settings.theme.toLowerCase()} onChange={(e) => changeSetting('theme', e.target.value)} />
          </div>
        </div>
        {SWITCHES.map(({ key, label }) => (
          <label key={key} className="settings-row">
            <span>{label}</span>
            <input type="checkbox" role="switch" checked={settings[key]} onChange={(e) => changeSetting(key, e.target.checked)} />
          </label>
        ))}
      </aside>
    </>
  );
}
