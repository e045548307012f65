// The crosstable posted with a tournament's podium (README: Tournaments): the image, and its alt
// text stating the standings in words in the server's language, within Discord's 1,024
// characters for an attachment's description. The players are named as the server shows them.
import type { Speaker } from '../../i18n/index.js';
import { crosstableAltText, renderCrosstablePng } from '../../render/crosstable.js';
import { readCrosstable, type CrosstableSource, type TournamentView } from '../../tournaments/index.js';

export const CROSSTABLE_FILE = 'crosstable.png';

/** The crosstable's attachment, its players named by `nameOf` (the server's names for them). */
export async function crosstableAttachment(sp: Speaker, source: CrosstableSource, t: TournamentView, nameOf: (userId: string) => Promise<string>) {
  const model = await readCrosstable(source, t, nameOf);
  return { attachment: await renderCrosstablePng(model, sp.locale), name: CROSSTABLE_FILE, description: crosstableAltText(model, sp.locale) };
}
