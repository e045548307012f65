// What a game says of its choices' places on its board.

/** A choice's place: the board's things a click on it names (`cells`), and what it would make (`shown`, when more). */
export type ChoicePlace = { cells: string[]; shown?: string[] };

/** Choice key → its place; a choice with none (done, pass, a count) stays a button only. */
export type ChoicePlaces = Map<string, ChoicePlace>;
