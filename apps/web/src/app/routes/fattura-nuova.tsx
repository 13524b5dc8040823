import { NuovaFattura } from '@/features/fatture/components/nuova-fattura';

/** /app/pages/fatture/nuova[?clienteId=…&ddt=<id,id>] */
export function NuovaFatturaPage() {
  return <NuovaFattura />;
}

export const Component = NuovaFatturaPage;
