import { useState } from 'react';
import { readJson, writeJson } from '@/lib/storage';
import { getSession } from '@/lib/session';

/**
 * A form's unsent values, kept in this browser when a save meets an ended session (401: the app
 * goes to log in and the dialog is gone) and offered back when the same user opens the same form
 * of the same record again. Keyed by user, form and record.
 */
interface Draft {
  savedAt: string;
  values: Record<string, unknown>;
}

const draftKey = (userId: string, form: string, record: string) => `gestcava.bozza.${userId}.${form}.${record}`;

export function useFormDraft(form: string, record: string | undefined) {
  // the user is read when the form opens: after a 401 the session is already cleared
  const [key] = useState(() => {
    const userId = getSession().user?._id;
    return userId && record ? draftKey(userId, form, record) : null;
  });
  const [draft, setDraft] = useState<Draft | null>(() => (key ? readDraft(key) : null));
  return {
    draft,
    keep: (values: Record<string, unknown>) => {
      if (key) writeJson(key, { savedAt: new Date().toISOString(), values } satisfies Draft);
    },
    drop: () => {
      if (key) writeJson(key, null);
      setDraft(null);
    },
  };
}

function readDraft(key: string): Draft | null {
  const stored = readJson(key);
  if (!stored || typeof stored !== 'object' || !('savedAt' in stored) || !('values' in stored)) return null;
  return stored as Draft;
}
