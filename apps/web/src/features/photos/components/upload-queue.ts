import type { UploadProgress } from '@/lib/api';
import { wasQueued } from '@/lib/offline/use-queueable';
import { isAbortError, photoErrorMessage } from '../api/photos';
import { photoFileProblem } from './photo-checks';

/** At most two files travel at once: a tablet on the quarry's network keeps some bandwidth. */
export const MAX_PARALLEL_UPLOADS = 2;

/** 'stored': kept on the device while offline, uploaded by the offline queue when the network returns. */
export type UploadStatus =
  'ready' | 'invalid' | 'queued' | 'uploading' | 'done' | 'stored' | 'error' | 'cancelled';

export interface UploadItem {
  key: string;
  file: File;
  status: UploadStatus;
  /** 0–100 while uploading */
  percent: number;
  /** why it cannot go or why it failed (the server's Italian message) */
  message: string | null;
  description: string;
}

export interface UploadQueueOptions {
  send: (
    item: UploadItem,
    signal: AbortSignal,
    onProgress: (progress: UploadProgress) => void,
  ) => Promise<unknown>;
  /** every change of the list (the view re-renders) */
  onChange: (items: UploadItem[]) => void;
}

/** Nothing is queued or travelling any more; `uploaded` = files that arrived since the last drain. */
export type DrainListener = (items: UploadItem[], uploaded: number) => void;

let nextKey = 0;

/**
 * The upload queue of one dialog, outside React so the scheduling is plain code: each file is its
 * own request with its own progress, cancel and retry, two at a time; a finished one starts the next.
 */
export class UploadQueue {
  private items: UploadItem[] = [];
  private readonly controllers = new Map<string, AbortController>();
  private uploaded = 0;
  private disposed = false;
  private drainListener: DrainListener | null = null;

  constructor(private readonly options: UploadQueueOptions) {}

  /** Files chosen or dropped: each is checked at once and waits for `start`. */
  add(files: Iterable<File>): void {
    const added = Array.from(files, (file): UploadItem => {
      const problem = photoFileProblem(file);
      return {
        key: `u${nextKey++}`,
        file,
        status: problem ? 'invalid' : 'ready',
        percent: 0,
        message: problem,
        description: '',
      };
    });
    this.set([...this.items, ...added]);
  }

  /** Sends every ready file with this description. */
  start(description: string): void {
    this.set(
      this.items.map((i) => (i.status === 'ready' ? { ...i, status: 'queued', description } : i)),
    );
    this.pump();
  }

  retry(key: string): void {
    this.patch(key, { status: 'queued', percent: 0, message: null });
    this.pump();
  }

  /** Stops a file: an upload in flight is aborted, a queued one never leaves. */
  cancel(key: string): void {
    const controller = this.controllers.get(key);
    if (controller) controller.abort();
    else this.patch(key, { status: 'cancelled' });
  }

  cancelAll(): void {
    for (const item of this.items)
      if (item.status === 'queued' || item.status === 'uploading') this.cancel(item.key);
  }

  remove(key: string): void {
    this.set(this.items.filter((i) => i.key !== key));
  }

  /** Who hears that the queue drained (the latest render's callback); returns the way to stop. */
  listen(listener: DrainListener): () => void {
    this.drainListener = listener;
    return () => {
      if (this.drainListener === listener) this.drainListener = null;
    };
  }

  /** The dialog went away: stop what travels and start nothing more. */
  dispose(): void {
    this.disposed = true;
    for (const controller of this.controllers.values()) controller.abort();
  }

  /** React's development double mount disposes and mounts again. */
  revive(): void {
    this.disposed = false;
  }

  private set(items: UploadItem[]): void {
    this.items = items;
    if (!this.disposed) this.options.onChange(items);
  }

  private patch(key: string, changes: Partial<UploadItem>): void {
    this.set(this.items.map((i) => (i.key === key ? { ...i, ...changes } : i)));
  }

  private pump(): void {
    if (this.disposed) return;
    let running = this.items.filter((i) => i.status === 'uploading').length;
    for (const item of this.items) {
      if (running >= MAX_PARALLEL_UPLOADS) break;
      if (item.status !== 'queued') continue;
      running++;
      void this.run(item);
    }
  }

  private async run(item: UploadItem): Promise<void> {
    const controller = new AbortController();
    this.controllers.set(item.key, controller);
    this.patch(item.key, { status: 'uploading', percent: 0, message: null });
    try {
      const result = await this.options.send(item, controller.signal, (p) =>
        this.patch(item.key, { percent: p.percent ?? 0 }),
      );
      if (wasQueued(result)) {
        this.patch(item.key, {
          status: 'stored',
          percent: 0,
          message: 'Salvata sul dispositivo: verrà inviata appena torna la rete',
        });
      } else {
        this.uploaded++;
        this.patch(item.key, { status: 'done', percent: 100 });
      }
    } catch (error) {
      if (isAbortError(error)) this.patch(item.key, { status: 'cancelled', percent: 0 });
      else this.patch(item.key, { status: 'error', message: photoErrorMessage(error) });
    } finally {
      this.controllers.delete(item.key);
    }
    this.pump();
    if (this.disposed || this.items.some((i) => i.status === 'queued' || i.status === 'uploading'))
      return;
    const uploaded = this.uploaded;
    this.uploaded = 0;
    this.drainListener?.(this.items, uploaded);
  }
}
