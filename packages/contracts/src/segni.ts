import { z } from 'zod';
import { DIFETTI, DIFETTO_LABELS } from './production/blocchi.js';

/**
 * Defects marked on a photo (docs/photos.md, "Segni sui difetti"): lines, areas and points in
 * fractions (0–1) of the picture's width and height, so a mark stays on the stone in every variant
 * (original, preview, thumbnail) and at every zoom.
 */
export const SEGNO_TIPI = ['linea', 'area', 'punto'] as const;
export type SegnoTipo = (typeof SEGNO_TIPI)[number];

/** The block's declared defects (production/blocchi.ts) and one more for anything else. */
export const SEGNO_DIFETTI = [...DIFETTI, 'altro'] as const;
export type SegnoDifetto = (typeof SEGNO_DIFETTI)[number];

export const SEGNI_MAX = 100;
export const SEGNO_NOTA_MAX = 200;
export const SEGNO_LUNGHEZZA_MAX_CM = 5000;
/** The points each kind needs: a line at least 2, an area at least 3 (a polygon), a point exactly 1. */
export const SEGNO_PUNTI: Record<SegnoTipo, { min: number; max: number }> = {
  linea: { min: 2, max: 200 },
  area: { min: 3, max: 200 },
  punto: { min: 1, max: 1 },
};

export const SEGNO_TIPO_LABELS: Record<SegnoTipo, string> = {
  linea: 'Linea',
  area: 'Area',
  punto: 'Punto',
};

/** Label (the block's own), singular and plural (for counts: "2 peli, 1 macchia") and colour of each defect. */
export const SEGNO_DIFETTO_INFO: Record<
  SegnoDifetto,
  { label: string; singolare: string; plurale: string; colore: string }
> = {
  pelo: { label: DIFETTO_LABELS.pelo, singolare: 'pelo', plurale: 'peli', colore: '#e53935' },
  crepa: { label: DIFETTO_LABELS.crepa, singolare: 'crepa', plurale: 'crepe', colore: '#8e24aa' },
  macchia: {
    label: DIFETTO_LABELS.macchia,
    singolare: 'macchia',
    plurale: 'macchie',
    colore: '#fbc02d',
  },
  vena: { label: DIFETTO_LABELS.vena, singolare: 'vena', plurale: 'vene', colore: '#1e88e5' },
  taroli: {
    label: DIFETTO_LABELS.taroli,
    singolare: 'tarolo',
    plurale: 'taroli',
    colore: '#6d4c41',
  },
  spigolo: {
    label: DIFETTO_LABELS.spigolo,
    singolare: 'rottura di spigolo',
    plurale: 'rotture di spigolo',
    colore: '#fb8c00',
  },
  colore: {
    label: DIFETTO_LABELS.colore,
    singolare: 'difetto di colore',
    plurale: 'difetti di colore',
    colore: '#00897b',
  },
  altro: {
    label: 'Altro',
    singolare: 'altro difetto',
    plurale: 'altri difetti',
    colore: '#546e7a',
  },
};
export const SEGNO_DIFETTO_LABELS = Object.fromEntries(
  SEGNO_DIFETTI.map((d) => [d, SEGNO_DIFETTO_INFO[d].label]),
) as Record<SegnoDifetto, string>;

export const SEGNI_MESSAGES = {
  tooMany: `Al massimo ${SEGNI_MAX} segni per foto`,
  tipo: 'Tipo di segno non valido: linea, area o punto',
  difetto: 'Difetto non valido',
  coordinata: 'Le coordinate vanno da 0 a 1 (frazioni della foto)',
  punto: 'Ogni punto è una coppia [x, y]',
  lunghezza: `Lunghezza in cm tra 0 e ${SEGNO_LUNGHEZZA_MAX_CM}`,
  nota: `La nota può avere al massimo ${SEGNO_NOTA_MAX} caratteri`,
  punti: {
    linea: 'Una linea ha almeno 2 punti',
    area: "Un'area ha almeno 3 punti",
    punto: 'Un punto ha esattamente 1 punto',
  } satisfies Record<SegnoTipo, string>,
} as const;

const coordinata = z
  .number({ error: SEGNI_MESSAGES.coordinata })
  .min(0, { error: SEGNI_MESSAGES.coordinata })
  .max(1, { error: SEGNI_MESSAGES.coordinata });
export type Punto = [number, number];
/**
 * `[x, y]`. An array of length 2 rather than `z.tuple`: the tuple class would join the zod code
 * every page loads first (docs/performance.md), and the check is the same.
 */
export const puntoSchema = z
  .array(coordinata, { error: SEGNI_MESSAGES.punto })
  .length(2, { error: SEGNI_MESSAGES.punto }) as unknown as z.ZodType<Punto>;

export const segnoSchema = z
  .object({
    tipo: z.enum(SEGNO_TIPI, { error: SEGNI_MESSAGES.tipo }),
    punti: z.array(puntoSchema, { error: SEGNI_MESSAGES.punto }).max(200),
    difetto: z.enum(SEGNO_DIFETTI, { error: SEGNI_MESSAGES.difetto }),
    lunghezzaCm: z
      .number({ error: SEGNI_MESSAGES.lunghezza })
      .positive({ error: SEGNI_MESSAGES.lunghezza })
      .max(SEGNO_LUNGHEZZA_MAX_CM, { error: SEGNI_MESSAGES.lunghezza })
      .optional(),
    nota: z.string().trim().max(SEGNO_NOTA_MAX, { error: SEGNI_MESSAGES.nota }).optional(),
  })
  .superRefine((s, ctx) => {
    const { min, max } = SEGNO_PUNTI[s.tipo];
    if (s.punti.length < min || s.punti.length > max)
      ctx.addIssue({ code: 'custom', path: ['punti'], message: SEGNI_MESSAGES.punti[s.tipo] });
  });
export type Segno = z.output<typeof segnoSchema>;
export type SegnoInput = z.input<typeof segnoSchema>;

export const segniListSchema = z
  .array(segnoSchema)
  .max(SEGNI_MAX, { error: SEGNI_MESSAGES.tooMany });

/** `PUT /api/photos/:id/segni` body: the whole set, which replaces the saved one. */
export const segniBodySchema = z.object({ segni: segniListSchema });
export type SegniBody = z.input<typeof segniBodySchema>;
/** A saved mark as answered (already checked on the way in: a plain shape, no refinements). */
export const segnoSavedSchema = z.object({
  tipo: z.enum(SEGNO_TIPI),
  punti: z.array(z.array(z.number()) as unknown as z.ZodType<Punto>),
  difetto: z.enum(SEGNO_DIFETTI),
  lunghezzaCm: z.number().optional(),
  nota: z.string().optional(),
});
/** `GET` and `PUT /api/photos/:id/segni` answer. */
export const segniAnswerSchema = z.object({ segni: z.array(segnoSavedSchema) });
export type SegniAnswer = z.infer<typeof segniAnswerSchema>;

/**
 * A validation failure as one Italian sentence naming the mark ("Segno 3 (pelo): Una linea ha
 * almeno 2 punti"), from a zod issue path (`['segni', 2, 'punti']`) or a JSON pointer
 * (`/segni/2/punti`).
 */
export function segniIssueMessage(
  path: ReadonlyArray<PropertyKey> | string,
  message: string,
  body?: unknown,
): string {
  const parts = typeof path === 'string' ? path.split('/').filter(Boolean) : path.map(String);
  const at = parts[0] === 'segni' ? parts.slice(1) : parts;
  const index = Number(at[0]);
  if (at.length === 0 || !Number.isInteger(index)) return message;
  const list = (body as { segni?: unknown } | undefined)?.segni;
  const difetto = Array.isArray(list)
    ? (list[index] as { difetto?: unknown } | undefined)?.difetto
    : undefined;
  const named =
    typeof difetto === 'string' && (SEGNO_DIFETTI as readonly string[]).includes(difetto)
      ? ` (${SEGNO_DIFETTO_INFO[difetto as SegnoDifetto].singolare})`
      : '';
  return `Segno ${index + 1}${named}: ${message}`;
}

/** "2 peli, 1 macchia" (in the order of SEGNO_DIFETTI), or "nessun segno". */
export function segniSummary(segni: ReadonlyArray<{ difetto: SegnoDifetto }>): string {
  if (segni.length === 0) return 'nessun segno';
  return SEGNO_DIFETTI.map((d) => {
    const n = segni.filter((s) => s.difetto === d).length;
    if (n === 0) return null;
    return n === 1
      ? `1 ${SEGNO_DIFETTO_INFO[d].singolare}`
      : `${n} ${SEGNO_DIFETTO_INFO[d].plurale}`;
  })
    .filter(Boolean)
    .join(', ');
}

/**
 * Stroke width of a mark, in pixels of an image of this size: about 0.6 % of the longer side, so
 * marks read the same on a thumbnail, the preview and the original (web layer and server
 * compositing use it alike).
 */
export function segnoStroke(width: number, height: number): number {
  return Math.max(2, Math.round(Math.max(width, height) * 0.006));
}

/** One drawable shape of a mark, in pixels of an image of the given size. */
export interface SegnoShape {
  kind: 'polyline' | 'polygon' | 'circle';
  /** `x,y x,y …` for polyline and polygon; the centre for a circle. */
  points: string;
  cx: number;
  cy: number;
  r: number;
  colore: string;
  stroke: number;
}

const px = (v: number) => Math.round(v * 10) / 10;

/**
 * The shapes that draw the marks on an image of `width` × `height` pixels: one geometry for the
 * web's SVG layer and the server's composited JPEG, so both show a mark in the same place.
 */
export function segniShapes(
  segni: ReadonlyArray<Pick<Segno, 'tipo' | 'punti' | 'difetto'>>,
  width: number,
  height: number,
): SegnoShape[] {
  const stroke = segnoStroke(width, height);
  return segni.map((s) => {
    const pts = s.punti.map(([x, y]) => [px(x * width), px(y * height)] as const);
    const [cx, cy] = pts[0] ?? [0, 0];
    return {
      kind: s.tipo === 'punto' ? 'circle' : s.tipo === 'area' ? 'polygon' : 'polyline',
      points: pts.map(([x, y]) => `${x},${y}`).join(' '),
      cx,
      cy,
      r: stroke * 2.5,
      colore: SEGNO_DIFETTO_INFO[s.difetto]?.colore ?? SEGNO_DIFETTO_INFO.altro.colore,
      stroke,
    };
  });
}

/**
 * The marks as a standalone SVG document of `width` × `height` (what the server composites onto
 * a JPEG). A dark halo under each stroke keeps it visible on white marble. Only fixed colours and
 * numbers go in: no user text, so nothing needs escaping.
 */
export function segniSvg(
  segni: ReadonlyArray<Pick<Segno, 'tipo' | 'punti' | 'difetto'>>,
  width: number,
  height: number,
): string {
  const body = segniShapes(segni, width, height)
    .map((s) => {
      if (s.kind === 'circle')
        return `<circle cx="${s.cx}" cy="${s.cy}" r="${s.r}" fill="${s.colore}" stroke="#fff" stroke-width="${s.stroke}"/>`;
      const fill = s.kind === 'polygon' ? `fill="${s.colore}" fill-opacity="0.25"` : 'fill="none"';
      const line = `stroke-linecap="round" stroke-linejoin="round"`;
      return (
        `<${s.kind} points="${s.points}" fill="none" stroke="#000" stroke-opacity="0.45" stroke-width="${s.stroke * 2}" ${line}/>` +
        `<${s.kind} points="${s.points}" ${fill} stroke="${s.colore}" stroke-width="${s.stroke}" ${line}/>`
      );
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}
