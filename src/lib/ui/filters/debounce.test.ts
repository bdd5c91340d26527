import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounce, TEXT_DEBOUNCE_MS } from './debounce';

describe('debounce', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('calls once, 300 ms after the last call, with the last value', () => {
    expect(TEXT_DEBOUNCE_MS).toBe(300);
    const fn = vi.fn();
    const typed = debounce(fn);
    typed('b');
    vi.advanceTimersByTime(200);
    typed('bl');
    vi.advanceTimersByTime(299);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledExactlyOnceWith('bl');
  });

  it('can be cancelled or flushed', () => {
    const fn = vi.fn();
    const typed = debounce(fn);
    typed('x');
    typed.cancel();
    vi.advanceTimersByTime(1000);
    expect(fn).not.toHaveBeenCalled();
    typed('y');
    typed.flush();
    expect(fn).toHaveBeenCalledExactlyOnceWith('y');
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
