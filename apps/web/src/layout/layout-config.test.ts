import { describe, expect, it } from 'vitest';
import { localeOption, localeOptions } from 'primereact/api';
import { setupPrimeReactLocale } from '@/lib/primereact-locale';
import { DEFAULT_LAYOUT_CONFIG, loadLayoutConfig, saveLayoutConfig } from './layout-config';

describe('layout config (docs/domain.md "The records")', () => {
  it('defaults: ripple, outlined inputs, static menu, light, scale 14', () => {
    expect(loadLayoutConfig()).toEqual(DEFAULT_LAYOUT_CONFIG);
    expect(DEFAULT_LAYOUT_CONFIG).toMatchObject({
      inputStyle: 'outlined',
      menuMode: 'static',
      colorScheme: 'light',
      scale: 14,
    });
  });

  it('kept in local storage; invalid values fall back to the defaults', () => {
    saveLayoutConfig({ ...DEFAULT_LAYOUT_CONFIG, colorScheme: 'dark', menuMode: 'overlay' });
    expect(loadLayoutConfig()).toMatchObject({ colorScheme: 'dark', menuMode: 'overlay' });
    window.localStorage.setItem(
      'layoutConfig',
      JSON.stringify({ colorScheme: 'viola', scale: 99 }),
    );
    expect(loadLayoutConfig()).toEqual(DEFAULT_LAYOUT_CONFIG);
    window.localStorage.setItem('layoutConfig', '{rotto');
    expect(loadLayoutConfig()).toEqual(DEFAULT_LAYOUT_CONFIG);
  });
});

describe('PrimeReact in Italian', () => {
  it('calendar, paginator and filter texts', () => {
    setupPrimeReactLocale();
    expect(localeOption('dayNamesMin', 'it')).toEqual(['D', 'L', 'M', 'M', 'G', 'V', 'S']);
    expect(localeOption('monthNames', 'it')).toHaveLength(12);
    expect(localeOption('monthNames', 'it')?.[2]).toBe('marzo');
    expect(localeOption('monthNamesShort', 'it')?.[11]).toBe('dic');
    expect(localeOption('firstDayOfWeek', 'it')).toBe(1);
    expect(localeOption('dateFormat', 'it')).toBe('dd/mm/y');
    expect(localeOption('startsWith', 'it')).toBe('Inizia con');
    expect(localeOption('emptyMessage', 'it')).toBe('Nessuna opzione disponibile');
  });

  it('every text PrimeReact knows, aria labels included, has its Italian version', () => {
    setupPrimeReactLocale();
    const en = localeOptions('en') as Record<string, unknown> & { aria: Record<string, string> };
    const italian = localeOptions('it') as Record<string, unknown> & {
      aria: Record<string, string>;
    };
    expect(Object.keys(en).filter((k) => !(k in italian))).toEqual([]);
    expect(Object.keys(en.aria).filter((k) => !(k in italian.aria))).toEqual([]);
    expect(italian.aria.jumpToPageDropdownLabel).toBe('Vai alla pagina');
    expect(italian.aria.nextPageLabel).toBe('Pagina successiva');
    expect(italian.aria.rowsPerPageLabel).toBe('Righe per pagina');
  });
});
