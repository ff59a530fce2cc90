import { describe, expect, it } from 'vitest';
import type { Statement } from './billing.service.js';
import { statementCsv } from './statement-csv.js';

/** Reads CSV as a spreadsheet does (RFC 4180 quotes), with the separator its locale uses. */
function readCsv(text: string, separator: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === separator) endCell();
    else if (ch === '\r' && text[i + 1] === '\n') {
      endCell();
      rows.push(row);
      row = [];
      i++;
    } else cell += ch;
  }
  if (cell || row.length) {
    endCell();
    rows.push(row);
  }
  return rows;
}

const statementWith = (title: string, reference = 'CUSP-2026-000001'): Statement => ({
  month: '2026-11',
  designer: 'lina',
  currency: 'USD',
  opening: 0,
  closing: 9000,
  lines: [{ date: new Date('2026-11-03T10:00:00Z'), kind: 'sale', reference, title, gross: 10000, fee: -1000, refunded: 0, payout: 0, net: 9000, balance: 9000 }],
  totals: { gross: 10000, fee: -1000, refunded: 0, payout: 0, net: 9000 },
});

describe('statement CSV under any separator', () => {
  const titles = ['x;=HYPERLINK(A1)', 'Crown, =1+2', 'Crown\t@SUM(A1)', 'Bridge; +cmd', 'Veneer;  -2+3', '=1+1', 'x;=HYPERLINK("http://evil.example")'];

  it.each(titles)('no cell of %j starts a formula, read with comma, semicolon or tab', (title) => {
    const csv = statementCsv(statementWith(title, title));
    for (const separator of [',', ';', '\t']) {
      for (const row of readCsv(csv, separator)) {
        for (const cell of row) {
          // Figures are ours (a negative fee is -10.00); only member text could carry a formula.
          if (/^-?\d+\.\d\d$/.test(cell)) continue;
          expect(cell, `${separator} ${JSON.stringify(row)}`).not.toMatch(/^[ ]*[=+\-@\t\r]/);
        }
      }
    }
    // Read with its own separator, the text is all there, a quote mark before each formula start.
    const line = readCsv(csv, ',')[2]!;
    expect(line[3]!.replaceAll("'", '')).toBe(title);
    expect(line[2]).toBe(line[3]);
  });

  it('marks each formula start, not only the first', () => {
    expect(readCsv(statementCsv(statementWith('x;=1+1,@A1')), ',')[2]![3]).toBe("x;'=1+1,'@A1");
  });

  it('leaves ordinary titles as they are', () => {
    const line = readCsv(statementCsv(statementWith('Crown; full contour - zirconia')), ',')[2]!;
    expect(line[3]).toBe('Crown; full contour - zirconia');
    expect(line[2]).toBe('CUSP-2026-000001');
  });
});
