import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Photo } from '@gestcava/contracts';
import { PHOTO_MESSAGES } from '@gestcava/contracts';
import { DEMO_USERS, jsonResponse } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { setSession } from '@/lib/session';
import { PhotoPanel } from './photo-panel';

const ENTITY_ID = '01a20158-72e3-777b-9974-d1dd9b5b2b98';
const entity = { entityType: 'blocco' as const, entityId: ENTITY_ID, codice: 'BL-2026-0082' };

function photo(id: string, description: string | null): Photo {
  return {
    _id: id,
    entityType: 'blocco',
    entityId: ENTITY_ID,
    codice: 'BL-2026-0082',
    description,
    bloccoId: null,
    userId: 'u-prod',
    userName: 'Marco Lazzerini',
    fileName: `${id}.jpg`,
    mime: 'image/jpeg',
    size: 1234,
    width: 800,
    height: 600,
    takenAt: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    fileMissing: false,
    nSegni: 0,
    thumbnailUrl: `/photos/file/${id}/thumb?sig=t`,
    previewUrl: `/photos/file/${id}/preview?sig=p`,
    downloadUrl: `/photos/downloadSinglePhoto/${id}?sig=d`,
  };
}

let photos: Photo[] = [];
const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
  const url = String(input);
  if (url.endsWith('/api/token')) return Promise.resolve(jsonResponse({ csrfToken: 'csrf' }));
  if (url.includes('/photos/flutter/getPhotos')) {
    return Promise.resolve(
      jsonResponse({
        success: true,
        photos,
        zipUrl: photos.length
          ? `/photos/downloadPhotos?entityType=blocco&entityId=${ENTITY_ID}&sig=z`
          : null,
      }),
    );
  }
  if (url.includes('/photos/deletePhoto/') && init?.method === 'DELETE') {
    const id = url.split('/').pop() ?? '';
    photos = photos.filter((p) => p._id !== id);
    return Promise.resolve(jsonResponse({ success: true }));
  }
  return Promise.resolve(jsonResponse({ message: 'non previsto', code: 'NOT_FOUND' }, 404));
});

/** An XMLHttpRequest the test drives: progress and answer when the test says. */
class ControlledXhr {
  static instances: ControlledXhr[] = [];
  headers: Record<string, string> = {};
  url = '';
  timeout = 0;
  withCredentials = false;
  responseType = '';
  status = 0;
  responseText = '';
  sent: FormData | null = null;
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  aborted = false;
  constructor() {
    ControlledXhr.instances.push(this);
  }
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  getResponseHeader(name: string) {
    return name.toLowerCase() === 'content-type' ? 'application/json' : null;
  }
  send(body: FormData) {
    this.sent = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent);
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

function renderPanel(writable = true) {
  return renderRoutes(
    [{ path: '/', element: <PhotoPanel entity={entity} writable={writable} /> }],
    '/',
  );
}

const jpeg = (name: string) =>
  new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], name, { type: 'image/jpeg' });

beforeEach(() => {
  photos = [photo('p2', 'Spigolo scheggiato'), photo('p1', null)];
  ControlledXhr.instances = [];
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('XMLHttpRequest', ControlledXhr);
  fetchMock.mockClear();
  setSession(DEMO_USERS.produzione, 'token-1');
  window.localStorage.setItem('csrfToken', 'csrf');
});
afterEach(() => vi.unstubAllGlobals());

describe('photo panel', { timeout: 20_000 }, () => {
  it('shows the thumbnails (server-relative URLs, lazy, described) and the zip link', async () => {
    renderPanel();
    const tiles = await screen.findAllByTestId('photo-tile');
    expect(tiles).toHaveLength(2);
    const img = within(tiles[0]!).getByRole('img', { name: 'Spigolo scheggiato' });
    expect(img).toHaveAttribute('src', '/photos/file/p2/thumb?sig=t');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(
      within(tiles[1]!).getByRole('img', { name: 'Foto di BL-2026-0082' }),
    ).toBeInTheDocument();
    expect(
      within(tiles[0]!).getByRole('link', { name: 'Scarica Spigolo scheggiato' }),
    ).toHaveAttribute('href', '/photos/downloadSinglePhoto/p2?sig=d');
    expect(screen.getByTestId('photo-download-zip')).toHaveAttribute(
      'href',
      expect.stringContaining('/photos/downloadPhotos?entityType=blocco'),
    );
    expect(screen.getByRole('heading', { name: 'Foto (2)' })).toBeInTheDocument();
    const [call] = fetchMock.mock.calls.filter(([u]) => String(u).includes('getPhotos'));
    expect(String(call?.[0])).toContain(`entityType=blocco&entityId=${ENTITY_ID}`);
  });

  it('asks before deleting a photo, then deletes it and refreshes the list', async () => {
    const user = userEvent.setup({ delay: null });
    renderPanel();
    const tiles = await screen.findAllByTestId('photo-tile');
    await user.click(within(tiles[0]!).getByRole('button', { name: 'Elimina Spigolo scheggiato' }));
    const dialog = await screen.findByTestId('confirm-photo-delete');
    expect(dialog).toHaveTextContent('Spigolo scheggiato');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await user.click(screen.getByTestId('confirm-photo-delete-confirm'));
    await waitFor(() => expect(screen.getAllByTestId('photo-tile')).toHaveLength(1));
    const del = fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(String(del?.[0])).toMatch(/\/photos\/deletePhoto\/p2$/);
    expect((del?.[1]?.headers as Record<string, string>)['X-CSRF-Token']).toBe('csrf');
  });

  it('a read-only user sees and downloads, but neither uploads nor deletes', async () => {
    renderPanel(false);
    await screen.findAllByTestId('photo-tile');
    expect(screen.queryByTestId('photo-upload-open')).toBeNull();
    expect(screen.queryByTestId('photo-delete')).toBeNull();
    expect(screen.queryByTestId('photo-delete-all')).toBeNull();
    expect(screen.getByTestId('photo-download-zip')).toBeInTheDocument();
  });

  it('empty: invites the first upload, no zip link', async () => {
    photos = [];
    renderPanel();
    expect(await screen.findByTestId('photos-empty')).toHaveTextContent(
      'Nessuna foto: carica la prima',
    );
    expect(screen.queryByTestId('photo-download-zip')).toBeNull();
  });

  it('upload: checks first, then one request per file with its own progress bar, cancel and the server message', async () => {
    const user = userEvent.setup({ delay: null, applyAccept: false });
    renderPanel();
    await screen.findAllByTestId('photo-tile');
    await user.click(screen.getByTestId('photo-upload-open'));
    await screen.findByTestId('photo-upload-dialog');

    // nothing chosen: the fixed message, nothing sent
    await user.click(screen.getByTestId('photo-upload-send'));
    expect(screen.getByTestId('photo-upload-error')).toHaveTextContent(PHOTO_MESSAGES.noFiles);

    const input = screen.getByTestId('photo-file-input');
    await user.upload(input, [
      jpeg('fronte.jpg'),
      new File(['x'], 'IMG_1.HEIC', { type: 'image/heic' }),
      jpeg('retro.jpg'),
      jpeg('lato.jpg'),
    ]);
    const rows = screen.getAllByTestId('photo-upload-item');
    expect(rows.map((r) => r.getAttribute('data-status'))).toEqual([
      'ready',
      'invalid',
      'ready',
      'ready',
    ]);
    expect(rows[1]).toHaveTextContent(PHOTO_MESSAGES.heic);

    await user.type(screen.getByTestId('photo-description'), 'Dopo la riquadratura');
    await user.click(screen.getByTestId('photo-upload-send'));

    // two at a time, each its own request with the entity, the code and the description
    await waitFor(() => expect(ControlledXhr.instances).toHaveLength(2));
    const [first, second] = ControlledXhr.instances;
    expect(first?.url).toBe('/photos/uploadPhotos');
    expect(first?.sent?.get('entityType')).toBe('blocco');
    expect(first?.sent?.get('entityId')).toBe(ENTITY_ID);
    expect(first?.sent?.get('codice')).toBe('BL-2026-0082');
    expect(first?.sent?.get('description')).toBe('Dopo la riquadratura');
    expect((first?.sent?.get('photos') as File).name).toBe('fronte.jpg');
    expect(first?.headers['X-CSRF-Token']).toBe('csrf');
    expect(first?.timeout).toBe(300_000);

    first?.progress(40, 100);
    await waitFor(() =>
      expect(
        screen.getByRole('progressbar', { name: 'Caricamento di fronte.jpg' }),
      ).toHaveAttribute('aria-valuenow', '40'),
    );
    expect(
      screen.getByRole('progressbar', { name: 'Caricamento di retro.jpg' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('photo-upload-cancel-all')).toBeInTheDocument();

    // cancel one: the third file starts in its place
    await user.click(screen.getByRole('button', { name: 'Annulla retro.jpg' }));
    expect(second?.aborted).toBe(true);
    await waitFor(() => expect(ControlledXhr.instances).toHaveLength(3));

    first?.answer(201, { success: true, photos: [photo('p3', 'Dopo la riquadratura')] });
    ControlledXhr.instances[2]?.answer(415, {
      message: 'Il file non è una foto JPEG, PNG o WebP',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });

    await waitFor(() =>
      expect(
        screen.getAllByTestId('photo-upload-item').map((r) => r.getAttribute('data-status')),
      ).toEqual(['done', 'invalid', 'cancelled', 'error']),
    );
    expect(screen.getAllByTestId('photo-upload-item')[3]).toHaveTextContent(
      'Il file non è una foto JPEG, PNG o WebP',
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
    // the list is asked again once the queue has drained
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([u]) => String(u).includes('getPhotos'))).toHaveLength(2),
    );
  });

  it('closing with photos chosen and not sent asks first; Continua keeps them', async () => {
    const user = userEvent.setup({ delay: null, applyAccept: false });
    renderPanel();
    await screen.findAllByTestId('photo-tile');
    await user.click(screen.getByTestId('photo-upload-open'));
    await screen.findByTestId('photo-upload-dialog');
    await user.upload(screen.getByTestId('photo-file-input'), [jpeg('fronte.jpg')]);
    await user.click(screen.getByRole('button', { name: 'Chiudi' }));
    expect(await screen.findByTestId('photo-discard-dialog')).toHaveTextContent(
      'Una foto scelta non è stata caricata',
    );
    await user.click(screen.getByRole('button', { name: 'Continua a caricare' }));
    await waitFor(() => expect(screen.queryByTestId('photo-discard-dialog')).toBeNull());
    expect(screen.getAllByTestId('photo-upload-item')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Chiudi' }));
    await user.click(await screen.findByRole('button', { name: 'Scarta le foto' }));
    await waitFor(() => expect(screen.queryByTestId('photo-upload-dialog')).toBeNull());
    expect(ControlledXhr.instances).toHaveLength(0);
  });
});
