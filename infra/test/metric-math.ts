/**
 * CloudWatch metric math, as far as the alarms' expressions use it: numbers, metric ids,
 * + - * /, comparisons (1 or 0), parentheses, FILL(m, value) and IF(condition, a, b). A
 * missing metric is NaN, as no data is; FILL replaces it.
 */
export function evaluate(expression: string, values: Record<string, number | undefined>): number {
  const tokens = expression.match(/\d+(?:\.\d+)?|[A-Za-z_]\w*|>=|<=|==|!=|[-+*/(),<>]/g) ?? [];
  let at = 0;
  const peek = () => tokens[at];
  const take = (expected?: string) => {
    const token = tokens[at++];
    if (expected !== undefined && token !== expected) {
      throw new Error(`expected ${expected} at ${at} in ${expression}, got ${token}`);
    }
    return token as string;
  };
  const comparison = (): number => {
    const left = sum();
    const op = peek();
    const compare: Record<string, (a: number, b: number) => boolean> = {
      '>=': (a, b) => a >= b,
      '>': (a, b) => a > b,
      '<=': (a, b) => a <= b,
      '<': (a, b) => a < b,
      '==': (a, b) => a === b,
      '!=': (a, b) => a !== b,
    };
    const test = op === undefined ? undefined : compare[op];
    if (test) {
      take();
      return test(left, sum()) ? 1 : 0;
    }
    return left;
  };
  const sum = (): number => {
    let value = product();
    while (peek() === '+' || peek() === '-')
      value = take() === '+' ? value + product() : value - product();
    return value;
  };
  const product = (): number => {
    let value = atom();
    while (peek() === '*' || peek() === '/')
      value = take() === '*' ? value * atom() : value / atom();
    return value;
  };
  const atom = (): number => {
    const token = take();
    if (token === '(') {
      const value = comparison();
      take(')');
      return value;
    }
    if (/^\d/.test(token)) return Number(token);
    if (token === 'FILL' || token === 'IF') {
      take('(');
      const args = [comparison()];
      while (peek() === ',') {
        take();
        args.push(comparison());
      }
      take(')');
      const [a = Number.NaN, b = Number.NaN, c = Number.NaN] = args;
      if (token === 'FILL') return Number.isNaN(a) ? b : a;
      return a !== 0 && !Number.isNaN(a) ? b : c;
    }
    if (!(token in values)) throw new Error(`unknown id ${token} in ${expression}`);
    return values[token] ?? Number.NaN;
  };
  const value = comparison();
  if (at !== tokens.length) throw new Error(`trailing tokens in ${expression}`);
  return value;
}
