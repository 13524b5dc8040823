import { z } from 'zod';
import { APP_VERSION } from '@gestcava/contracts';

/**
 * Web configuration (docs/domain.md "The records" "Environment settings"): only what the browser may know.
 * No secret reaches the bundle: the server endpoint is the page's own origin, and keys,
 * credentials and the quarry id live on the server.
 */
const webConfigSchema = z.object({
  production: z.boolean(),
  version: z.string().regex(/^\d+\.\d+\.\d+$/),
  /** '' = same origin (the server serves the app and the API together, docs/api.md "Shape of the API"). */
  apiBaseUrl: z.string(),
  productName: z.string().min(1),
});
export type WebConfig = z.infer<typeof webConfigSchema>;

export const webConfig: WebConfig = webConfigSchema.parse({
  production: import.meta.env.PROD,
  version: APP_VERSION,
  apiBaseUrl: '',
  productName: 'GestCava',
});
