import type { ColourScheme } from '../../content/marketing-types.ts';
import './tone.css';

/**
 * The class names that give a card its colour scheme. Each sets a custom property to one
 * design token (tone.css), so cards stay within the token palette and need no style
 * attributes, which a strict Content-Security-Policy would drop from the prerendered HTML.
 */
export function toneClassName({ colour, gradientFrom, gradientTo }: ColourScheme): string {
  return `tone-${colour} tone-from-${gradientFrom} tone-to-${gradientTo}`;
}
