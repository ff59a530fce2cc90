import { stringify } from 'csv-stringify/sync';
import { fromMinor } from '@cusp/shared';
import type { Statement } from './billing.service.js';

/**
 * A place where a spreadsheet could start a formula in a text cell: its beginning, or just after any character a
 * spreadsheet may split cells on (`,`, `;`, tab, a line break), when `=`, `+`, `-`, `@`, a tab or a CR follows
 * (spaces allowed in between). A spreadsheet set to `;` (the usual list separator where the decimal mark is a
 * comma) reads `x;=HYPERLINK(...)` as two cells, the second a formula, whatever the quoting: the quote mark that
 * opens the cell in the comma reading is in the middle of a cell in the `;` one.
 */
const FORMULA_START = /(^|[,;\t\r\n])(?=[ ]*[=+\-@\t\r])/g;

/**
 * A member-written text made harmless under any separator (docs/decisions/0023, CSV): a ' (OWASP's advice on CSV
 * injection) goes in front of the cell and of every part of it that could start a formula, so each cell that any
 * reading makes of it starts with ' and is shown as text.
 */
export const csvText = (text: string) => text.replace(FORMULA_START, "$1'");

/**
 * The statement as CSV (RFC 4180 quoting by csv-stringify): one row per movement, then the totals. Figures in major
 * units with a dot. Text cells (service titles, references) are written by members: `csvText` defuses them.
 */
export function statementCsv(statement: Statement): string {
  const c = statement.currency;
  const fig = (minor: number) => fromMinor(minor, c).toFixed(2);
  const safe = csvText;
  const rows: string[][] = [
    ['date', 'type', 'reference', 'description', 'currency', 'price', 'fee', 'refunded', 'paid_out', 'net', 'balance'],
    [`${statement.month}-01`, 'opening_balance', '', '', c, '', '', '', '', '', fig(statement.opening)],
    ...statement.lines.map((l) => [l.date.toISOString(), l.kind, safe(l.reference), safe(l.title), c, fig(l.gross), fig(l.fee), fig(l.refunded), fig(l.payout), fig(l.net), fig(l.balance)]),
    ['', 'totals', '', '', c, fig(statement.totals.gross), fig(statement.totals.fee), fig(statement.totals.refunded), fig(statement.totals.payout), fig(statement.totals.net), fig(statement.closing)],
  ];
  return stringify(rows, { record_delimiter: '\r\n' });
}
