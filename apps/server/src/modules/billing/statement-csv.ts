import { stringify } from 'csv-stringify/sync';
import { fromMinor } from '@cusp/shared';
import type { Statement } from './billing.service.js';

/**
 * The statement as CSV (RFC 4180 quoting by csv-stringify): one row per movement, then the totals. Figures in major
 * units with a dot. A text cell that a spreadsheet would run as a formula (=, +, -, @ first) is prefixed with '
 * (OWASP's advice on CSV injection): service titles are written by members.
 */
export function statementCsv(statement: Statement): string {
  const c = statement.currency;
  const fig = (minor: number) => fromMinor(minor, c).toFixed(2);
  const safe = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
  const rows: string[][] = [
    ['date', 'type', 'reference', 'description', 'currency', 'price', 'fee', 'refunded', 'paid_out', 'net', 'balance'],
    [`${statement.month}-01`, 'opening_balance', '', '', c, '', '', '', '', '', fig(statement.opening)],
    ...statement.lines.map((l) => [l.date.toISOString(), l.kind, safe(l.reference), safe(l.title), c, fig(l.gross), fig(l.fee), fig(l.refunded), fig(l.payout), fig(l.net), fig(l.balance)]),
    ['', 'totals', '', '', c, fig(statement.totals.gross), fig(statement.totals.fee), fig(statement.totals.refunded), fig(statement.totals.payout), fig(statement.totals.net), fig(statement.closing)],
  ];
  return stringify(rows, { record_delimiter: '\r\n' });
}
