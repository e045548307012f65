// The presses being answered in this process, by interaction id: how a press that makes a move
// answers on its own message (the pressed board retired, or a step shown on it, through the
// press's own interaction callback, which Discord's global limit does not count). The handler
// registers them before it asks the game master, and they go when it is done; the publisher finds
// them from the event's origin, which names the interaction and carries no function (README:
// Layout, the game master). The master publishes a change within the call that made it, in the
// process the press came to, so a record in memory is enough.
import type { BoardPayload } from '../views/board.js';

export type PressAnswer = {
  /** Retires the pressed board in the press's own answer (its text: what the board became). */
  retirePressed?(text: string): Promise<void>;
  /** Shows a step of the same turn on the pressed board, through the press's own answer. */
  editPressed?(payload: BoardPayload): Promise<unknown>;
};

export function createPressAnswers() {
  const answers = new Map<string, PressAnswer>();
  return {
    /** Runs `work` (the master's verb) with the press's answers known by its interaction id; they go when it ends, however. */
    async during<T>(interactionId: string, answer: PressAnswer, work: () => Promise<T>): Promise<T> {
      answers.set(interactionId, answer);
      try {
        return await work();
      } finally {
        answers.delete(interactionId);
      }
    },
    /** The answers of the press an event came from, while its handler runs. */
    of(interactionId: string | undefined): PressAnswer | undefined {
      return interactionId === undefined ? undefined : answers.get(interactionId);
    },
    /** Presses being answered now (none once every handler is done). */
    get size(): number {
      return answers.size;
    },
  };
}

export type PressAnswers = ReturnType<typeof createPressAnswers>;
