import { Button } from 'primereact/button';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { useEffect, useRef, useState } from 'react';
import { nextRankRow, rankRowsOf, rankRowsText, type RankRow } from '../../lib/live-events/rank-rows';
import { RewardsEditor } from './RewardsEditor';

/**
 * A rank reward table as rows: a rank range (a season's led by its tier), each with its items — the rewards
 * editor per range. The value in and out is the table's text the event and template contracts take.
 */
export function RankRewardsEditor(props: { id: string; label: string; value: string; onChange: (text: string) => void; items: readonly { label: string; value: string }[]; tiers?: boolean; disabled?: boolean; invalid?: boolean; describedBy?: string; emptyText?: string }) {
  const { id, label, value, onChange, items, tiers, disabled, invalid, describedBy, emptyText } = props;
  // The rows as edited: a half-filled row (an item not chosen yet) does not survive a trip through the text,
  // so the text is read again only when it changes from outside (a template filled in).
  const [rows, setRows] = useState(() => rankRowsOf(value ?? ''));
  const written = useRef(value ?? '');
  useEffect(() => {
    if ((value ?? '') !== written.current) {
      written.current = value ?? '';
      setRows(rankRowsOf(value ?? ''));
    }
  }, [value]);
  const write = (next: RankRow[]) => {
    setRows(next);
    written.current = rankRowsText(next);
    onChange(written.current);
  };
  const set = (i: number, patch: Partial<RankRow>) => write(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <div className="rank-rewards" id={id} role="group" aria-label={label} aria-describedby={describedBy}>
      {rows.length === 0 && emptyText && <p className="hint">{emptyText}</p>}
      {rows.map((r, i) => {
        const name = `${label} range ${i + 1}`;
        return (
          <fieldset key={i} className="rank-range">
            <legend className="visually-hidden">{name}</legend>
            <div className="rank-range-head">
              {tiers && <InputText aria-label={`${name} tier`} value={r.tier} placeholder="Tier" disabled={disabled} onChange={(e) => set(i, { tier: e.target.value })} className="rank-tier" />}
              <span>Ranks</span>
              <InputNumber aria-label={`${name} from rank`} value={r.from} min={1} max={9_999_999} disabled={disabled} onValueChange={(e) => set(i, { from: e.value ?? null })} className={invalid ? 'p-invalid rank-number' : 'rank-number'} />
              <span aria-hidden="true">–</span>
              <InputNumber aria-label={`${name} to rank`} value={r.to} min={1} max={9_999_999} disabled={disabled} onValueChange={(e) => set(i, { to: e.value ?? null })} className={invalid ? 'p-invalid rank-number' : 'rank-number'} />
              <Button type="button" icon="pi pi-trash" text rounded severity="danger" disabled={disabled} aria-label={`Remove ${name}`} onClick={() => write(rows.filter((_, j) => j !== i))} />
            </div>
            <RewardsEditor id={`${id}-${i}`} label={`${name} reward`} value={r.rewards} items={items} disabled={disabled} invalid={invalid} onChange={(rewards) => set(i, { rewards })} />
          </fieldset>
        );
      })}
      <Button type="button" label="Add rank range" icon="pi pi-plus" text size="small" disabled={disabled || rows.length >= 50} onClick={() => write([...rows, nextRankRow(rows)])} />
    </div>
  );
}
