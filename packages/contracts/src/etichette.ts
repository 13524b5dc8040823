import { z } from 'zod';

/**
 * `GET /api/etichette/indirizzo`: the address the labels' QR codes carry (PUBLIC_URL) and whether it is a
 * loopback one (`localhost`, 127.x, ::1), which no phone in the yard can open.
 */
export const indirizzoEtichetteSchema = z.object({
  publicUrl: z.string(),
  loopback: z.boolean(),
});
export type IndirizzoEtichette = z.infer<typeof indirizzoEtichetteSchema>;
