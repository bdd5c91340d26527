import { describe, expect, it } from 'vitest';
import { closedDropdownLabel } from './LazyDropdown';

const os = [
  { title: 'All', value: 0 },
  { title: 'Android', value: 1 },
];

describe('closedDropdownLabel (what a Dropdown shows before its code is loaded)', () => {
  it('is the chosen option’s label, found by its value', () => {
    expect(closedDropdownLabel({ value: 1, options: os, optionLabel: 'title', optionValue: 'value' })).toBe('Android');
    expect(closedDropdownLabel({ value: 0, options: os, optionLabel: 'title', optionValue: 'value' })).toBe('All');
  });
  it('is null (the placeholder is shown) when no option has the value', () => {
    expect(closedDropdownLabel({ value: 7, options: os, optionLabel: 'title', optionValue: 'value', placeholder: 'Pick' })).toBeNull();
    expect(closedDropdownLabel({ value: null, options: [], optionLabel: 'title', optionValue: 'value' })).toBeNull();
  });
  it('reads plain options as their own value and label', () => {
    expect(closedDropdownLabel({ value: 'b', options: ['a', 'b'] })).toBe('b');
  });
});
