import { z } from 'zod';

/**
 * A DDT an item left with, as the item's page shows it ("DDT 5/2026 del 12/11/2026", a link). Only an
 * emitted or a cancelled DDT ships anything (a draft holds nothing), so those are its states; a
 * cancelled one is shown struck through. Its own module (no imports) so that the block and stock
 * contracts can carry it without importing the DDT's.
 */
export const ddtRefSchema = z.object({
  _id: z.string(),
  numero: z.number().int(),
  anno: z.number().int(),
  /** The day it was emitted (YYYY-MM-DD, Rome). */
  data: z.string(),
  stato: z.enum(['emesso', 'annullato']),
});
export type DdtRef = z.infer<typeof ddtRefSchema>;

/** The DDTs an item left with, oldest first: the item's detail read (GET /:id) answers them. */
export const ddtRefsField = z.array(ddtRefSchema).optional();
