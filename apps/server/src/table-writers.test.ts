import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { serverRoot } from './paths.js';

/**
 * Orders and enrolments have one owner each (docs/decisions/0055): an order is placed, paid, cancelled and every
 * other status change made by the orders module, through `transition()`; an enrolment is written by the courses
 * module's `enrol`. Payments only verifies and claims a payment, account deletion asks the orders module. This
 * reads every server source file (tests aside: they set odd states on purpose) and fails on a write to either table
 * anywhere else. A test rather than a lint rule: it follows import aliases and SQL text, and it can say the orders
 * module itself writes an order's status in one place only, which a per-file rule cannot.
 */

const WATCHED = ['orders', 'enrollments'] as const;
type Table = (typeof WATCHED)[number];
interface Write {
  file: string;
  /** The function the write is in (`(top)` outside any). */
  fn: string;
  table: Table;
  how: 'insert' | 'update' | 'delete' | 'sql';
}

/** SQL that writes a table; `?` stands for an interpolated value, the table's own name for an interpolated table. */
const SQL_WRITE = /\b(?:update|insert\s+into|delete\s+from)\s+(?:only\s+)?(?:public\.)?"?(orders|enrollments)"?(?![\w$.])/gi;

/** Every write to a watched table in one file's source: drizzle's `.insert/.update/.delete(table)` and SQL text. */
export function writesIn(file: string, source: string): Write[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  // Local names of the tables, and of the schema imported whole, as this file imports them.
  const tables = new Map<string, Table>();
  const schemas = new Set<string>();
  for (const statement of sf.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!/(^|\/)db\/schema(\/|$)/.test(statement.moduleSpecifier.text)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) schemas.add(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements) {
        const imported = (element.propertyName ?? element.name).text;
        if ((WATCHED as readonly string[]).includes(imported)) tables.set(element.name.text, imported as Table);
      }
    }
  }
  const tableOf = (node: ts.Node): Table | undefined => {
    if (ts.isIdentifier(node)) return tables.get(node.text);
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && schemas.has(node.expression.text)) {
      return (WATCHED as readonly string[]).includes(node.name.text) ? (node.name.text as Table) : undefined;
    }
    return undefined;
  };
  const functionOf = (node: ts.Node): string => {
    for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
      if ((ts.isFunctionDeclaration(at) || ts.isMethodDeclaration(at)) && at.name) return at.name.getText(sf);
      if ((ts.isArrowFunction(at) || ts.isFunctionExpression(at)) && ts.isVariableDeclaration(at.parent)) return at.parent.name.getText(sf);
    }
    return '(top)';
  };

  const found: Write[] = [];
  const sqlText = (text: string, node: ts.Node) => {
    for (const match of text.matchAll(SQL_WRITE)) found.push({ file, fn: functionOf(node), table: match[1]!.toLowerCase() as Table, how: 'sql' });
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.arguments[0]) {
      const how = node.expression.name.text;
      const table = tableOf(node.arguments[0]);
      if (table && (how === 'insert' || how === 'update' || how === 'delete')) found.push({ file, fn: functionOf(node), table, how });
    }
    if (ts.isTemplateExpression(node)) {
      sqlText(node.head.text + node.templateSpans.map((span) => `${tableOf(span.expression) ?? '?'}${span.literal.text}`).join(''), node);
    } else if (ts.isNoSubstitutionTemplateLiteral(node) || ts.isStringLiteral(node)) {
      sqlText(node.text, node);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const src = path.join(serverRoot, 'src');
const files = sourceFiles(src);
const writes = files.flatMap((file) => writesIn(path.relative(src, file).split(path.sep).join('/'), readFileSync(file, 'utf8')));
/** Where each write is, in a stable order (moving a function within its file changes nothing). */
const sitesOf = (table: Table) => writes.filter((w) => w.table === table).map((w) => `${w.file} ${w.fn} ${w.how}`).sort();

describe('who writes orders and enrolments', () => {
  it('finds the writes it looks for, however they are spelt, and nothing that only reads', () => {
    const source = `
      import { orders as o, orderEvents, enrollments } from '../../db/schema/index.js';
      import * as schema from '../db/schema/index.js';
      async function direct(tx) { await tx.update(o).set({ status: 'cancelled' }); await tx.select().from(o).where(eq(o.status, 'x')); }
      const viaSchema = (tx) => tx.insert(schema.enrollments).values({});
      async function raw(db) { await db.execute(sql\`update \${o} set status = 'completed' where id = \${id}\`); }
      async function text(db) { await db.execute(sql\`delete from "enrollments" where id = \${id}\`); }
      async function others(tx) { await tx.update(orderEvents).set({}); await tx.delete(schema.users); const words = 'update orders later'; }
      async function counted(tx) { await tx.update(enrollments).set({ lastLessonId: null }); }
    `;
    // 'update orders later' is SQL-shaped text too: better one false alarm in a sentence than a write missed.
    expect(writesIn('fixture.ts', source).map((w) => `${w.fn} ${w.table} ${w.how}`)).toEqual([
      'direct orders update',
      'viaSchema enrollments insert',
      'raw orders sql',
      'text enrollments sql',
      'others orders sql',
      'counted enrollments update',
    ]);
  });

  it('reads the whole server', () => {
    expect(files.length).toBeGreaterThan(150);
    expect(files.map((file) => path.relative(src, file))).toContain(path.join('modules', 'orders', 'orders.service.ts'));
  });

  it('leaves orders to the orders module, whose status changes in transition() alone', () => {
    expect(sitesOf('orders')).toEqual([
      // A new order, unpaid: its first status.
      'modules/orders/orders.service.ts placeOrder insert',
      // Every later status (paid, delivered, cancelled, completed, disputed...), and any other change to an order.
      'modules/orders/orders.service.ts transitionIn update',
      // The demo's completed orders from weeks ago: history no service can backdate (seed/direct-writes.ts says why).
      'seed/direct-writes.ts insertDemoHistoryOrder insert',
    ]);
  });

  it('leaves enrolments to the courses module, which enrols in enrol() alone', () => {
    expect(sitesOf('enrollments')).toEqual([
      // Free and paid courses alike.
      'modules/courses/enrollments.service.ts enrol insert',
      // Where the learner is in the course (not who is enrolled).
      'modules/courses/enrollments.service.ts saveProgress update',
    ]);
  });
});
