import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { useEffect, useState } from 'react';
import { api } from '../../lib/http/client';
import { rewardItemsContract } from '../../lib/rewards/contract';
import { useLatestGuard } from '../../lib/ui/list/use-latest-guard';

export interface RewardRow {
  itemId: string;
  amount: number | null;
}

interface ItemChoice {
  label: string;
  value: string;
}

/** Each app's item list, read once per page: several editors (a rank table's brackets) share it. */
const itemsByApp = new Map<string, Promise<ItemChoice[]>>();
function itemsOf(appId: string): Promise<ItemChoice[]> {
  let items = itemsByApp.get(appId);
  if (!items) {
    items = api(rewardItemsContract, { appId }).then(
      (body) => body.data.map((i) => ({ label: i.name, value: i.itemId })),
      () => {
        // The client already said why; typing item ids still works.
        itemsByApp.delete(appId);
        return [];
      },
    );
    itemsByApp.set(appId, items);
  }
  return items;
}

/** The item list of an app, for a picker (empty until read, or with no app). */
export function useAppItems(appId: string | undefined): ItemChoice[] {
  const [items, setItems] = useState<ItemChoice[]>([]);
  const guard = useLatestGuard();
  useEffect(() => {
    const isCurrent = guard.begin();
    setItems([]);
    if (appId) void itemsOf(appId).then((list) => isCurrent() && setItems(list));
    return guard.cancel;
  }, [appId, guard]);
  return items;
}

/**
 * Rewards as rows of an item (picked from the app's item list, or its id typed) and an amount — the one
 * rewards editor of the create forms (gift codes, mail, event rank tables). The value is the contracts'
 * [{ itemId, amount }]; a row not filled in yet goes as is, so the contract's message says what is missing.
 */
export function RewardsEditor(props: { id: string; label: string; value: readonly RewardRow[]; onChange: (rows: RewardRow[]) => void; items: readonly ItemChoice[]; disabled?: boolean; invalid?: boolean; describedBy?: string }) {
  const { id, label, value, onChange, items, disabled, invalid, describedBy } = props;
  const rows = value ?? [];
  const set = (i: number, patch: Partial<RewardRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <div className="rewards-editor" id={id} role="group" aria-label={label} aria-describedby={describedBy}>
      {rows.map((r, i) => (
        <div key={i} className="rewards-row">
          <Dropdown
            aria-label={`${label} ${i + 1} item`}
            value={r.itemId}
            options={[...items]}
            editable
            filter={false}
            placeholder="Item"
            disabled={disabled}
            className={invalid && !r.itemId ? 'p-invalid' : undefined}
            onChange={(e) => set(i, { itemId: String(e.value ?? '').trim() })}
            itemTemplate={(o: ItemChoice) => (
              <div className="app-option">
                <span>{o.label}</span>
                <small className="hint">{o.value}</small>
              </div>
            )}
          />
          <InputNumber
            aria-label={`${label} ${i + 1} amount`}
            value={r.amount}
            min={1}
            max={1_000_000_000}
            placeholder="Amount"
            disabled={disabled}
            className={invalid && !r.amount ? 'p-invalid' : undefined}
            onValueChange={(e) => set(i, { amount: e.value ?? null })}
          />
          <Button type="button" icon="pi pi-times" text rounded disabled={disabled} aria-label={`Remove ${label.toLowerCase()} ${i + 1}`} onClick={() => onChange(rows.filter((_, j) => j !== i))} />
        </div>
      ))}
      <Button type="button" label="Add item" icon="pi pi-plus" text size="small" disabled={disabled || rows.length >= 20} onClick={() => onChange([...rows, { itemId: '', amount: 1 }])} />
    </div>
  );
}
