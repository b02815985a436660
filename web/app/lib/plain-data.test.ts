import { describe, expect, it } from 'vitest';
import { plainDataProblem } from './plain-data.ts';

class ArticleCard {
  title = 'A';
}

describe('plainDataProblem', () => {
  it('accepts what JSON gives back unchanged, nested as deep as it goes', () => {
    const value = {
      title: 'Research',
      count: 3,
      ratio: 0.5,
      negative: -2,
      shown: true,
      missing: null,
      tags: ['aws', 'iam'],
      items: [{ id: 'a', scores: [1, 2, { deep: [[]] }] }, {}],
      'data-key': 'not an identifier',
      bare: Object.assign(Object.create(null), { a: 1 }),
    };
    expect(plainDataProblem(value)).toBeUndefined();
    expect(JSON.parse(JSON.stringify(value))).toStrictEqual({ ...value, bare: { a: 1 } });
    for (const scalar of ['', 0, false, null, [], {}]) {
      expect(plainDataProblem(scalar)).toBeUndefined();
    }
  });

  it('accepts an object property that is undefined: JSON leaves it out and it reads back undefined', () => {
    expect(
      plainDataProblem({ hydrateIfQuery: undefined, nested: { note: undefined } }),
    ).toBeUndefined();
  });

  it.each([
    ['a function', () => 1, 'value is a function'],
    ['a Date', new Date(0), 'value is a Date'],
    ['a Map', new Map([['a', 1]]), 'value is a Map'],
    ['a Set', new Set([1]), 'value is a Set'],
    ['a RegExp', /a/, 'value is a RegExp'],
    ['an Error', new Error('x'), 'value is an Error'],
    ['a class instance', new ArticleCard(), 'value is an ArticleCard instance'],
    ['NaN', Number.NaN, 'value is NaN'],
    ['Infinity', Number.POSITIVE_INFINITY, 'value is Infinity'],
    ['-Infinity', Number.NEGATIVE_INFINITY, 'value is -Infinity'],
    ['-0', -0, 'value is -0'],
    ['undefined', undefined, 'value is undefined'],
    ['a bigint', 1n, 'value is a bigint'],
    ['a symbol', Symbol('s'), 'value is a symbol'],
    ['an object with toJSON', { toJSON: () => 'x' }, 'value has a toJSON method'],
    ['an object with a symbol key', { [Symbol('s')]: 1 }, 'value has a symbol key'],
  ])('refuses %s', (_kind, value, problem) => {
    expect(plainDataProblem(value)).toBe(problem);
  });

  it('names the path to a bad value inside objects and arrays', () => {
    const props = {
      items: [
        { published: '2026-01-01' },
        { published: '2026-01-02' },
        { published: '2026-01-03' },
        { published: new Date('2026-01-04') },
      ],
    };
    expect(plainDataProblem(props, 'props')).toBe('props.items[3].published is a Date');
    expect(plainDataProblem({ 'on-select': { handler: () => {} } }, 'props')).toBe(
      'props["on-select"].handler is a function',
    );
    expect(
      plainDataProblem(
        {
          matrix: [
            [1, 2],
            [3, Number.NaN],
          ],
        },
        'props',
      ),
    ).toBe('props.matrix[1][1] is NaN');
  });

  it('refuses undefined and empty slots in an array, which JSON turns into null', () => {
    expect(plainDataProblem({ list: [1, undefined, 3] }, 'props')).toBe(
      'props.list[1] is undefined',
    );
    // biome-ignore lint/suspicious/noSparseArray: the hole is what is tested.
    expect(plainDataProblem({ list: [1, , 3] }, 'props')).toBe('props.list[1] is an empty slot');
  });

  it('refuses an array with properties besides its items, which JSON drops', () => {
    const list = Object.assign([1, 2], { total: 2 });
    expect(plainDataProblem({ list }, 'props')).toBe(
      'props.list has a property total besides its items',
    );
  });

  it('refuses a value that contains itself, which JSON cannot write', () => {
    const node: Record<string, unknown> = { id: 'a' };
    node.children = [node];
    expect(plainDataProblem({ node }, 'props')).toBe(
      'props.node.children[0] refers back to an object that contains it',
    );
  });

  it('accepts the same object twice side by side, which JSON writes twice', () => {
    const shared = { id: 'a' };
    expect(plainDataProblem({ first: shared, second: [shared, shared] })).toBeUndefined();
  });
});
