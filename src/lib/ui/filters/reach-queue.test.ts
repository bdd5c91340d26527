import { describe, expect, it } from 'vitest';
import { heldKey, queue, type Reach } from './reach-queue';

const press = (key: string, code = key, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) =>
  heldKey({ key, code, ctrlKey: false, metaKey: false, altKey: false, ...mods });

/** The queue after these presses (null presses, the keys not kept, are skipped as the handlers skip them). */
function after(...reaches: (Reach | 'Escape' | null)[]): Reach[] {
  const queued: Reach[] = [];
  for (const reach of reaches) if (reach) queue(queued, reach);
  return queued;
}

describe('what reached for a lazy select before its code', () => {
  it('keeps the opening keys and letters, not Tab, Shift or shortcuts', () => {
    expect(press('Enter')).toEqual({ key: 'Enter', code: 'Enter' });
    expect(press(' ', '')).toEqual({ key: ' ', code: 'Space' });
    expect(press('ArrowDown')).toEqual({ key: 'ArrowDown', code: 'ArrowDown' });
    expect(press('w', 'KeyW')).toEqual({ key: 'w', code: 'KeyW' });
    expect(press('Escape')).toBe('Escape');
    expect(press('Tab')).toBeNull();
    expect(press('Shift', 'ShiftLeft')).toBeNull();
    expect(press('c', 'KeyC', { ctrlKey: true })).toBeNull();
  });

  it('opens once however many opening keys or clicks came, and keeps letters in order', () => {
    expect(after(press('Enter'), press('Enter'), press('ArrowDown'), 'click')).toEqual([{ key: 'Enter', code: 'Enter' }]);
    expect(after('click', press('w', 'KeyW'), press('e', 'KeyE'), press('Enter'))).toEqual(['click', { key: 'w', code: 'KeyW' }, { key: 'e', code: 'KeyE' }]);
    // A letter opens the select on its own; an Enter after it chooses the option the letter found, as on the loaded select.
    expect(after(press('w', 'KeyW'), press('Enter'))).toEqual([{ key: 'w', code: 'KeyW' }, { key: 'Enter', code: 'Enter' }]);
  });

  it('Escape takes back what came before it', () => {
    expect(after(press('Enter'), press('Escape'))).toEqual([]);
    expect(after('click', press('Escape'), press('ArrowDown'))).toEqual([{ key: 'ArrowDown', code: 'ArrowDown' }]);
  });
});
