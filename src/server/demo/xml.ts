import type { OdfElement } from '../odf/normalise';

const escape = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Serialises normalised ODF JSON back to XML: string properties are attributes, arrays children. */
export function toXml(name: string, element: OdfElement): string {
  let attributes = '';
  let children = '';
  for (const [key, value] of Object.entries(element)) {
    if (typeof value === 'string') {
      if (key === '#text') children += escape(value);
      else attributes += ` ${key}="${escape(value)}"`;
    } else if (Array.isArray(value)) {
      for (const child of value) children += toXml(key, child);
    }
  }
  return children === '' ? `<${name}${attributes}/>` : `<${name}${attributes}>${children}</${name}>`;
}

export function odfMessage(body: OdfElement): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${toXml('OdfBody', body)}\n`;
}
