import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { AD_FORMATS } from '../../lib/house-ads/contract';

export interface CreativeRow {
  format: string;
  width: number | null;
  height: number | null;
  url: string;
}

/** The usual sizes of each format, offered first (a custom size is typed). */
const SIZES: Record<string, readonly [number, number][]> = {
  banner: [[320, 50], [728, 90], [300, 250]],
  interstitial: [[320, 480], [480, 320], [1080, 1920], [1920, 1080]],
  rewarded: [[1080, 1920], [1920, 1080]],
  native: [[1200, 628], [600, 600]],
};

const LINE = /^(\S+)\s+(\d+)\s*x\s*(\d+)\s+(\S+)$/i;

/** A saved campaign's creatives come as the text the old form wrote ("banner 320x50 https://…"), a new one's as rows. */
export function creativeRowsOf(value: unknown): CreativeRow[] {
  if (Array.isArray(value)) return value as CreativeRow[];
  if (typeof value !== 'string') return [];
  return value
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const m = LINE.exec(l);
      return m ? { format: m[1]!.toLowerCase(), width: Number(m[2]), height: Number(m[3]), url: m[4]! } : { format: 'banner', width: null, height: null, url: l };
    });
}

const isVideo = (url: string) => /\.(mp4|webm|mov)(\?|$)/i.test(url);
const isHttp = (url: string) => /^https?:\/\/\S+$/i.test(url);

/** The creative as players will see it, scaled into a box of its aspect ratio (at most 160 × 120 px). */
function Preview({ c }: { c: CreativeRow }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!c.width || !c.height) return <div className="creative-preview creative-preview-empty">Size?</div>;
  const scale = Math.min(160 / c.width, 120 / c.height, 1);
  const box = { width: Math.max(8, Math.round(c.width * scale)), height: Math.max(8, Math.round(c.height * scale)) };
  const caption = `${c.format} ${c.width}×${c.height}${scale < 1 ? ` (shown at ${Math.round(scale * 100)}%)` : ''}`;
  let inside;
  if (!isHttp(c.url)) inside = <span className="creative-note">No URL yet</span>;
  else if (isVideo(c.url)) inside = <span className="creative-note"><span className="pi pi-video" aria-hidden="true" /> Video</span>;
  else if (failed === c.url) inside = <span className="creative-note">Image not reachable</span>;
  else inside = <img src={c.url} alt={`Preview of the ${c.format} creative`} width={box.width} height={box.height} loading="lazy" referrerPolicy="no-referrer" onError={() => setFailed(c.url)} />;
  return (
    <figure className="creative-preview">
      <div className="creative-frame" style={box}>
        {inside}
      </div>
      <figcaption>{caption}</figcaption>
    </figure>
  );
}

/**
 * A campaign's creatives as rows: format, size (the format's usual ones offered), image or video URL, and a
 * preview at the creative's proportions. The value is the campaign contract's list of creatives.
 */
export function CreativesEditor(props: { id: string; label: string; value: unknown; onChange: (rows: CreativeRow[]) => void; disabled?: boolean; invalid?: boolean; describedBy?: string }) {
  const { id, label, value, onChange, disabled, invalid, describedBy } = props;
  const rows = creativeRowsOf(value);
  const set = (i: number, patch: Partial<CreativeRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <div className="creatives-editor" id={id} role="group" aria-label={label} aria-describedby={describedBy}>
      {rows.map((c, i) => {
        const name = `${label} ${i + 1}`;
        const sizes = (SIZES[c.format] ?? []).map(([w, h]) => ({ label: `${w}×${h}`, value: `${w}x${h}` }));
        const size = c.width && c.height ? `${c.width}x${c.height}` : null;
        return (
          <fieldset key={i} className="creative-row">
            <legend className="visually-hidden">{name}</legend>
            <div className="creative-fields">
              <Dropdown aria-label={`${name} format`} value={c.format} options={AD_FORMATS.map((f) => ({ label: f, value: f }))} disabled={disabled} onChange={(e) => set(i, { format: e.value })} />
              <Dropdown
                aria-label={`${name} size`}
                value={sizes.some((s) => s.value === size) ? size : null}
                options={sizes}
                placeholder={size ? `${c.width}×${c.height}` : 'Size'}
                disabled={disabled}
                onChange={(e) => {
                  const [w, h] = String(e.value).split('x').map(Number);
                  set(i, { width: w ?? null, height: h ?? null });
                }}
              />
              <InputNumber aria-label={`${name} width`} value={c.width} min={1} max={4096} placeholder="W" disabled={disabled} onValueChange={(e) => set(i, { width: e.value ?? null })} className={invalid && !c.width ? 'p-invalid creative-number' : 'creative-number'} />
              <InputNumber aria-label={`${name} height`} value={c.height} min={1} max={4096} placeholder="H" disabled={disabled} onValueChange={(e) => set(i, { height: e.value ?? null })} className={invalid && !c.height ? 'p-invalid creative-number' : 'creative-number'} />
              <Button type="button" icon="pi pi-trash" text rounded severity="danger" disabled={disabled} aria-label={`Remove ${name.toLowerCase()}`} onClick={() => onChange(rows.filter((_, j) => j !== i))} />
              <InputText aria-label={`${name} URL`} value={c.url} placeholder="https://cdn.example.com/banner.png" disabled={disabled} onChange={(e) => set(i, { url: e.target.value.trim() })} className={invalid && !isHttp(c.url) ? 'p-invalid creative-url' : 'creative-url'} />
            </div>
            <Preview c={c} />
          </fieldset>
        );
      })}
      <Button type="button" label="Add creative" icon="pi pi-plus" text size="small" disabled={disabled || rows.length >= 20} onClick={() => onChange([...rows, { format: 'banner', width: 320, height: 50, url: '' }])} />
    </div>
  );
}
