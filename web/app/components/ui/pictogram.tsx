import { type IconStyleProps, IconSvg } from './icon.tsx';
import { PICTOGRAMS, type PictogramName } from './icon-pictograms.ts';

/**
 * A pictogram of the icon set (icon-pictograms.ts), as copy names it: 24 px and a 1.8 px line
 * unless told otherwise. Decorative unless labelled, because the text beside it names the item.
 */
export function Pictogram({
  name,
  size = 24,
  weight = 'light',
  ...rest
}: IconStyleProps & { name: PictogramName }) {
  return <IconSvg paths={PICTOGRAMS[name]} size={size} weight={weight} {...rest} />;
}
