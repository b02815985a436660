import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { renderAsync } from '@resvg/resvg-js';
import { renderToStaticMarkup } from 'react-dom/server';
import satori, { type Font } from 'satori';
import type { Severity } from '../../app/content/library-types.ts';
import { shareImageCopy } from '../../app/content/share-image-copy.ts';
import { LogoMark } from '../../app/features/layout/logo.tsx';
import { SHARE_IMAGE_SIZE } from '../../app/lib/share-image.ts';
import { SITE } from '../../app/site-config.ts';

/** What one share image says: a label row, a title, an optional line under it, a footer. */
export interface ShareCard {
  /** The severity pill of an article; categories have none. */
  severity?: { level: Severity; label: string };
  /** Beside the pill: the article's category, or "Category" on a category's image. */
  label: string;
  title: string;
  subtitle?: string;
  /** Bottom right: the read time of an article, the article count of a category. */
  detail: string;
}

/** The site's colours as the images use them, read from its design tokens. */
export interface ShareImageTheme {
  background: string;
  raised: string;
  border: string;
  text: string;
  muted: string;
  subtle: string;
  primary: string;
  indigo: string;
  cyan: string;
  brandGradient: string;
  severity: Record<Severity, string>;
}

/**
 * Reads the theme from tokens.css, so a change of brand colour reaches the images with the
 * next build. Severity colours are the ones the site's severity badges use.
 */
export function shareImageTheme(tokensCss: string): ShareImageTheme {
  const token = (name: string) => {
    const value = new RegExp(`--${name}:\\s*(#[0-9a-fA-F]{6})\\b`).exec(tokensCss)?.[1];
    if (!value) throw new Error(`tokens.css has no colour --${name}`);
    return value;
  };
  const gradient = /--gradient-brand:\s*([^;]+);/.exec(tokensCss)?.[1];
  if (!gradient) throw new Error('tokens.css has no --gradient-brand');
  return {
    background: token('color-bg'),
    raised: token('color-bg-raised'),
    border: token('color-border'),
    text: token('color-text'),
    muted: token('color-text-muted'),
    subtle: token('color-text-subtle'),
    primary: token('color-primary'),
    indigo: token('color-indigo'),
    cyan: token('color-cyan'),
    brandGradient: gradient.trim(),
    severity: {
      Critical: token('color-rose'),
      High: token('color-amber'),
      Medium: token('color-cyan'),
      Low: token('color-emerald'),
    },
  };
}

const require = createRequire(import.meta.url);
const inter = (weight: 400 | 600 | 700): Font => ({
  name: 'Inter',
  // Satori reads TTF, OTF and WOFF, not WOFF2; @fontsource ships both.
  data: readFileSync(require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`)),
  weight,
  style: 'normal',
});
// One array for every image: satori keeps parsed fonts per array, so they are parsed once.
const FONTS: Font[] = [inter(400), inter(600), inter(700)];

const LOGO_SIZE = 60;
const LOGO_SRC = `data:image/svg+xml;base64,${Buffer.from(
  renderToStaticMarkup(<LogoMark size={LOGO_SIZE} />),
).toString('base64')}`;

const PADDING_X = 72;

/**
 * The title's size steps down as it grows so that a long title still sets in at most four
 * lines; the line clamp is the last resort for a title longer than any written so far.
 */
function titleSize(title: string): number {
  if (title.length <= 32) return 76;
  if (title.length <= 60) return 64;
  if (title.length <= 90) return 56;
  return 48;
}

function ShareCardView({
  card,
  theme,
  siteHost,
}: {
  card: ShareCard;
  theme: ShareImageTheme;
  siteHost: string;
}) {
  const size = titleSize(card.title);
  return (
    <div
      style={{
        width: SHARE_IMAGE_SIZE.width,
        height: SHARE_IMAGE_SIZE.height,
        // Satori lays out content-box by default: the padding would push the footer off.
        boxSizing: 'border-box',
        display: 'flex',
        flexDirection: 'column',
        padding: `64px ${PADDING_X}px 52px`,
        backgroundColor: theme.background,
        // The site's hero glows: indigo from the top right, cyan from the bottom left.
        backgroundImage: `radial-gradient(circle at 100% 0%, ${theme.indigo}59 0%, ${theme.background}00 45%), radial-gradient(circle at 0% 100%, ${theme.cyan}33 0%, ${theme.background}00 40%)`,
        color: theme.text,
        fontFamily: 'Inter',
      }}
    >
      <div
        style={{
          position: 'absolute',
          top: 0,
          left: 0,
          width: SHARE_IMAGE_SIZE.width,
          height: 8,
          backgroundImage: theme.brandGradient,
        }}
      />
      <div style={{ display: 'flex', alignItems: 'center' }}>
        <img src={LOGO_SRC} width={LOGO_SIZE} height={LOGO_SIZE} alt="" />
        <div style={{ marginLeft: 18, fontSize: 40, fontWeight: 700, letterSpacing: -0.5 }}>
          {SITE.name}
        </div>
      </div>

      <div
        style={{
          display: 'flex',
          flexDirection: 'column',
          flexGrow: 1,
          flexShrink: 1,
          minHeight: 0,
          justifyContent: 'center',
        }}
      >
        <div style={{ display: 'flex', alignItems: 'center', marginBottom: 24 }}>
          {card.severity ? (
            <div
              style={{
                display: 'flex',
                padding: '6px 16px',
                marginRight: 20,
                border: `2px solid ${theme.severity[card.severity.level]}`,
                borderRadius: 999,
                color: theme.severity[card.severity.level],
                fontSize: 20,
                fontWeight: 700,
                letterSpacing: 1.5,
                textTransform: 'uppercase',
              }}
            >
              {card.severity.label}
            </div>
          ) : null}
          <div style={{ fontSize: 26, fontWeight: 600, color: theme.primary }}>{card.label}</div>
        </div>
        <div
          style={{
            display: 'block',
            fontSize: size,
            fontWeight: 700,
            lineHeight: 1.15,
            letterSpacing: -0.02 * size,
            lineClamp: 4,
            maxWidth: SHARE_IMAGE_SIZE.width - 2 * PADDING_X,
          }}
        >
          {card.title}
        </div>
        {card.subtitle ? (
          <div
            style={{
              display: 'block',
              marginTop: 22,
              fontSize: 32,
              fontWeight: 400,
              lineHeight: 1.3,
              color: theme.muted,
              lineClamp: 2,
            }}
          >
            {card.subtitle}
          </div>
        ) : null}
      </div>

      <div
        style={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          paddingTop: 22,
          borderTop: `1px solid ${theme.border}`,
          fontSize: 24,
          color: theme.muted,
        }}
      >
        <div style={{ display: 'flex' }}>
          <span style={{ color: theme.text, fontWeight: 600 }}>{siteHost}</span>
          <span style={{ margin: '0 12px', color: theme.subtle }}>/</span>
          <span>{shareImageCopy.eyebrow}</span>
        </div>
        <div style={{ display: 'flex' }}>{card.detail}</div>
      </div>
    </div>
  );
}

export interface RenderShareImageOptions {
  theme: ShareImageTheme;
  /** The site's host name, printed in the footer: the image often travels without its link. */
  siteHost: string;
}

/**
 * The SVG satori lays out, before rasterising. With `textAsText` the words stay `<text>`
 * elements with their positions instead of glyph outlines: what a test reads the layout from.
 */
export function renderShareSvg(
  card: ShareCard,
  options: RenderShareImageOptions & { textAsText?: boolean },
): Promise<string> {
  return satori(<ShareCardView card={card} theme={options.theme} siteHost={options.siteHost} />, {
    ...SHARE_IMAGE_SIZE,
    fonts: FONTS,
    embedFont: !options.textAsText,
  });
}

/** One share image as PNG bytes, 1200x630. */
export async function renderShareImage(
  card: ShareCard,
  options: RenderShareImageOptions,
): Promise<Buffer> {
  const svg = await renderShareSvg(card, options);
  // Satori has already turned every glyph into a path: resvg needs no fonts, and skipping
  // the system font scan saves most of its start-up. renderAsync rasterises off the main
  // thread, so images of a build rasterise side by side.
  const image = await renderAsync(svg, { font: { loadSystemFonts: false } });
  return image.asPng();
}
