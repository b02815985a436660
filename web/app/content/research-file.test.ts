// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseResearchFile } from './research-file.ts';

// The test fixture report: a complete, valid file (scripts/reports/research-files.test.ts).
const VALID = readFileSync(
  new URL(
    '../../scripts/reports/fixtures/research/s3-access-points-fixture-report.md',
    import.meta.url,
  ),
  'utf8',
);
const NAME = 'app/content/research/x.md';
const [, FRONTMATTER = '', BODY = ''] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(VALID) ?? [];
const file = (frontmatter = FRONTMATTER, body = BODY) => `---\n${frontmatter}\n---\n${body}`;

describe('a research file', () => {
  it('holds the archive item and the preview in its frontmatter, the report in its body', () => {
    const { item, preview, report } = parseResearchFile(
      'app/content/research/s3-access-points.md',
      VALID,
    );
    expect(item).toMatchObject({
      id: 's3-access-points',
      type: 'Monthly Finding',
      impact: 'Medium',
      publishedDate: '2026-11-25',
      authors: [{ name: 'Test Fixture', title: 'Research Fixture', company: 'Kryon' }],
    });
    expect(preview.highlights).toHaveLength(3);
    expect(preview.contents).toHaveLength(4);
    expect(preview).not.toHaveProperty('pages');
    expect(report.sections).toEqual([
      {
        heading: 'What the fixture proves',
        // Inline Markdown is read as its text: the PDF prints plain text.
        paragraphs: [
          "A research report is one Markdown file in web/app/content/research/. Its frontmatter is the archive's item and the dialog's preview; its body is the report.",
        ],
        bullets: ['The archive lists it.', 'The dialog previews it.'],
        table: {
          caption: 'Where each part of the file goes.',
          columns: ['Part', 'Read by'],
          rows: [
            ['Frontmatter', 'The archive and the download dialog'],
            ['Body', 'The PDF build'],
          ],
        },
      },
    ]);
  });

  it('names the file and the field that is missing', () => {
    const missing = FRONTMATTER.replace(/^impact:.*\n/m, '');
    expect(() => parseResearchFile(NAME, file(missing))).toThrow(
      /^app\/content\/research\/x\.md: frontmatter field "impact": /,
    );
  });

  it('names the file and the field that is wrong', () => {
    expect(() =>
      parseResearchFile(NAME, file(FRONTMATTER.replace('Monthly Finding', 'Blog Post'))),
    ).toThrow(/^app\/content\/research\/x\.md: frontmatter field "type": /);
    expect(() =>
      parseResearchFile(NAME, file(FRONTMATTER.replace('2026-11-25', '2026-13-01'))),
    ).toThrow(/x\.md: frontmatter field "publishedDate"/);
    expect(() =>
      parseResearchFile(NAME, file(FRONTMATTER.replace('\n    - Nothing else to register', ''))),
    ).toThrow(/x\.md: frontmatter field "download\.contents"/);
    expect(() =>
      parseResearchFile(NAME, file(FRONTMATTER.replace('    company: Kryon', '    company: ""'))),
    ).toThrow(/x\.md: frontmatter field "authors\.0\.company"/);
  });

  it('refuses a field it does not know, so a typo is not silently ignored', () => {
    expect(() => parseResearchFile(NAME, file(`${FRONTMATTER}\nfeaturd: true`))).toThrow(
      /x\.md: .*featurd/,
    );
  });

  it('needs frontmatter, a body of sections and a slug for a name', () => {
    expect(() => parseResearchFile(NAME, BODY)).toThrow(/no frontmatter/);
    expect(() => parseResearchFile(NAME, file(FRONTMATTER, '\n'))).toThrow(/no body/);
    expect(() => parseResearchFile('research/Bad_Name.md', VALID)).toThrow(/slug/);
  });

  it('refuses a body the PDF cannot lay out, naming the line', () => {
    const lines = FRONTMATTER.split('\n').length + 2;
    expect(() =>
      parseResearchFile(NAME, file(FRONTMATTER, '\nText before any heading.\n')),
    ).toThrow(new RegExp(`x\\.md: body, near line ${lines + 2}: .*"## Heading"`));
    expect(() => parseResearchFile(NAME, file(FRONTMATTER, '\n## A\n\n### B\n'))).toThrow(
      /x\.md: body, near line \d+: a heading is not part of a report/,
    );
    expect(() =>
      parseResearchFile(NAME, file(FRONTMATTER, '\n## A\n\n| a |\n| - |\n| 1 |\n')),
    ).toThrow(/needs a caption/);
    expect(() => parseResearchFile(NAME, file(FRONTMATTER, '\n## A\n\n- one\n\nAfter.\n'))).toThrow(
      /a paragraph after the list/,
    );
  });
});
