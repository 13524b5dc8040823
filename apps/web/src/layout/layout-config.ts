import { z } from 'zod';
import { readJson, writeJson } from '@/lib/storage';

/** Layout config (docs/domain.md "The records"): ripple, inputStyle, menuMode, colorScheme, theme, scale; kept in local storage. */
export const THEME_COLORS = ['blue', 'indigo', 'teal'] as const;
export type ThemeColor = (typeof THEME_COLORS)[number];
export const THEME_COLOR_LABELS: Record<ThemeColor, string> = {
  blue: 'Blu',
  indigo: 'Indaco',
  teal: 'Verde acqua',
};
export const SCALES = [12, 13, 14, 15, 16] as const;

const layoutConfigSchema = z.object({
  ripple: z.boolean(),
  inputStyle: z.enum(['outlined', 'filled']),
  menuMode: z.enum(['static', 'overlay']),
  colorScheme: z.enum(['light', 'dark']),
  theme: z.enum(THEME_COLORS),
  scale: z.number().int().min(12).max(16),
});
export type LayoutConfig = z.infer<typeof layoutConfigSchema>;

export const DEFAULT_LAYOUT_CONFIG: LayoutConfig = {
  ripple: true,
  inputStyle: 'outlined',
  menuMode: 'static',
  colorScheme: 'light',
  theme: 'blue',
  scale: 14,
};

const LAYOUT_CONFIG_KEY = 'layoutConfig';

export function loadLayoutConfig(): LayoutConfig {
  const stored = readJson(LAYOUT_CONFIG_KEY);
  const parsed = layoutConfigSchema.partial().safeParse(stored ?? {});
  return { ...DEFAULT_LAYOUT_CONFIG, ...(parsed.success ? parsed.data : {}) };
}

export function saveLayoutConfig(config: LayoutConfig): void {
  writeJson(LAYOUT_CONFIG_KEY, config);
}

/** Desktop above 991 px (docs/domain.md "Constants and limits"). */
const DESKTOP_MIN_WIDTH = 992;
export const isDesktop = (): boolean => window.innerWidth >= DESKTOP_MIN_WIDTH;

/** Submenus auto-collapse after 15 s (docs/domain.md "Constants and limits"). */
export const SUBMENU_COLLAPSE_MS = 15_000;
