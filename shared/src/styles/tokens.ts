/**
 * The design tokens as values, for what cannot read a CSS custom property: chart options (echarts paints on a
 * canvas), the partner widget's shadow-root stylesheet on other sites, SVG drawn from data. `tokens.css` holds the
 * same colours as custom properties (`--color-<name>`, the name in kebab case) for stylesheets; `tokens.test.ts`
 * keeps the two equal. This file and `tokens.css` are the only places a colour is written
 * (`scripts/lint/colours.mjs` fails on a colour literal anywhere else in the frontend packages, the shell's
 * `index.html` and the server's sources). It is pure data, so the web server and the CDN read it too (the pages and
 * images they draw: listings, share images, the icon), and the shell's build writes `index.html`'s theme colour
 * from it (`webpack/firstPaintTokens.mjs`).
 *
 * The palette is a few scales (slate for text, borders and surfaces; blue for links and actions; red, amber and
 * green for the notices' tones) plus the marks that belong to someone else (the GSAP green, sponsors' tiers).
 */
export const palette = {
  /** The product's mark and its first paint: the icon, the browser's theme colour, share images, CDN listings. */
  brand: '#0b3d91',
  /** The far end of the share image's gradient. */
  brandBright: '#1f78d1',
  /** The value side of the badges the data API draws (`/v1/.../badge`). */
  badge: '#ff5627',

  white: '#ffffff',
  slate50: '#f8fafc',
  slate100: '#f1f5f9',
  slate200: '#e2e8f0',
  slate300: '#cbd5e1',
  slate400: '#94a3b8',
  slate500: '#64748b',
  slate600: '#475569',
  slate700: '#334155',
  slate800: '#1e293b',
  slate900: '#0f172a',

  blue50: '#eff6ff',
  blue100: '#dbeafe',
  blue200: '#bfdbfe',
  blue300: '#93c5fd',
  blue400: '#60a5fa',
  blue500: '#3b82f6',
  blue600: '#2563eb',
  blue700: '#1d5bd8',
  blue800: '#1648ad',
  blue900: '#1e3a8a',
  navy: '#0b2a66',

  red50: '#fdf1ef',
  red100: '#fee2e2',
  red300: '#e89a91',
  red500: '#ef4444',
  red600: '#bd483b',
  red700: '#b42318',
  red800: '#991b1b',
  red900: '#6b1a10',

  orange500: '#f97316',
  orange600: '#e35a29',

  amber50: '#fff8e8',
  amber100: '#fef3c7',
  amber300: '#fcd34d',
  amber400: '#fbbf24',
  amber500: '#f59e0b',
  amber700: '#b45309',
  amber800: '#92400e',
  amber900: '#4d3800',

  green100: '#dcfce7',
  green300: '#86efac',
  green400: '#4ade80',
  green500: '#22c55e',
  green600: '#2f9e5a',
  green700: '#15803d',
  emerald: '#17a673',

  violet100: '#ede9fe',
  violet300: '#c4b5fd',
  violet500: '#8b5cf6',
  violet800: '#5b21b6',
  magenta: '#bc5090',

  /** Sponsor tiers. */
  gold: '#d4a72c',
  bronze: '#b0693c',
  /** GSAP's own green, on its page. */
  gsapGreen: '#0ae448',
} as const;

export type PaletteName = keyof typeof palette;

/**
 * Series colours of charts with many lines (the package's versions, the providers the statistics are split by):
 * distinct hues first, so neighbouring lines never look alike.
 */
export const seriesColours: readonly string[] = [
  palette.blue500,
  palette.amber500,
  '#10b981',
  palette.red500,
  palette.violet500,
  '#06b6d4',
  '#ec4899',
  '#84cc16',
  palette.orange500,
  '#6366f1',
  '#14b8a6',
  '#eab308',
  '#a855f7',
  palette.green500,
  '#0ea5e9',
  '#e11d48',
  '#65a30d',
  '#d946ef',
  '#0891b2',
  '#78716c',
];

/** A provider the site content gives no colour of its own takes these in turn. */
export const providerColours: readonly string[] = [
  palette.orange500,
  '#10b981',
  palette.violet500,
  palette.red500,
  '#06b6d4',
  '#eab308',
  '#ec4899',
  palette.slate500,
];

/** The country map's eight steps, light to dark. */
export const mapScale: readonly string[] = [
  palette.blue100,
  palette.blue200,
  palette.blue300,
  palette.blue400,
  palette.blue500,
  palette.blue600,
  palette.blue700,
  palette.blue900,
];

/** The marks of the projects whose endpoints we run (their own colours, shown on their cards). */
export const projectColours = {
  cocoapods: '#e0363e',
  ghost: '#15171a',
  pyodide: '#4b3cc4',
  musescore: '#1a70b8',
  fontsource: '#0f766e',
  yocto: '#1e40af',
} as const;

/** The custom property a palette colour is published as in tokens.css: `slate50` is `--color-slate-50`. */
export function colourProperty(name: PaletteName): string {
  return `--color-${name.replace(/([a-z])([0-9A-Z])/g, '$1-$2').toLowerCase()}`;
}
