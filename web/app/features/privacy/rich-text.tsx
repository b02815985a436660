import { Link } from 'react-router';
import type { RichText as RichTextCopy } from '../../content/privacy-types.ts';

/** Running text whose pieces may link to a page of the site (client-side) or elsewhere. */
export function RichText({ text }: { text: RichTextCopy }) {
  if (typeof text === 'string') return text;
  return text.map((piece, index) => {
    if (typeof piece === 'string') return piece;
    const key = `${index}-${piece.text}`;
    return 'to' in piece ? (
      <Link key={key} to={piece.to}>
        {piece.text}
      </Link>
    ) : (
      <a key={key} href={piece.href}>
        {piece.text}
      </a>
    );
  });
}
