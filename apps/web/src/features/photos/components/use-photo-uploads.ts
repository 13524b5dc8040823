import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { photoKeys, type PhotoEntity } from '../api/photos';
import { uploadPhotoOrQueue } from '../api/photo-upload';
import { UploadQueue, type UploadItem } from './upload-queue';

/**
 * The upload queue of one entity as React state. When it has drained the photo lists (panel and
 * gallery) are refreshed once, and `onDrained` gets the final list.
 */
export function usePhotoUploads(entity: PhotoEntity, onDrained?: (items: UploadItem[]) => void) {
  const queryClient = useQueryClient();
  const [items, setItems] = useState<UploadItem[]>([]);
  const [queue] = useState(
    () =>
      new UploadQueue({
        send: (item, signal, onProgress) =>
          uploadPhotoOrQueue(
            { ...entity, description: item.description, file: item.file },
            { signal, onProgress },
          ),
        onChange: setItems,
      }),
  );
  useEffect(
    () =>
      queue.listen((list, uploaded) => {
        if (uploaded > 0) void queryClient.invalidateQueries({ queryKey: photoKeys.all });
        onDrained?.(list);
      }),
    [queue, queryClient, onDrained],
  );
  // Leaving the page stops what is still travelling.
  useEffect(() => {
    queue.revive();
    return () => queue.dispose();
  }, [queue]);

  return { items, queue };
}
