import type { FatturaEsito } from '@gestcava/contracts';
import { badRequest } from '../../lib/app-error.js';

// The SDI's notifications (docs/fatture.md "Esiti dello SDI"): the root element says the outcome,
// `NomeFile` the invoice file it is about. Only these few elements are read.

const ROOTS: Record<string, FatturaEsito> = {
  RicevutaConsegna: 'consegnata',
  NotificaScarto: 'scartata',
  NotificaMancataConsegna: 'mancata_consegna',
};

const text = (xml: string, tag: string): string[] =>
  [...xml.matchAll(new RegExp(`<(?:\\w+:)?${tag}>([^<]*)</(?:\\w+:)?${tag}>`, 'g'))].map((m) =>
    m[1]!.trim(),
  );

export function leggiNotifica(xml: string): {
  esito: FatturaEsito;
  nomeFile: string;
  data: string | null;
  note: string | null;
} {
  const root = /<(?:(\w+):)?(RicevutaConsegna|NotificaScarto|NotificaMancataConsegna)[\s>]/.exec(
    xml.replace(/<\?[^>]*\?>/g, ''),
  );
  const nomeFile = text(xml, 'NomeFile')[0];
  if (!root || !nomeFile)
    throw badRequest(
      'Il file non è una notifica dello SDI (RicevutaConsegna, NotificaScarto o NotificaMancataConsegna)',
    );
  const quando =
    text(xml, 'DataOraConsegna')[0] ??
    text(xml, 'DataOraRicezione')[0] ??
    text(xml, 'DataOraRicezione')[0];
  const errori = text(xml, 'Descrizione');
  const codici = text(xml, 'Codice');
  return {
    esito: ROOTS[root[2]!]!,
    nomeFile,
    data: quando && /^\d{4}-\d{2}-\d{2}/.test(quando) ? quando.slice(0, 10) : null,
    note: errori.length
      ? errori
          .map((d, i) => (codici[i] ? `${codici[i]}: ${d}` : d))
          .join('; ')
          .slice(0, 1000)
      : null,
  };
}
