import { useState } from 'react';
import { sumRounded, type LastraTagliabile } from '@gestcava/contracts';
import { formatArea } from '@/lib/format';
import { useLastreTagliabili } from '../api/lavorazioni-pavimenti';

/** The m² of the chosen slabs, as the hint and the summary show it. */
export const mqOf = (lastre: readonly LastraTagliabile[]) =>
  formatArea(
    sumRounded(
      lastre.map((l) => l.mq),
      2,
    ),
  );

/**
 * The slabs a tile cut starts from: the search's matches, and the slabs chosen kept as they were
 * listed, so a choice stays shown (and counted) when the search moves on.
 */
export function useLastreScelte(lastraIds: readonly string[] | undefined) {
  const [search, setSearch] = useState('');
  const lastre = useLastreTagliabili(search);
  const [known, setKnown] = useState<ReadonlyMap<string, LastraTagliabile>>(new Map());
  const chosen = (lastraIds ?? []).flatMap((id) => known.get(id) ?? []);
  const options = [...chosen, ...(lastre.data ?? []).filter((l) => !lastraIds?.includes(l._id))];
  const remember = (ids: readonly string[]) =>
    setKnown(
      (prev) =>
        new Map([
          ...prev,
          ...options.filter((l) => ids.includes(l._id)).map((l) => [l._id, l] as const),
        ]),
    );
  return { chosen, options, pending: lastre.isPending, setSearch, remember };
}
export type LastreScelte = ReturnType<typeof useLastreScelte>;
