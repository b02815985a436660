import { ARCHIVE_ITEM_PARAM } from '@kryon/shared/constants';
import { RESEARCH_DOWNLOAD_IDS } from '@kryon/shared/research-catalogue';
import { escapeHtml } from '../leads/notification.ts';
import type { HttpResponse } from './responses.ts';

/** What a visitor is told when their report link cannot give them the report. */
export const REPORT_PAGES = {
  invalid: {
    status: 403,
    title: 'This download link is not valid',
    message:
      'The link may have been changed, or cut short when it was copied. Report links are personal: ask for the report again and we will e-mail you a new one.',
  },
  expired: {
    status: 410,
    title: 'This download link has expired',
    message:
      'Report links are personal and work for a limited time. Ask for the report again and we will e-mail you a new link within minutes.',
  },
  unavailable: {
    status: 503,
    title: 'Reports are unavailable right now',
    message:
      'Your link is fine, but the report cannot be sent at the moment. Please try the link again in a few minutes.',
  },
} as const;

export type ReportPage = keyof typeof REPORT_PAGES;

// The site's design tokens (web/app/styles/tokens.css): its dark surface, text and accent.
const COLOURS = {
  bg: '#070b14',
  surface: '#111a2e',
  text: '#e8edf7',
  muted: '#a7b3cc',
  accent: '#38bdf8',
};

/**
 * A small page in the site's colours instead of JSON or a stack trace: what went wrong in
 * words, and the way back to the research archive to ask again. Its own CSP allows its one
 * inline style and nothing else.
 */
export function reportPage(page: ReportPage, siteOrigin: string, item?: string): HttpResponse {
  const { status, title, message } = REPORT_PAGES[page];
  const archive = new URL('/research-archive', siteOrigin);
  // Back to the item itself, its download dialog open, when the link named a real one.
  if (item && (RESEARCH_DOWNLOAD_IDS as readonly string[]).includes(item)) {
    archive.searchParams.set(ARCHIVE_ITEM_PARAM, item);
  }
  const c = COLOURS;
  const body = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} | Kryon</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;background:${c.bg};color:${c.text};font-family:Inter,ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}main{max-width:34rem;margin:1.5rem;padding:2rem;border-radius:16px;background:${c.surface};border:1px solid #24324f}p.brand{color:${c.accent};font-weight:700;letter-spacing:.15em;font-size:.8rem;margin:0 0 1rem}h1{font-size:1.5rem;margin:0 0 .75rem}p{color:${c.muted};line-height:1.6}a{display:inline-block;margin-top:1rem;padding:.7rem 1.1rem;border-radius:10px;background:${c.accent};color:#04121f;font-weight:600;text-decoration:none}a:focus-visible{outline:3px solid #7dd3fc;outline-offset:3px}</style>
</head><body><main><p class="brand">KRYON RESEARCH</p><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>
<a href="${escapeHtml(archive.toString())}">Back to the research archive</a></main></body></html>`;
  return {
    statusCode: status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'content-security-policy':
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      'referrer-policy': 'no-referrer',
    },
    body,
  };
}
