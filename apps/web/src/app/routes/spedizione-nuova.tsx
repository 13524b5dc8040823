import { NuovoDdt } from '@/features/spedizioni/components/nuovo-ddt';

/** /app/pages/spedizioni/nuovo[?clienteId=…|destinazioneCompanyId=…&blocchi=…&pacchi=…&lastre=…&lotti=…] */
export function NuovaSpedizionePage() {
  return <NuovoDdt />;
}

export const Component = NuovaSpedizionePage;
