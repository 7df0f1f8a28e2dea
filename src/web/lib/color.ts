/**
 * Picks black or white text for a badge filled with `hex` (`#rrggbb`), whichever contrasts more
 * (WCAG relative luminance), so a tag of any colour stays readable.
 */
export function readableTextColor(hex: string): '#000000' | '#ffffff' {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return '#ffffff';
  const [r, g, b] = match.slice(1).map((part) => {
    const c = Number.parseInt(part, 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // Contrast with black is (L + 0.05) / 0.05, with white 1.05 / (L + 0.05); equal at L ≈ 0.179.
  return luminance > 0.179 ? '#000000' : '#ffffff';
}
