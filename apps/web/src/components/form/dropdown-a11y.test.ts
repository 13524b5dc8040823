import { describe, expect, it } from 'vitest';

// a dropdown's trigger read "Scegli: vendi-unita" to a screen reader, its element id.
// dropdownPt takes the label a person reads; every call in the app is checked here.
const sources = import.meta.glob<string>('/src/**/*.tsx', {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('dropdown accessible names', () => {
  it('no dropdown is named by an element id (kebab-case or built from a variable)', () => {
    // dropdownPt('…') itself, and the kits that name their dropdown by their `label` prop
    const calls = [
      /dropdownPt\(\s*(['`])([^'`]*)\1\s*\)/g,
      /<(?:DropdownField|LookupField|ListOptionFilter)\b[^>]*?\slabel=(["'`])([^"'`]*)\1/g,
    ];
    const named = Object.entries(sources).flatMap(([file, text]) =>
      calls.flatMap((re) => [...text.matchAll(re)].map((m) => ({ file, label: m[2]! }))),
    );
    expect(named.length).toBeGreaterThan(20);
    const ids = named.filter(
      ({ label }) => /^[a-z0-9]+(-[a-z0-9]+)+$/.test(label) || label.includes('${'),
    );
    expect(ids).toEqual([]);
  });
});
