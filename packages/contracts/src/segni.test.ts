import { describe, expect, it } from 'vitest';
import {
  segniBodySchema,
  segniIssueMessage,
  segniShapes,
  segniSummary,
  segniSvg,
  SEGNI_MAX,
  SEGNI_MESSAGES,
  type SegnoInput,
} from './segni.js';

const pelo: SegnoInput = {
  tipo: 'linea',
  punti: [
    [0.1, 0.2],
    [0.5, 0.6],
  ],
  difetto: 'pelo',
  lunghezzaCm: 40,
};
const macchia: SegnoInput = {
  tipo: 'area',
  punti: [
    [0.6, 0.6],
    [0.8, 0.6],
    [0.7, 0.9],
  ],
  difetto: 'macchia',
  nota: '  faccia A  ',
};
const punto: SegnoInput = { tipo: 'punto', punti: [[0, 1]], difetto: 'taroli' };

/** The first failure as the server answers it: one sentence naming the mark. */
function failure(segni: unknown) {
  const body = { segni };
  const result = segniBodySchema.safeParse(body);
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  return segniIssueMessage(issue.path, issue.message, body);
}

describe('segni', () => {
  it('accepts lines, areas and points inside the photo, and trims the note', () => {
    const parsed = segniBodySchema.parse({ segni: [pelo, macchia, punto] });
    expect(parsed.segni).toHaveLength(3);
    expect(parsed.segni[1]!.nota).toBe('faccia A');
    // an empty list is a valid whole set: it clears the marks
    expect(segniBodySchema.parse({ segni: [] }).segni).toEqual([]);
  });

  it('refuses coordinates outside 0–1, naming the mark', () => {
    expect(failure([pelo, { ...macchia, punti: [...macchia.punti, [1.2, 0.5]] }])).toBe(
      `Segno 2 (macchia): ${SEGNI_MESSAGES.coordinata}`,
    );
    expect(
      failure([
        {
          ...pelo,
          punti: [
            [-0.01, 0],
            [0.5, 0.5],
          ],
        },
      ]),
    ).toBe(`Segno 1 (pelo): ${SEGNI_MESSAGES.coordinata}`);
    expect(failure([{ ...pelo, punti: [[0.1], [0.5, 0.5]] }])).toMatch(/^Segno 1 \(pelo\): /);
  });

  it('counts the points each kind needs', () => {
    expect(failure([{ ...pelo, punti: [[0.1, 0.1]] }])).toBe(
      `Segno 1 (pelo): ${SEGNI_MESSAGES.punti.linea}`,
    );
    expect(failure([pelo, pelo, { ...macchia, punti: macchia.punti.slice(0, 2) }])).toBe(
      `Segno 3 (macchia): ${SEGNI_MESSAGES.punti.area}`,
    );
    expect(
      failure([
        {
          ...punto,
          punti: [
            [0.1, 0.1],
            [0.2, 0.2],
          ],
        },
      ]),
    ).toBe(`Segno 1 (tarolo): ${SEGNI_MESSAGES.punti.punto}`);
    expect(failure([{ ...punto, punti: [] }])).toBe(
      `Segno 1 (tarolo): ${SEGNI_MESSAGES.punti.punto}`,
    );
  });

  it('refuses an unknown kind or defect, a bad length and more than 100 marks', () => {
    expect(failure([{ ...pelo, tipo: 'cerchio' }])).toBe(`Segno 1 (pelo): ${SEGNI_MESSAGES.tipo}`);
    expect(failure([{ ...pelo, difetto: 'bolla' }])).toBe(`Segno 1: ${SEGNI_MESSAGES.difetto}`);
    expect(failure([{ ...pelo, lunghezzaCm: 0 }])).toBe(
      `Segno 1 (pelo): ${SEGNI_MESSAGES.lunghezza}`,
    );
    expect(failure([{ ...pelo, nota: 'x'.repeat(201) }])).toBe(
      `Segno 1 (pelo): ${SEGNI_MESSAGES.nota}`,
    );
    expect(failure(Array.from({ length: SEGNI_MAX + 1 }, () => punto))).toBe(
      SEGNI_MESSAGES.tooMany,
    );
    expect(failure(Array.from({ length: SEGNI_MAX }, () => punto))).toBeNull();
  });

  it('sums the marks up for the history', () => {
    const segni = segniBodySchema.parse({ segni: [pelo, macchia, pelo] }).segni;
    expect(segniSummary(segni)).toBe('2 peli, 1 macchia');
    expect(segniSummary([])).toBe('nessun segno');
  });

  it('draws each mark in pixels of the image, the same for the web and the server', () => {
    const segni = segniBodySchema.parse({ segni: [pelo, punto] }).segni;
    const [line, dot] = segniShapes(segni, 1000, 500);
    expect(line).toMatchObject({ kind: 'polyline', points: '100,100 500,300', colore: '#e53935' });
    expect(dot).toMatchObject({ kind: 'circle', cx: 0, cy: 500 });
    const svg = segniSvg(segni, 1000, 500);
    expect(svg).toContain('viewBox="0 0 1000 500"');
    expect(svg).toContain('points="100,100 500,300"');
  });
});
