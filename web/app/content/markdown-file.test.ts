import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { ContentFileError, readMarkdownFile } from './markdown-file.ts';

const schema = z.strictObject({ title: z.string().min(1), tags: z.array(z.string()).min(1) });
const file = (frontmatter: string, body = '\nThe body.\n') => `---\n${frontmatter}\n---\n${body}`;

describe('readMarkdownFile', () => {
  it('gives the id from the file name, the checked frontmatter, the body and where it starts', () => {
    const read = readMarkdownFile('content/some-file.md', file('title: A\ntags: [x]'), schema);
    expect(read).toEqual({
      id: 'some-file',
      data: { title: 'A', tags: ['x'] },
      body: '\nThe body.\n',
      frontmatterLines: 4,
    });
  });

  it('names the file and every frontmatter field to fix at once', () => {
    const read = () => readMarkdownFile('a.md', file('title: ""\ncolour: red'), schema);
    expect(read).toThrow(ContentFileError);
    expect(read).toThrow(
      /^a\.md: frontmatter field "title": .+; frontmatter field "tags": .+; .*colour/,
    );
  });

  it.each([
    ['Not_A_Slug.md', file('title: A\ntags: [x]'), /must be a slug/],
    ['a.md', 'title: A\n', /no frontmatter/],
    ['a.md', file('title: [unclosed'), /not valid YAML/],
  ])('refuses %s with what is wrong', (name, source, problem) => {
    expect(() => readMarkdownFile(name, source, schema)).toThrow(problem);
  });
});
