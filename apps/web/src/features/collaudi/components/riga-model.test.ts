import { describe, expect, it } from 'vitest';
import { draftOf, missingOf, rebase, rigaChanges } from './riga-model';
import { pickByCode } from './pick-by-code';
import { riga } from './collaudi-fixtures';

describe('a row’s draft', () => {
  it('sends only what changed; an empty note and a removed abbuono clear their fields', () => {
    const r = riga(1, { abbuonoTipo: 'm3', abbuonoValore: 0.5, note: 'vecchia' });
    const d = { ...draftOf(r), abbuonoTipo: null, lunghezzaRilevata: 301, note: '  ' };
    expect(rigaChanges(d, r)).toEqual({
      abbuonoTipo: null,
      abbuonoValore: null,
      lunghezzaRilevata: 301,
      note: null,
    });
    expect(rigaChanges(draftOf(r), r)).toEqual({});
    // the same defects in another order are no change
    const withDefects = riga(2, { difettiRiscontrati: ['pelo', 'crepa'] });
    expect(
      rigaChanges({ ...draftOf(withDefects), difettiRiscontrati: ['crepa', 'pelo'] }, withDefects),
    ).toEqual({});
  });

  it('a stored row coming back replaces only the fields not being edited', () => {
    const before = riga(1);
    const typing = { ...draftOf(before), prezzo: 1100 };
    const after = riga(1, { esito: 'accettato', lunghezzaRilevata: 299 });
    expect(rebase(typing, before, after)).toMatchObject({
      prezzo: 1100,
      esito: 'accettato',
      lunghezzaRilevata: 299,
    });
  });

  it('says what keeps a row from closing the collaudo', () => {
    expect(missingOf({ esito: null, prezzo: null })).toBe('manca l’esito');
    expect(missingOf({ esito: 'accettato', prezzo: null })).toBe('manca il prezzo');
    expect(missingOf({ esito: 'rifiutato', prezzo: null })).toBeNull();
  });

  it('a typed code finds its block however it is written', () => {
    const found = [{ codice: 'BL-2026-0042' }, { codice: 'BL-2026-0142' }].map((b) => ({
      ...b,
      _id: b.codice,
      origine: 'interno' as const,
      stato: 'disponibile' as const,
      materiale: { _id: 'm', nome: 'S' },
      scelta: 'prima' as const,
      lunghezzaNetta: 1,
      altezzaNetta: 1,
      profonditaNetta: 1,
      volumeNetto: 1,
      opzioneScadenza: null,
    }));
    expect(pickByCode('bl2026 42', found)?.codice).toBe('BL-2026-0042');
    expect(pickByCode('BL-2026-0142', found)?.codice).toBe('BL-2026-0142');
    expect(pickByCode('42', found)).toBeNull();
    expect(pickByCode('142', found.slice(1))?.codice).toBe('BL-2026-0142');
  });
});
