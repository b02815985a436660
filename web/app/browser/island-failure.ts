import { islandCopy } from '../content/island-copy.ts';

/** Says in the island that its code could not load, and logs why. */
export function showIslandFailure(island: HTMLElement, error: unknown): void {
  console.error(`the ${island.dataset.island ?? ''} island could not load`, error);
  const note = island.ownerDocument.createElement('p');
  note.className = 'island-failed';
  note.setAttribute('role', 'alert');
  note.textContent = islandCopy.failed;
  island.prepend(note);
}
