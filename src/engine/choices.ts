// A step of a move's choice path, built from what it says: its label and description each in
// English and as a phrase (contract.ts `MoveChoice`).
import type { MoveChoice } from './contract.js';
import type { Said } from './phrase.js';

export function saidChoice(key: string, label: Said, description?: Said): MoveChoice {
  const choice: MoveChoice = { key, label: label.text, phrase: label.phrase };
  if (description) {
    choice.description = description.text;
    choice.descriptionPhrase = description.phrase;
  }
  return choice;
}
