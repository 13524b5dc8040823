import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Photo, PhotoSyncStatus } from '@gestcava/contracts';
import { DEMO_USERS, jsonResponse } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { setSession } from '@/lib/session';
import { PhotoGallery } from './photo-gallery';

const BLOCCO_ID = '01a20158-72e3-777b-9974-d1dd9b5b2b98';
const CAVA_ID = '01a20158-0000-7000-8000-00000000ca01';

const galleryPhoto: Photo = {
  _id: 'p1',
  entityType: 'blocco',
  entityId: BLOCCO_ID,
  codice: 'BL-2026-0082',
  description: 'Fronte del blocco',
  bloccoId: null,
  userId: 'u-prod',
  userName: 'Marco Lazzerini',
  fileName: 'p1.jpg',
  mime: 'image/jpeg',
  size: 1234,
  width: 800,
  height: 600,
  takenAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  fileMissing: false,
  nSegni: 0,
  thumbnailUrl: '/photos/file/p1/thumb?sig=t',
  previewUrl: '/photos/file/p1/preview?sig=p',
  downloadUrl: '/photos/downloadSinglePhoto/p1?sig=d',
  entity: {
    codice: 'BL-2026-0082',
    materiale: 'Arabescato',
    stato: 'disponibile',
    cava: 'Canalgrande',
    detailPath: `/app/pages/blocchi/${BLOCCO_ID}`,
  },
};

let galleryAnswer = () => jsonResponse({ photos: [galleryPhoto], total: 45 });
const idleSync: PhotoSyncStatus = {
  running: false,
  startedAt: null,
  finishedAt: null,
  imported: 0,
  missing: 0,
  orphans: 0,
  errors: [],
};
let syncStatus = idleSync;
const fetchMock = vi.fn((input: RequestInfo | URL) => {
  const url = String(input);
  if (url.endsWith('/photos/getSyncStatus')) return Promise.resolve(jsonResponse(syncStatus));
  if (url.endsWith('/photos/syncPhotosWithFilesystem')) {
    syncStatus = { ...idleSync, running: true, startedAt: '2026-11-22T09:00:00.000Z' };
    return Promise.resolve(jsonResponse({ success: true, started: true, status: syncStatus }, 202));
  }
  if (url.includes('/photo-gallery/paginatedPhotos')) return Promise.resolve(galleryAnswer());
  if (url.endsWith('/api/cave')) {
    return Promise.resolve(
      jsonResponse([
        {
          _id: CAVA_ID,
          createdAt: '2026-01-01T00:00:00.000Z',
          codice: '12',
          nome: 'Canalgrande',
          comune: 'Carrara',
          bacino: null,
          concessione: null,
          attiva: true,
        },
      ]),
    );
  }
  return Promise.resolve(jsonResponse({ message: 'non previsto', code: 'NOT_FOUND' }, 404));
});

const galleryCalls = () =>
  fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => u.includes('paginatedPhotos'));
const lastQuery = () => new URL(galleryCalls().at(-1) ?? '', 'http://x').searchParams;

function renderGallery(path: string) {
  return renderRoutes([{ path: '/app/photo-gallery', element: <PhotoGallery /> }], path);
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
  galleryAnswer = () => jsonResponse({ photos: [galleryPhoto], total: 45 });
  syncStatus = idleSync;
});
afterEach(() => vi.unstubAllGlobals());

describe('photo gallery', { timeout: 20_000 }, () => {
  it('reads page, type, cava and search from the URL and asks the server for exactly that', async () => {
    setSession(DEMO_USERS.produzione, 'token-1');
    renderGallery(`/app/photo-gallery?page=2&tipo=blocco&cava=${CAVA_ID}&q=BL-2026`);
    const card = await screen.findByTestId('gallery-card');
    const q = lastQuery();
    expect(Object.fromEntries(q)).toEqual({
      page: '2',
      limit: '20',
      entityType: 'blocco',
      cavaId: CAVA_ID,
      searchTerm: 'BL-2026',
      includeEntityInfo: 'true',
    });
    expect(screen.getByTestId('gallery-total')).toHaveTextContent('45 foto');
    expect(screen.getByRole('searchbox', { name: 'Cerca' })).toHaveValue('BL-2026');
    await waitFor(() =>
      expect(document.getElementById('gallery-cava')?.closest('.p-dropdown')).toHaveTextContent(
        'Canalgrande (12)',
      ),
    );
    // the card: code linked to the detail, materiale, stato tag, cava, date dd/MM/yy
    expect(within(card).getByRole('link', { name: 'BL-2026-0082' })).toHaveAttribute(
      'href',
      `/app/pages/blocchi/${BLOCCO_ID}`,
    );
    expect(card).toHaveTextContent('Blocco · Arabescato');
    expect(card).toHaveTextContent('Disponibile');
    expect(card).toHaveTextContent('Cava Canalgrande · 20/11/26');
    expect(within(card).getByRole('img', { name: 'Fronte del blocco' })).toHaveAttribute(
      'src',
      '/photos/file/p1/thumb?sig=t',
    );
  });

  it('a bad value in the URL is dropped, never sent', async () => {
    setSession(DEMO_USERS.produzione, 'token-1');
    renderGallery('/app/photo-gallery?tipo=fattura&cava=not-a-uuid&page=abc');
    await screen.findByTestId('gallery-card');
    expect(Object.fromEntries(lastQuery())).toEqual({
      page: '1',
      limit: '20',
      includeEntityInfo: 'true',
    });
  });

  it('changing the type writes it to the URL and goes back to page 1; the pages move with the paginator', async () => {
    const user = userEvent.setup({ delay: null });
    setSession(DEMO_USERS.produzione, 'token-1');
    const { router } = renderGallery('/app/photo-gallery?page=2&q=BL');
    await screen.findByTestId('gallery-card');
    await user.click(within(screen.getByTestId('gallery-tipo')).getByText('Bancate'));
    await waitFor(() => expect(router.state.location.search).toBe('?q=BL&tipo=bancata'));
    await waitFor(() => expect(lastQuery().get('entityType')).toBe('bancata'));
    expect(lastQuery().get('page')).toBe('1');

    await user.click(screen.getByRole('button', { name: /\b3$/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=BL&tipo=bancata&page=3'));
    await waitFor(() => expect(lastQuery().get('page')).toBe('3'));

    await user.click(within(screen.getByTestId('gallery-tipo')).getByText('Tutte'));
    await waitFor(() => expect(router.state.location.search).toBe('?q=BL'));
  });

  it('no link to a detail page the user may not open (magazzino has the gallery, not blocchi)', async () => {
    setSession(DEMO_USERS.magazzino, 'token-3');
    renderGallery('/app/photo-gallery');
    const card = await screen.findByTestId('gallery-card');
    expect(within(card).queryByRole('link')).toBeNull();
    expect(card).toHaveTextContent('BL-2026-0082');
  });

  it('a failed page is an empty one with a toast, not an error screen', async () => {
    galleryAnswer = () => jsonResponse({ message: 'Errore interno', code: 'INTERNAL' }, 500);
    setSession(DEMO_USERS.produzione, 'token-1');
    renderGallery('/app/photo-gallery');
    expect(await screen.findByText('Nessuna foto')).toBeInTheDocument();
    expect(screen.getByTestId('gallery-total')).toHaveTextContent('0 foto');
  });

  it('an admin starts the folder sync, sees it run and its outcome', async () => {
    const user = userEvent.setup({ delay: null });
    setSession(DEMO_USERS.admin, 'token-0');
    renderGallery('/app/photo-gallery');
    await screen.findByTestId('gallery-card');
    await user.click(screen.getByRole('button', { name: 'Sincronizza cartelle' }));
    expect(
      await screen.findByRole('progressbar', { name: 'Sincronizzazione in corso' }),
    ).toBeInTheDocument();
    syncStatus = {
      ...idleSync,
      startedAt: '2026-11-22T09:00:00.000Z',
      finishedAt: '2026-11-22T09:00:03.000Z',
      imported: 3,
      missing: 1,
      orphans: 2,
      errors: ['x/blocco/BL-1/a.jpg: Blocco non trovato'],
    };
    expect(await screen.findByRole('status', {}, { timeout: 5000 })).toHaveTextContent(
      '3 importate, 1 file mancanti, 2 file orfani',
    );
    expect(screen.getByText('1 file non importati')).toBeInTheDocument();
  });

  it('the sync is not offered to a non-admin', async () => {
    setSession(DEMO_USERS.produzione, 'token-1');
    renderGallery('/app/photo-gallery');
    await screen.findByTestId('gallery-card');
    expect(screen.queryByRole('button', { name: 'Sincronizza cartelle' })).toBeNull();
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('getSyncStatus'))).toBe(false);
  });
});
