import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import {
  createBucketReportFiles,
  createDirectoryReportFiles,
  PRESIGNED_URL_SECONDS,
} from './report-files.ts';

describe('report files', () => {
  it('reads a report of the catalogue from a directory, and nothing else', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kryon-report-files-'));
    writeFileSync(join(dir, 'kev-exposure-prioritization.pdf'), '%PDF-1.7');
    const files = createDirectoryReportFiles(dir);

    expect(await files.open('kev-exposure-prioritization')).toEqual({
      bytes: Buffer.from('%PDF-1.7'),
    });
    await expect(files.open('../../etc/passwd')).rejects.toThrow('no report');
  });

  it('presigns a GET of the report in the bucket, for a minute, as a PDF kept out of caches', async () => {
    const client = new S3Client({
      region: 'eu-west-1',
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
    });
    const files = createBucketReportFiles(client, 'kryon-reports');

    const opened = await files.open('kev-exposure-prioritization');
    const url = new URL('url' in opened ? opened.url : '');
    expect(url.hostname).toBe('kryon-reports.s3.eu-west-1.amazonaws.com');
    expect(url.pathname).toBe('/kev-exposure-prioritization.pdf');
    expect(url.searchParams.get('X-Amz-Expires')).toBe(String(PRESIGNED_URL_SECONDS));
    expect(url.searchParams.get('response-content-type')).toBe('application/pdf');
    expect(url.searchParams.get('response-cache-control')).toBe('private, no-store');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    await expect(files.open('index.html')).rejects.toThrow('no report');
  });
});
