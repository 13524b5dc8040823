import { useEffect, useRef, useState } from 'react';
import { formDraftKey, readFormDraft, writeFormDraft, type FormDraft } from '@/lib/form-drafts';
import { getSession, sessionEndedByLogout } from '@/lib/session';

/**
 * The drafts (lib/form-drafts.ts) of one form of one record: the one kept, if any, and keeping the
 * values when the form goes away because the session ended under it. That is the form unmounted
 * with no session left: a save answered 401, a logout in another tab, both sending this tab to log
 * in. The user's own logout keeps nothing (its drafts are cleared with the session).
 */
export function useFormDraft(
  form: string,
  record: string,
  unsaved: () => Record<string, unknown> | null,
) {
  // the user is read when the form opens: when it closes after a 401 the session is already cleared
  const [key] = useState(() => {
    const userId = getSession().user?._id;
    return userId ? formDraftKey(userId, form, record) : null;
  });
  const [draft, setDraft] = useState<FormDraft | null>(() => (key ? readFormDraft(key) : null));
  const unsavedRef = useRef(unsaved);
  useEffect(() => {
    unsavedRef.current = unsaved;
  });
  useEffect(
    () => () => {
      // another tab's logout reaches this one key by key: the user may be gone before the token
      const { token, user } = getSession();
      if (!key || (token && user) || sessionEndedByLogout()) return;
      const values = unsavedRef.current();
      if (values) writeFormDraft(key, values);
    },
    [key],
  );
  return {
    draft,
    drop: () => {
      if (key) writeFormDraft(key, null);
      setDraft(null);
    },
  };
}
