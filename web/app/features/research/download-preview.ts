import { DIFFICULTY_LABELS } from '../../content/library-labels.ts';
import type { Severity } from '../../content/library-types.ts';

/**
 * A report's difficulty follows from its impact: Critical or High is Advanced, Medium is
 * Intermediate, anything else Beginner.
 */
export function difficultyFor(impact: Severity | string): string {
  if (impact === 'Critical' || impact === 'High') return DIFFICULTY_LABELS.advanced;
  if (impact === 'Medium') return DIFFICULTY_LABELS.intermediate;
  return DIFFICULTY_LABELS.beginner;
}
