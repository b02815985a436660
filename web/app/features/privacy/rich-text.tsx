import type { RichText as RichTextCopy } from '../../content/privacy-types.ts';

/** Running text whose pieces may link to a page of the site (client-side) or elsewhere. */
export function RichText({ text }: { text: RichTextCopy }) {
  if (typeof text === 'string') return text;
  return text.map((piece, index) => {
    if (typeof piece === 'string') return piece;
    const key = `${index}-${piece.text}`;
    return 'to' in piece ? (
      <a key={key} href={piece.to}>
        {piece.text}
      </a>
    ) : (
      <a key={key} href={piece.href}>
        {piece.text}
      </a>
    );
  });
}
