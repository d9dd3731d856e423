/** The brand colour of the site (spec section 1). */
export const BRAND = '#2294E0';
export const TINT_STEPS = 20;
/** The step that is the brand itself: lighter tints before it, darker shades after. */
export const BRAND_STEP = 10;

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) throw new Error(`"${hex}" is not a #rrggbb colour`);
  const n = parseInt(match[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const toHex = (rgb: Rgb): string =>
  `#${rgb
    .map((c) => Math.round(c).toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase()}`;
const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];

/** Relative luminance (WCAG), to order and check the steps. */
export function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * Twenty steps from light to dark: steps 1 to 9 mix the brand with white, step 10 is the brand,
 * steps 11 to 20 mix it with black (never reaching either).
 */
export function brandTints(brand: string = BRAND): string[] {
  const base = parseHex(brand);
  const white: Rgb = [255, 255, 255];
  const black: Rgb = [0, 0, 0];
  return Array.from({ length: TINT_STEPS }, (_, i) => {
    const step = i + 1;
    if (step < BRAND_STEP) return toHex(mix(white, base, step / BRAND_STEP));
    if (step === BRAND_STEP) return toHex(base);
    return toHex(mix(base, black, ((step - BRAND_STEP) / (TINT_STEPS - BRAND_STEP + 1)) * 0.85));
  });
}

/** The CSS custom properties published on :root: --brand and --brand-1 to --brand-20. */
export function brandVariables(brand: string = BRAND): Record<string, string> {
  const variables: Record<string, string> = { '--brand': toHex(parseHex(brand)) };
  brandTints(brand).forEach((tint, i) => (variables[`--brand-${i + 1}`] = tint));
  return variables;
}
