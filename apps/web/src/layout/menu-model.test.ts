import { describe, expect, it } from 'vitest';
import { DEMO_USERS } from '@/test/fixtures';
import { filterMenu, groupOfPath, MENU_MODEL, visibleLeaves, type MenuEntry } from './menu-model';

const labels = (entries: MenuEntry[]) =>
  entries.map((e) => (e.kind === 'group' ? `${e.label}[${e.items.map((i) => i.label).join(',')}]` : e.label));

describe('sidebar menu (SPEC §2)', () => {
  it('admin sees every entry, with the FUNZIONI heading before Vendita', () => {
    expect(labels(filterMenu(DEMO_USERS.admin))).toEqual([
      'Dashboard',
      'Produzione[Bancate,Blocchi,Galleria Foto]',
      'Blocchi Esterni[Elenco Blocchi Esterni]',
      'Lavorazione[Lastre,Pavimenti]',
      'Magazzino[Lastre,Pavimenti]',
      'FUNZIONI',
      'Vendita[Collaudi]',
      'Analisi Dati[Statistiche,Reportistica]',
      'Anagrafica[Clienti,Fornitori,Ditte del gruppo]',
    ]);
  });

  it('the paths are the ones of SPEC §2', () => {
    expect(visibleLeaves(DEMO_USERS.admin).map((l) => l.to)).toEqual([
      '/app/dashboard',
      '/app/bancate',
      '/app/pages/blocchi',
      '/app/photo-gallery',
      '/app/pages/blocchi-esterni',
      '/app/pages/lastre',
      '/app/pages/pavimenti',
      '/app/pages/magazzino/lastre',
      '/app/pages/magazzino/pavimenti',
      '/app/pages/collaudi',
      '/app/pages/statistiche',
      '/app/reportistica',
      '/app/pages/clienti',
      '/app/pages/fornitori',
      '/app/pages/group-companies',
    ]);
  });

  it('produzione: production entries only, no FUNZIONI heading', () => {
    expect(labels(filterMenu(DEMO_USERS.produzione))).toEqual([
      'Dashboard',
      'Produzione[Bancate,Blocchi,Galleria Foto]',
      'Blocchi Esterni[Elenco Blocchi Esterni]',
    ]);
  });

  it('magazzino: lavorazione and magazzino, gallery under Produzione', () => {
    expect(labels(filterMenu(DEMO_USERS.magazzino))).toEqual([
      'Dashboard',
      'Produzione[Galleria Foto]',
      'Lavorazione[Lastre,Pavimenti]',
      'Magazzino[Lastre,Pavimenti]',
    ]);
  });

  it('vendite: read-only blocchi, Vendita with FUNZIONI, Analisi Dati, Anagrafica with Ditte del gruppo', () => {
    expect(labels(filterMenu(DEMO_USERS.vendite))).toEqual([
      'Dashboard',
      'Produzione[Blocchi]',
      'FUNZIONI',
      'Vendita[Collaudi]',
      'Analisi Dati[Statistiche,Reportistica]',
      'Anagrafica[Clienti,Fornitori,Ditte del gruppo]',
    ]);
  });

  it('segheria: blocchi, blocchi esterni, lastre processing and stock', () => {
    expect(labels(filterMenu(DEMO_USERS.segheria))).toEqual([
      'Dashboard',
      'Produzione[Blocchi]',
      'Blocchi Esterni[Elenco Blocchi Esterni]',
      'Lavorazione[Lastre]',
      'Magazzino[Lastre]',
    ]);
  });

  it('Ditte del gruppo shows with clienti or fornitori alone', () => {
    const onlyFornitori = { ...DEMO_USERS.produzione, permissions: { fornitori: true } };
    expect(labels(filterMenu(onlyFornitori))).toEqual(['Dashboard', 'Anagrafica[Fornitori,Ditte del gruppo]']);
    const onlyClienti = { ...DEMO_USERS.produzione, permissions: { clienti: { access: true } } };
    expect(labels(filterMenu(onlyClienti))).toEqual(['Dashboard', 'Anagrafica[Clienti,Ditte del gruppo]']);
  });

  it('Analisi Dati needs statistiche; no access flag means no entry', () => {
    const denied = { ...DEMO_USERS.produzione, permissions: { statistiche: { access: false } } };
    expect(labels(filterMenu(denied))).toEqual(['Dashboard']);
    const allowed = { ...DEMO_USERS.produzione, permissions: { statistiche: { access: true, write: false } } };
    expect(labels(filterMenu(allowed))).toEqual(['Dashboard', 'Analisi Dati[Statistiche,Reportistica]']);
  });

  it('FUNZIONI appears only when the Vendita group exists', () => {
    const model = filterMenu({ ...DEMO_USERS.produzione, permissions: { collaudi: false, clienti: true } });
    expect(model.some((e) => e.kind === 'heading')).toBe(false);
    const withVendita = filterMenu({ ...DEMO_USERS.produzione, permissions: { collaudi: true } });
    const i = withVendita.findIndex((e) => e.kind === 'heading' && e.label === 'FUNZIONI');
    expect(i).toBeGreaterThan(0);
    expect(withVendita[i + 1]).toMatchObject({ kind: 'group', label: 'Vendita' });
  });

  it('nobody logged in: nothing', () => {
    expect(filterMenu(null)).toEqual([]);
  });

  it('every menu leaf carries a rule and a path under /app', () => {
    for (const e of MENU_MODEL) {
      const leaves = e.kind === 'group' ? e.items : e.kind === 'item' ? [e] : [];
      for (const l of leaves) expect(l.to.startsWith('/app/')).toBe(true);
    }
  });

  it('groupOfPath finds the group of a page and of its detail route', () => {
    const entries = filterMenu(DEMO_USERS.admin);
    expect(groupOfPath(entries, '/app/pages/magazzino/lastre')).toBe('magazzino');
    expect(groupOfPath(entries, '/app/pages/lastre')).toBe('lavorazione');
    // the bundles are Magazzino → Lastre's other tab
    expect(groupOfPath(entries, '/app/pages/magazzino/pacchi/p1')).toBe('magazzino');
    expect(groupOfPath(entries, '/app/pages/blocchi/123')).toBe('produzione');
    expect(groupOfPath(entries, '/app/dashboard')).toBeNull();
  });
});
