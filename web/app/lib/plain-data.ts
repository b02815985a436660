/**
 * What in `value` would not come back unchanged from `JSON.parse(JSON.stringify(value))`, as
 * a sentence naming where (`props.items[3].published is a Date`), or undefined when nothing.
 * An island's props travel to the browser that way (islands/island.tsx), and JSON changes
 * what it cannot represent without a word: a Date becomes a string, a Map `{}`, NaN `null`,
 * a function disappears. Plain data is null, booleans, strings, finite numbers, arrays and
 * objects of plain data (`{}` or `Object.create(null)`).
 *
 * A property whose value is undefined is accepted: JSON leaves it out, and reading it back
 * still gives undefined (optional props are written that way).
 */
export function plainDataProblem(value: unknown, path = 'value'): string | undefined {
  return problemIn(value, path, []);
}

function problemIn(value: unknown, path: string, enclosing: object[]): string | undefined {
  const is = (what: string) => `${path} is ${what}`;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return undefined;
    case 'number':
      if (Number.isNaN(value)) return is('NaN');
      if (!Number.isFinite(value)) return is(String(value));
      if (Object.is(value, -0)) return is('-0');
      return undefined;
    case 'undefined':
      return is('undefined');
    case 'function':
      return is('a function');
    case 'bigint':
      return is('a bigint');
    case 'symbol':
      return is('a symbol');
  }
  if (value === null) return undefined;
  const object = value as object;
  if (enclosing.includes(object)) return `${path} refers back to an object that contains it`;
  const inside = [...enclosing, object];

  if (Array.isArray(object)) {
    if (Object.getPrototypeOf(object) !== Array.prototype) return is(kindOf(object));
    for (let index = 0; index < object.length; index++) {
      const at = `${path}[${index}]`;
      if (!(index in object)) return `${at} is an empty slot`;
      const problem = problemIn(object[index], at, inside);
      if (problem) return problem;
    }
    return extraKeysProblem(object, path, (key) => /^(0|[1-9]\d*)$/.test(key) || key === 'length');
  }

  const prototype = Object.getPrototypeOf(object);
  if (prototype !== Object.prototype && prototype !== null) return is(kindOf(object));
  if ('toJSON' in object) return `${path} has a toJSON method`;
  if (Object.getOwnPropertySymbols(object).length > 0) return `${path} has a symbol key`;
  for (const [key, property] of Object.entries(object)) {
    if (property === undefined) continue;
    const problem = problemIn(property, `${path}${keyPath(key)}`, inside);
    if (problem) return problem;
  }
  return undefined;
}

/** An array's own properties besides its items, which JSON drops. */
function extraKeysProblem(
  array: unknown[],
  path: string,
  isItem: (key: string) => boolean,
): string | undefined {
  const extra = Reflect.ownKeys(array).find((key) => typeof key === 'symbol' || !isItem(key));
  return extra === undefined
    ? undefined
    : `${path} has a property ${String(extra)} besides its items`;
}

/** "a Date", "a Map" (the platform's own classes), "an ArticleCard instance". */
function kindOf(object: object): string {
  const name = (Object.getPrototypeOf(object)?.constructor as { name?: unknown } | undefined)?.name;
  if (typeof name !== 'string' || name === '') return 'an object of no known class';
  const article = /^[AEIOU]/i.test(name) ? 'an' : 'a';
  const builtIn =
    (globalThis as Record<string, unknown>)[name] === Object.getPrototypeOf(object).constructor;
  return builtIn ? `${article} ${name}` : `${article} ${name} instance`;
}

/** `.name` for a key that reads as an identifier, `["a key"]` otherwise. */
function keyPath(key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
}
