import { existsSync, readFileSync } from 'node:fs';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import { REPORT_EDITIONS, type ReportEdition } from './editions';

/** Debian's fonts-noto-cjk: a collection holding each edition's face (REPORT_EDITIONS' `face`). */
export const CJK_FONT = process.env.PODIUM_CJK_FONT ?? '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';

export class ReportFontMissing extends Error {}

let collection: Buffer | undefined;
const cjkFaces = new Map<string, fontkit.Font>();
/**
 * An edition's CJK face, parsed once per thread and shared by every document: opening the 19 MB
 * collection for each report was a third of its render. The collection's bytes are read once for
 * all faces (each face reads its tables from them). Each document still embeds its own subset.
 */
function sharedCjkFont(face: string): fontkit.Font {
  let font = cjkFaces.get(face);
  if (!font) {
    const opened = fontkit.create((collection ??= readFileSync(CJK_FONT)), face);
    if (!('layout' in opened)) throw new ReportFontMissing(`${CJK_FONT} has no face ${face}`);
    font = opened;
    cjkFaces.set(face, font);
  }
  return font;
}

/**
 * A PDF document with the edition's CJK face registered (subset on embedding), and its bytes when ended.
 * `bufferPages` keeps every page open until the end, for what is written once all pages exist
 * (a contents page's page numbers, "page n of N" footers).
 */
export function newPdf(
  title: string,
  edition: ReportEdition,
  options: { bufferPages?: boolean } = {},
): { doc: PDFKit.PDFDocument; done: Promise<Buffer> } {
  if (!existsSync(CJK_FONT)) {
    throw new ReportFontMissing(
      `the CJK font ${CJK_FONT} is missing: install Debian's fonts-noto-cjk (or set PODIUM_CJK_FONT)`,
    );
  }
  const doc = new PDFDocument({
    size: 'A4',
    margin: 36,
    bufferPages: options.bufferPages ?? false,
    info: { Title: title, Producer: 'Podium' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  // pdfkit takes an opened fontkit font as a font's source (PDFFontFactory.open); its types do not say so.
  doc.registerFont('cjk', sharedCjkFont(REPORT_EDITIONS[edition].face) as unknown as Buffer);
  doc.font('cjk');
  return { doc, done };
}

/** Draws a table page by page: a header row, then the rows, with a page break when full. */
export function drawTable(doc: PDFKit.PDFDocument, headers: string[], rows: string[][], widths: number[]): void {
  const left = doc.page.margins.left;
  const rowHeight = 16;
  const drawRow = (cells: string[], bold: boolean) => {
    if (doc.y + rowHeight > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const y = doc.y;
    let x = left;
    doc.fontSize(bold ? 8.5 : 8).fillColor(bold ? '#1f5f99' : '#111111');
    cells.forEach((cell, i) => {
      doc.text(cell, x + 2, y + 3, {
        width: (widths[i] ?? 60) - 4,
        height: rowHeight,
        ellipsis: true,
        lineBreak: false,
      });
      x += widths[i] ?? 60;
    });
    doc
      .moveTo(left, y + rowHeight)
      .lineTo(x, y + rowHeight)
      .lineWidth(0.3)
      .strokeColor('#cccccc')
      .stroke();
    doc.x = left;
    doc.y = y + rowHeight;
  };
  drawRow(headers, true);
  for (const row of rows) drawRow(row, false);
}
