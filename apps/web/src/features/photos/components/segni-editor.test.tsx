import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Photo, Segno } from '@gestcava/contracts';
import { DEMO_USERS, jsonResponse } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { setSession } from '@/lib/session';
import { toFraction } from './segni-draw';
import { SegniEditor } from './segni-editor';

const photo: Photo = {
  _id: '01a20158-72e3-777b-9974-d1dd9b5b2b99',
  entityType: 'blocco',
  entityId: '01a20158-72e3-777b-9974-d1dd9b5b2b98',
  codice: 'BL-2026-0082',
  description: 'Faccia A',
  bloccoId: null,
  userId: 'u-prod',
  userName: 'Marco Lazzerini',
  fileName: 'faccia-a.jpg',
  mime: 'image/jpeg',
  size: 1234,
  width: 800,
  height: 600,
  takenAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  fileMissing: false,
  nSegni: 0,
  thumbnailUrl: '/photos/file/p/thumb?sig=t',
  previewUrl: '/photos/file/p/preview?sig=p',
  downloadUrl: '/photos/downloadSinglePhoto/p?sig=d',
};

let saved: unknown = null;
const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
  const url = String(input);
  if (url.endsWith('/api/token')) return Promise.resolve(jsonResponse({ csrfToken: 'csrf' }));
  if (url.endsWith(`/api/photos/${photo._id}/segni`) && init?.method === 'PUT') {
    saved = JSON.parse(String(init.body));
    return Promise.resolve(jsonResponse(saved));
  }
  return Promise.resolve(jsonResponse({ message: 'non previsto', code: 'NOT_FOUND' }, 404));
});

/** The drawing surface is 400 × 300 px on screen: half the photo's size, no letterbox. */
function renderEditor(initial: Segno[] = [], onClose = vi.fn()) {
  renderRoutes(
    [{ path: '/', element: <SegniEditor photo={photo} initial={initial} onClose={onClose} /> }],
    '/',
  );
  const canvas = screen.getByTestId('segni-canvas');
  canvas.getBoundingClientRect = () =>
    ({ left: 0, top: 0, width: 400, height: 300, right: 400, bottom: 300, x: 0, y: 0 }) as DOMRect;
  return { canvas, onClose };
}

const finger = { pointerType: 'touch', isPrimary: true };
function drag(canvas: HTMLElement, points: Array<[number, number]>, pointerId = 1) {
  const [first, ...rest] = points;
  fireEvent.pointerDown(canvas, { ...finger, pointerId, clientX: first![0], clientY: first![1] });
  for (const [x, y] of rest)
    fireEvent.pointerMove(canvas, { ...finger, pointerId, clientX: x, clientY: y });
  const last = points.at(-1)!;
  fireEvent.pointerUp(canvas, { ...finger, pointerId, clientX: last[0], clientY: last[1] });
}

beforeEach(() => {
  saved = null;
  vi.stubGlobal('fetch', fetchMock);
  setSession(DEMO_USERS.produzione, 'token-1');
  window.localStorage.setItem('csrfToken', 'csrf');
});
afterEach(() => vi.unstubAllGlobals());

describe('segni editor', { timeout: 20_000 }, () => {
  it('maps a pointer to fractions of the picture inside a letterboxed box', () => {
    // a 800×600 photo in a 400×400 box: shown 400×300, 50 px bands above and below
    const box = { left: 10, top: 20, width: 400, height: 400 };
    expect(toFraction(box, 10, 70, 800, 600)).toEqual([0, 0]);
    expect(toFraction(box, 210, 220, 800, 600)).toEqual([0.5, 0.5]);
    // beyond the picture: clamped to its edge
    expect(toFraction(box, 500, 0, 800, 600)).toEqual([1, 0]);
  });

  it('draws a pelo with a finger, changes, undoes, deletes, notes and saves the whole set', async () => {
    const user = userEvent.setup();
    const { canvas, onClose } = renderEditor();
    expect(screen.getByTestId('segni-save')).toBeDisabled();

    drag(canvas, [
      [40, 150],
      [200, 150],
      [360, 150],
    ]);
    const chips = await screen.findAllByTestId('segni-chip');
    expect(chips.map((c) => c.textContent)).toEqual(['1. Pelo (linea)']);
    expect(chips[0]).toHaveAttribute('aria-pressed', 'true');
    expect(canvas.ownerDocument.querySelectorAll('[data-segno]')).toHaveLength(1);

    // the defect of the selected mark changes, and undo brings it back
    await user.selectOptions(screen.getByTestId('segni-difetto'), 'macchia');
    expect(screen.getByTestId('segni-chip').textContent).toBe('1. Macchia (linea)');
    await user.click(screen.getByTestId('segni-undo'));
    expect(screen.getByTestId('segni-chip').textContent).toBe('1. Pelo (linea)');

    // a point is a tap; delete removes the selected one
    await user.click(screen.getByTestId('segni-tool-punto'));
    drag(canvas, [[200, 30]]);
    expect(screen.getAllByTestId('segni-chip')).toHaveLength(2);
    await user.click(screen.getByTestId('segni-delete'));
    expect(screen.getAllByTestId('segni-chip')).toHaveLength(1);

    // a second finger (a pinch) drops the stroke in progress: nothing is drawn
    await user.click(screen.getByTestId('segni-tool-linea'));
    fireEvent.pointerDown(canvas, { ...finger, pointerId: 5, clientX: 10, clientY: 10 });
    fireEvent.pointerDown(canvas, { ...finger, pointerId: 6, clientX: 300, clientY: 200 });
    fireEvent.pointerMove(canvas, { ...finger, pointerId: 5, clientX: 50, clientY: 50 });
    fireEvent.pointerUp(canvas, { ...finger, pointerId: 5, clientX: 50, clientY: 50 });
    fireEvent.pointerUp(canvas, { ...finger, pointerId: 6, clientX: 300, clientY: 200 });
    expect(screen.getAllByTestId('segni-chip')).toHaveLength(1);

    await user.click(screen.getByTestId('segni-chip'));
    await user.type(screen.getByTestId('segni-nota'), 'faccia A');
    await user.click(screen.getByTestId('segni-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(saved).toEqual({
      segni: [
        {
          tipo: 'linea',
          punti: [
            [0.1, 0.5],
            [0.5, 0.5],
            [0.9, 0.5],
          ],
          difetto: 'pelo',
          nota: 'faccia A',
        },
      ],
    });
  });

  it('shows the saved marks and saves an empty set to clear them', async () => {
    const user = userEvent.setup();
    const { onClose } = renderEditor([{ tipo: 'punto', punti: [[0.5, 0.5]], difetto: 'taroli' }]);
    expect(screen.getByTestId('segni-chip').textContent).toBe('1. Taroli / cavità (punto)');
    await user.click(screen.getByTestId('segni-chip'));
    await user.click(screen.getByTestId('segni-delete'));
    await user.click(screen.getByTestId('segni-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(saved).toEqual({ segni: [] });
  });
});
