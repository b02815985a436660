// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseArticleFile } from './article-file.ts';

const FRONTMATTER = `title: Public S3 buckets, and the setting that stops them
description: How Block Public Access works at the account and bucket level.
category: Data Protection
severity: High
mitreAttack: T1530 Data from Cloud Storage
audience: Cloud security engineers
kryonSolution:
  - Kryon Core
publishedDate: 2026-03-01
tags:
  - S3
`;
const file = (frontmatter: string, body = '## Heading\n\nText.') =>
  `---\n${frontmatter}---\n\n${body}\n`;

describe('an article file', () => {
  it('holds the frontmatter fields and the Markdown body; the file name is the id', () => {
    const article = parseArticleFile('articles/public-s3.md', file(FRONTMATTER));
    expect(article).toMatchObject({
      id: 'public-s3',
      category: 'Data Protection',
      kryonSolution: ['Kryon Core'],
      publishedDate: '2026-03-01',
      body: '## Heading\n\nText.',
    });
  });

  it('names the file and the field that is missing', () => {
    const missing = FRONTMATTER.replace(/^severity:.*\n/m, '');
    expect(() => parseArticleFile('articles/x.md', file(missing))).toThrow(
      /^articles\/x\.md: frontmatter field "severity": /,
    );
  });

  it('names the file and the field that is wrong', () => {
    const wrong = FRONTMATTER.replace('Kryon Core', 'Kryon Magic');
    expect(() => parseArticleFile('articles/x.md', file(wrong))).toThrow(
      /^articles\/x\.md: frontmatter field "kryonSolution\.0": /,
    );
    const badDate = FRONTMATTER.replace('2026-03-01', '2026-13-01');
    expect(() => parseArticleFile('articles/x.md', file(badDate))).toThrow(/"publishedDate"/);
  });

  it('refuses a field it does not know, so a typo is not silently ignored', () => {
    expect(() => parseArticleFile('articles/x.md', file(`${FRONTMATTER}featurd: true\n`))).toThrow(
      /articles\/x\.md: .*featurd/,
    );
  });

  it('needs frontmatter, a body and a slug for a name', () => {
    expect(() => parseArticleFile('articles/x.md', '## No frontmatter')).toThrow(/no frontmatter/);
    expect(() => parseArticleFile('articles/x.md', file(FRONTMATTER, ''))).toThrow(/no body/);
    expect(() => parseArticleFile('articles/Bad_Name.md', file(FRONTMATTER))).toThrow(/slug/);
  });
});
