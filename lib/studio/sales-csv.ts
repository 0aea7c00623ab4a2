import { decimalAmount } from '../catalog/pricing';
import { saleKindOf } from '../payments/reporting/sale-kind';
import type { Sale } from './report';

/**
 * The sales export as a spreadsheet opens it: UTF-8 with a byte-order mark (Excel reads accents right), CRLF lines,
 * every text quoted, and a text a spreadsheet would run as a formula (a title starting with `=`, `+`, `-`, `@`)
 * kept as text. Amounts are plain decimals in their currency; times are UTC.
 */
export const CSV_HEADER = ['Time (UTC)', 'Title', 'Path', 'Sale', 'Channel', 'Amount', 'Currency', 'Paying wallet', 'Signature', 'Code'];

/** Where a sale was made, as the export names it. */
const channelName = (sale: Pick<Sale, 'channel'>) => (sale.channel === 'blink' ? 'Blink' : 'Site');
export const CSV_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: quoted, its quotes doubled, and defused when a spreadsheet would read it as a formula. */
function cell(value: string): string {
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${text.replaceAll('"', '""')}"`;
}

export const csvLine = (cells: string[]) => `${cells.map(cell).join(',')}\r\n`;

/** `2026-11-28 09:41:07`: a time every spreadsheet reads as one. */
const spreadsheetTime = (iso: string) => iso.slice(0, 19).replace('T', ' ');

export function saleLine(sale: Sale): string {
  return csvLine([
    spreadsheetTime(sale.verifiedAt),
    sale.name,
    sale.path,
    // A gift counts as a sale, marked in its kind's cell: "purchase (gift)".
    sale.gift ? `${saleKindOf(sale)} (gift)` : saleKindOf(sale),
    channelName(sale),
    decimalAmount(sale.price),
    sale.price.currency,
    sale.wallet,
    sale.signature,
    sale.code ?? '',
  ]);
}
