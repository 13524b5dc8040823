import { describe, expect, it } from 'vitest';
import { DDT_STATI, DDT_TRANSITIONS, ddtCreateSchema } from './ddt.js';

const ID = '0190f0f0-0000-7000-8000-000000000001';
const base = {
  causale: 'vendita',
  clienteId: ID,
  trasportoACura: 'mittente',
  porto: 'franco',
  righe: [{ entityType: 'blocco', id: ID }],
};
const messages = (body: unknown) => {
  const r = ddtCreateSchema.safeParse(body);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('DDT contracts', () => {
  it('a DDT moves bozza → emesso → annullato and never back', () => {
    expect(DDT_TRANSITIONS).toEqual({ bozza: ['emesso'], emesso: ['annullato'], annullato: [] });
    for (const s of DDT_STATI) for (const to of DDT_TRANSITIONS[s]) expect(DDT_STATI).toContain(to);
  });

  it('a sale goes to a cliente, a transfer to a group company, each said in Italian', () => {
    expect(messages(base)).toEqual([]);
    expect(messages({ ...base, clienteId: undefined })).toEqual([
      'clienteId: Scegli il cliente destinatario',
    ]);
    expect(messages({ ...base, causale: 'trasferimento' })).toEqual([
      'destinazioneCompanyId: Scegli la ditta del gruppo destinataria',
      'clienteId: Un trasferimento va a una ditta del gruppo, non a un cliente',
    ]);
    expect(
      messages({
        ...base,
        causale: 'trasferimento',
        clienteId: undefined,
        destinazioneCompanyId: ID,
      }),
    ).toEqual([]);
  });

  it('the vettore is required when the transport is its, and a line appears once', () => {
    expect(messages({ ...base, trasportoACura: 'vettore' })).toEqual([
      'vettore: Con il trasporto a cura del vettore, indica il vettore',
    ]);
    expect(
      messages({
        ...base,
        trasportoACura: 'vettore',
        vettore: { ragioneSociale: 'Autotrasporti Apuani S.r.l.', targa: 'AB123CD' },
      }),
    ).toEqual([]);
    expect(
      messages({ ...base, righe: [...base.righe, { entityType: 'blocco', id: ID.toUpperCase() }] }),
    ).toEqual(['righe.1.id: Elemento già presente nel DDT']);
    expect(messages({ ...base, righe: [{ entityType: 'pacco', id: ID, pezzi: 3 }] })).toEqual([
      'righe.0.pezzi: I pezzi si indicano solo per i pavimenti',
    ]);
    expect(messages({ ...base, righe: [] })).toEqual([
      'righe: Scegli almeno un elemento da spedire',
    ]);
  });
});
