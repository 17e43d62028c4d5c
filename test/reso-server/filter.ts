import type { EdmType } from './fields';

/**
 * The OData v4 $filter subset the test server understands: eq, ne, gt, ge, lt, le and `in` between a
 * field and a literal (string, number, true/false, null, a Date or a DateTimeOffset), joined by and,
 * or, not and parentheses. Anything else (functions, arithmetic, lambdas, field-to-field comparisons)
 * is refused with a QueryError, which the server answers 400 as a real one would.
 */

/**
 * What a filter reads of a record: its key, its ModificationTimestamp parsed once (ms, and the digits of
 * its fraction past the millisecond, as servers that write 7 digits have them) and its fields.
 */
export interface Row {
  key: string;
  ts: number;
  sub: number;
  record: Record<string, unknown>;
}

/** A request the server refuses with 400 and this message. */
export class QueryError extends Error {}

type Comparison = 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le';
type Literal =
  | { kind: 'string'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'null' }
  | { kind: 'date'; value: string }
  /** ms since the epoch, and the fraction's digits past the millisecond (to 12 places) as an integer. */
  | { kind: 'datetime'; value: number; sub: number };

export type FilterExpr =
  | { op: 'and' | 'or'; left: FilterExpr; right: FilterExpr }
  | { op: 'not'; operand: FilterExpr }
  | { op: Comparison; field: string; literal: Literal }
  | { op: 'in'; field: string; literals: Literal[] };

/**
 * Where in the (ModificationTimestamp, ListingKey) order a filter's rows begin: the first row after
 * (ts, key), or at it when not strict; a null key stands for every key of that timestamp.
 */
export interface Bound {
  ts: number;
  sub: number;
  key: string | null;
  strict: boolean;
}

export interface CompiledFilter {
  /** Lower bounds every matching row is at or after (the store binary-searches the greatest). */
  bounds: Bound[];
  /** What a row past the bounds must still satisfy; null when the bounds say everything. */
  residual: ((row: Row) => boolean) | null;
}

const COMPARISONS = new Set(['eq', 'ne', 'gt', 'ge', 'lt', 'le']);
const UNSUPPORTED_OPERATORS = new Set(['add', 'sub', 'mul', 'div', 'divby', 'mod', 'has', 'any', 'all']);
const OPERATOR_KIND: Record<Comparison | 'in', string> = {
  eq: 'Equal',
  ne: 'NotEqual',
  gt: 'GreaterThan',
  ge: 'GreaterThanOrEqual',
  lt: 'LessThan',
  le: 'LessThanOrEqual',
  in: 'In',
};
const LITERAL_TYPE: Record<Literal['kind'], string> = {
  string: 'Edm.String',
  number: 'Edm.Decimal',
  boolean: 'Edm.Boolean',
  null: 'null',
  date: 'Edm.Date',
  datetime: 'Edm.DateTimeOffset',
};

type Token =
  | { type: 'punct'; text: '(' | ')' | ','; at: number }
  | { type: 'word'; text: string; at: number }
  | { type: 'literal'; literal: Literal; text: string; at: number };

const DATETIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})/y;
const DATE = /\d{4}-\d{2}-\d{2}(?![\dT])/y;
const NUMBER = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?(?![\w.])/y;
const WORD = /[A-Za-z_][A-Za-z0-9_]*(?:\/[A-Za-z_][A-Za-z0-9_]*)*/y;

/** A DateTimeOffset's instant in whole ms (its fraction's further digits are subMillis'). */
export function parseDateTime(text: string): number {
  return Date.parse(text.replace(/(\.\d{3})\d+/, '$1'));
}

/** The digits of a DateTimeOffset's fraction past the millisecond, to 12 places, as an integer (0 to 999,999,999). */
export function subMillis(text: string): number {
  const digits = /\.\d{3}(\d+)/.exec(text)?.[1];
  return digits ? Number(digits.slice(0, 9).padEnd(9, '0')) : 0;
}

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const match = (re: RegExp): string | null => {
    re.lastIndex = i;
    return re.exec(source)?.[0] ?? null;
  };
  while (i < source.length) {
    const c = source[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
      continue;
    }
    if (c === '(' || c === ')' || c === ',') {
      tokens.push({ type: 'punct', text: c, at: i });
      i++;
      continue;
    }
    if (c === "'") {
      let value = '';
      let j = i + 1;
      for (;;) {
        if (j >= source.length) throw new QueryError(`Syntax error in $filter: unterminated string literal at position ${i}.`);
        if (source[j] === "'") {
          if (source[j + 1] === "'") {
            value += "'";
            j += 2;
            continue;
          }
          break;
        }
        value += source[j++];
      }
      tokens.push({ type: 'literal', literal: { kind: 'string', value }, text: source.slice(i, j + 1), at: i });
      i = j + 1;
      continue;
    }
    const datetime = match(DATETIME);
    if (datetime) {
      const value = parseDateTime(datetime);
      if (Number.isNaN(value))
        throw new QueryError(`The DateTimeOffset literal '${datetime}' in $filter is not a valid date and time.`);
      tokens.push({ type: 'literal', literal: { kind: 'datetime', value, sub: subMillis(datetime) }, text: datetime, at: i });
      i += datetime.length;
      continue;
    }
    const date = match(DATE);
    if (date) {
      if (Number.isNaN(Date.parse(date))) throw new QueryError(`The Date literal '${date}' in $filter is not a valid date.`);
      tokens.push({ type: 'literal', literal: { kind: 'date', value: date }, text: date, at: i });
      i += date.length;
      continue;
    }
    const number = match(NUMBER);
    if (number) {
      tokens.push({ type: 'literal', literal: { kind: 'number', value: Number(number) }, text: number, at: i });
      i += number.length;
      continue;
    }
    const word = match(WORD);
    if (word) {
      if (word === 'true' || word === 'false')
        tokens.push({ type: 'literal', literal: { kind: 'boolean', value: word === 'true' }, text: word, at: i });
      else if (word === 'null') tokens.push({ type: 'literal', literal: { kind: 'null' }, text: word, at: i });
      else tokens.push({ type: 'word', text: word, at: i });
      i += word.length;
      continue;
    }
    throw new QueryError(`Syntax error in $filter: unexpected '${source.slice(i, i + 20)}' at position ${i}.`);
  }
  return tokens;
}

/** Parses a $filter into its expression tree, checking each field and literal against the field types. */
export function parseFilter(source: string, fieldType: (field: string) => EdmType | undefined): FilterExpr {
  const tokens = tokenize(source);
  let pos = 0;
  const peek = (): Token | undefined => tokens[pos];
  const where = (t: Token | undefined) => (t ? `'${'text' in t ? t.text : ''}' at position ${t.at}` : 'the end');
  const isWord = (t: Token | undefined, text: string): boolean => t?.type === 'word' && t.text === text;

  const orExpr = (): FilterExpr => {
    let left = andExpr();
    while (isWord(peek(), 'or')) {
      pos++;
      left = { op: 'or', left, right: andExpr() };
    }
    return left;
  };
  const andExpr = (): FilterExpr => {
    let left = unary();
    while (isWord(peek(), 'and')) {
      pos++;
      left = { op: 'and', left, right: unary() };
    }
    return left;
  };
  const unary = (): FilterExpr => {
    if (isWord(peek(), 'not')) {
      pos++;
      return { op: 'not', operand: unary() };
    }
    const t = peek();
    if (t?.type === 'punct' && t.text === '(') {
      pos++;
      const inner = orExpr();
      const close = peek();
      if (!(close?.type === 'punct' && close.text === ')'))
        throw new QueryError(`Syntax error in $filter: ')' expected at ${where(close)}.`);
      pos++;
      return inner;
    }
    return comparison();
  };
  const operand = (): Token => {
    const t = peek();
    if (!t || t.type === 'punct') throw new QueryError(`Syntax error in $filter: a field or a literal expected at ${where(t)}.`);
    pos++;
    if (t.type === 'word') {
      const next = peek();
      if (next?.type === 'punct' && next.text === '(')
        throw new QueryError(`The function '${t.text}' in $filter is not supported by this server.`);
      if (fieldType(t.text) === undefined)
        throw new QueryError(`Could not find a property named '${t.text}' on type 'org.reso.metadata.Property'.`);
    }
    return t;
  };
  const comparison = (): FilterExpr => {
    const left = operand();
    const opToken = peek();
    if (opToken?.type !== 'word') throw new QueryError(`Syntax error in $filter: an operator expected at ${where(opToken)}.`);
    const op = opToken.text;
    if (UNSUPPORTED_OPERATORS.has(op)) throw new QueryError(`The operator '${op}' in $filter is not supported by this server.`);
    if (op === 'in') {
      pos++;
      if (left.type !== 'word')
        throw new QueryError(`Syntax error in $filter: 'in' needs a field on its left at position ${left.at}.`);
      const open = peek();
      if (!(open?.type === 'punct' && open.text === '('))
        throw new QueryError(`Syntax error in $filter: '(' expected at ${where(open)}.`);
      pos++;
      const literals: Literal[] = [];
      for (;;) {
        const t = peek();
        if (t?.type !== 'literal') throw new QueryError(`Syntax error in $filter: a literal expected at ${where(t)}.`);
        pos++;
        checkTypes(left.text, fieldType(left.text)!, t.literal, 'in');
        literals.push(t.literal);
        const sep = peek();
        if (sep?.type === 'punct' && sep.text === ',') {
          pos++;
          continue;
        }
        if (sep?.type === 'punct' && sep.text === ')') {
          pos++;
          break;
        }
        throw new QueryError(`Syntax error in $filter: ',' or ')' expected at ${where(sep)}.`);
      }
      return { op: 'in', field: left.text, literals };
    }
    if (!COMPARISONS.has(op)) throw new QueryError(`Syntax error in $filter: an operator expected at ${where(opToken)}.`);
    pos++;
    const right = operand();
    let cmp = op as Comparison;
    let field: string;
    let literal: Literal;
    if (left.type === 'word' && right.type === 'literal') {
      field = left.text;
      literal = right.literal;
    } else if (left.type === 'literal' && right.type === 'word') {
      field = right.text;
      literal = left.literal;
      cmp = FLIPPED[cmp];
    } else if (left.type === 'word') {
      throw new QueryError(
        `Comparing two fields ('${left.text}' ${op} '${right.type === 'word' ? right.text : ''}') is not supported by this server.`,
      );
    } else {
      throw new QueryError(`Syntax error in $filter: a comparison needs a field at position ${left.at}.`);
    }
    checkTypes(field, fieldType(field)!, literal, cmp);
    return { op: cmp, field, literal };
  };

  if (tokens.length === 0) throw new QueryError('The $filter is empty.');
  const expr = orExpr();
  if (pos < tokens.length) throw new QueryError(`Syntax error in $filter: unexpected ${where(peek())}.`);
  return expr;
}

const FLIPPED: Record<Comparison, Comparison> = { eq: 'eq', ne: 'ne', gt: 'lt', ge: 'le', lt: 'gt', le: 'ge' };

const COMPATIBLE: Record<Literal['kind'], EdmType[]> = {
  string: ['Edm.String'],
  number: ['Edm.Decimal', 'Edm.Int64'],
  boolean: ['Edm.Boolean'],
  null: [],
  date: ['Edm.Date'],
  datetime: ['Edm.DateTimeOffset'],
};

function checkTypes(field: string, type: EdmType, literal: Literal, op: Comparison | 'in'): void {
  if (literal.kind === 'null' || COMPATIBLE[literal.kind].includes(type)) return;
  throw new QueryError(
    `A binary operator with incompatible types was detected. Found operand types '${type}' and '${LITERAL_TYPE[literal.kind]}' for operator kind '${OPERATOR_KIND[op]}' (field ${field}).`,
  );
}

/**
 * How a row's field compares with a literal (negative, 0, positive), or null when the row has no
 * value of that kind. DateTimeOffsets compare to the last digit of their fraction (ms, then sub).
 */
function comparer(field: string, literal: Exclude<Literal, { kind: 'null' }>): (row: Row) => number | null {
  if (literal.kind === 'datetime') {
    const { value: ms, sub } = literal;
    if (field === 'ModificationTimestamp') return (row) => row.ts - ms || row.sub - sub;
    return (row) => {
      const v = row.record[field];
      const at = typeof v === 'string' ? parseDateTime(v) : NaN;
      return Number.isNaN(at) ? null : at - ms || subMillis(v as string) - sub;
    };
  }
  const target = literal.value;
  const kind = literal.kind;
  return (row) => {
    let v = row.record[field];
    if (v === undefined || v === null) return null;
    if (kind === 'date') v = typeof v === 'string' ? v.slice(0, 10) : null;
    else if (kind === 'number' && typeof v !== 'number') v = Number(v);
    if (v === null || (typeof v === 'number' && Number.isNaN(v))) return null;
    return (v as typeof target) < target ? -1 : (v as typeof target) > target ? 1 : 0;
  };
}

const TESTS: Record<Comparison, (c: number | null) => boolean> = {
  eq: (c) => c === 0,
  ne: (c) => c !== 0,
  gt: (c) => c !== null && c > 0,
  ge: (c) => c !== null && c >= 0,
  lt: (c) => c !== null && c < 0,
  le: (c) => c !== null && c <= 0,
};

function compareTo(field: string, cmp: Comparison, literal: Literal): (row: Row) => boolean {
  if (literal.kind === 'null') {
    if (cmp === 'eq') return (row) => row.record[field] === undefined || row.record[field] === null;
    if (cmp === 'ne') return (row) => row.record[field] !== undefined && row.record[field] !== null;
    return () => false;
  }
  const compare = comparer(field, literal);
  const test = TESTS[cmp];
  return (row) => test(compare(row));
}

/** The expression as a predicate over rows. */
export function predicate(expr: FilterExpr): (row: Row) => boolean {
  switch (expr.op) {
    case 'and': {
      const left = predicate(expr.left);
      const right = predicate(expr.right);
      return (row) => left(row) && right(row);
    }
    case 'or': {
      const left = predicate(expr.left);
      const right = predicate(expr.right);
      return (row) => left(row) || right(row);
    }
    case 'not': {
      const operand = predicate(expr.operand);
      return (row) => !operand(row);
    }
    case 'in': {
      const tests = expr.literals.map((literal) => compareTo(expr.field, 'eq', literal));
      return (row) => tests.some((test) => test(row));
    }
    default:
      return compareTo(expr.field, expr.op, expr.literal);
  }
}

const isTimestamp = (
  e: FilterExpr,
  op: Comparison,
): e is { op: Comparison; field: string; literal: { kind: 'datetime'; value: number; sub: number } } =>
  e.op === op && e.field === 'ModificationTimestamp' && e.literal.kind === 'datetime';

/**
 * The bound a conjunct sets in (ModificationTimestamp, ListingKey) order, and whether the bound says
 * all of it (`exact`: the conjunct holds exactly for the rows at or past the bound). Recognised:
 * `ModificationTimestamp gt|ge|eq X` and the replication cursor
 * `ModificationTimestamp gt X or (ModificationTimestamp eq X and ListingKey gt|ge 'K')`, in either order.
 */
function boundOf(e: FilterExpr): { bound: Bound; exact: boolean } | null {
  if (isTimestamp(e, 'gt')) return { bound: { ts: e.literal.value, sub: e.literal.sub, key: null, strict: true }, exact: true };
  if (isTimestamp(e, 'ge')) return { bound: { ts: e.literal.value, sub: e.literal.sub, key: null, strict: false }, exact: true };
  if (isTimestamp(e, 'eq')) return { bound: { ts: e.literal.value, sub: e.literal.sub, key: null, strict: false }, exact: false };
  if (e.op !== 'or') return null;
  for (const [after, tie] of [
    [e.left, e.right],
    [e.right, e.left],
  ]) {
    if (!isTimestamp(after, 'gt') || tie.op !== 'and') continue;
    for (const [same, key] of [
      [tie.left, tie.right],
      [tie.right, tie.left],
    ]) {
      if (
        isTimestamp(same, 'eq') &&
        same.literal.value === after.literal.value &&
        same.literal.sub === after.literal.sub &&
        (key.op === 'gt' || key.op === 'ge') &&
        key.field === 'ListingKey' &&
        key.literal.kind === 'string'
      )
        return {
          bound: { ts: after.literal.value, sub: after.literal.sub, key: key.literal.value, strict: key.op === 'gt' },
          exact: true,
        };
    }
  }
  return null;
}

function conjuncts(e: FilterExpr): FilterExpr[] {
  return e.op === 'and' ? [...conjuncts(e.left), ...conjuncts(e.right)] : [e];
}

/** The filter as bounds the store can binary-search and the rest as a predicate. */
export function compileFilter(expr: FilterExpr | null): CompiledFilter {
  if (!expr) return { bounds: [], residual: null };
  const bounds: Bound[] = [];
  const rest: FilterExpr[] = [];
  for (const c of conjuncts(expr)) {
    const b = boundOf(c);
    if (b) bounds.push(b.bound);
    if (!b?.exact) rest.push(c);
  }
  if (rest.length === 0) return { bounds, residual: null };
  const tests = rest.map(predicate);
  return { bounds, residual: tests.length === 1 ? tests[0] : (row) => tests.every((test) => test(row)) };
}
