import { Pictogram } from '../../components/ui/pictogram.tsx';
import type { IconItem } from '../../content/marketing-types.ts';
import './cards.css';

/** Pillars, values and scale benefits: an icon, a title and a sentence or two each. */
export function IconItemGrid({
  items,
  variant = 'cards',
}: {
  items: readonly IconItem[];
  variant?: 'cards' | 'pillars';
}) {
  return (
    <ul
      className={[
        'icon-items',
        `icon-items--${variant}`,
        items.length === 5 ? 'icon-items--five' : '',
      ]
        .filter(Boolean)
        .join(' ')}
    >
      {items.map((item) => (
        <li key={item.title} className="icon-item">
          <span className="icon-tile icon-tile--brand">
            <Pictogram name={item.icon} />
          </span>
          <h3 className="icon-item__title">{item.title}</h3>
          <p className="icon-item__text">{item.text}</p>
        </li>
      ))}
    </ul>
  );
}
