import { inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { chatAttachments } from '../../db/schema/index.js';

// What other modules may read of the chat, as plain reads (docs/architecture.md "Reading another
// module's rows"): they never name the chat's tables themselves.

/** The storage keys among `keys` that a chat attachment owns (its file or its thumbnail). */
export function attachmentKeysAmong(db: DbOrTx, keys: string[]) {
  return db
    .select({ a: chatAttachments.storageKey, b: chatAttachments.thumbnailKey })
    .from(chatAttachments)
    .where(
      or(inArray(chatAttachments.storageKey, keys), inArray(chatAttachments.thumbnailKey, keys)),
    );
}

/** Every storage key chat attachments own: their files and their thumbnails. */
export function attachmentKeys(db: DbOrTx) {
  return db
    .select({ key: chatAttachments.storageKey, thumbnail: chatAttachments.thumbnailKey })
    .from(chatAttachments);
}
