import { DIFFICULTY_LABELS } from '../../content/library-labels.ts';
import type { Severity } from '../../content/library-types.ts';

export const PAGE_COUNT_MIN = 10;
export const PAGE_COUNT_MAX = 39;

/**
 * The preview's page count: between 10 and 39, not drawn at random but derived from
 * the item's id (a 32-bit FNV-1a hash), so the prerendered and hydrated pages agree and a
 * visitor sees the same number every time.
 */
export function pageCount(id: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i += 1) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return PAGE_COUNT_MIN + (hash % (PAGE_COUNT_MAX - PAGE_COUNT_MIN + 1));
}

/**
 * A report's difficulty follows from its impact: Critical or High is Advanced, Medium is
 * Intermediate, anything else Beginner.
 */
export function difficultyFor(impact: Severity | string): string {
  if (impact === 'Critical' || impact === 'High') return DIFFICULTY_LABELS.advanced;
  if (impact === 'Medium') return DIFFICULTY_LABELS.intermediate;
  return DIFFICULTY_LABELS.beginner;
}
