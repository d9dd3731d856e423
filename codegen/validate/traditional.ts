import * as OpenCC from 'opencc-js';

/**
 * zh_HK text must be Traditional Chinese, not a copy of the Simplified text: it is checked to be a
 * fixed point of OpenCC's cn-to-hk conversion (a Simplified character would be converted).
 */
let toHongKong: ((text: string) => string) | undefined;

export function simplifiedCharactersIn(text: string): string | undefined {
  toHongKong ??= OpenCC.Converter({ from: 'cn', to: 'hk' });
  const converted = toHongKong(text);
  if (converted === text) return undefined;
  const found: string[] = [];
  const a = [...text];
  const b = [...converted];
  for (let i = 0; i < a.length && found.length < 5; i += 1) {
    if (a[i] !== b[i]) found.push(`${a[i]}→${b[i]}`);
  }
  return found.join(', ');
}
