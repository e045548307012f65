// The rules as players read them with `/siege rules`. Kept under 3500 characters so the text fits
// one Discord embed description.
export const rulesText = `**Siege Master** — a game by Phillip L. Leduc, for 2 players.

**Goal.** Capture more than half of the fortresses (8 of 15) by enclosing them with your armies.

**Board.** A map of about 200 hexes: Africa, Asia, Australia, Europe, North America, South America or a plain hexagon (random unless chosen). Cells are named by column letter and row number, like \`F7\`. Islands count as part of the map.

**Setup.** 15 neutral fortresses (any odd number from 5 to 25), at least 3 cells apart where the map allows, and never where no army would fit around them. They are placed at random, or drafted: Red then Blue place them in turn with \`fort F7\`. Red and Blue each have 20 armies; Red moves first.

**Armies.** An army covers 4 empty cells in a straight line. Never over a fortress, another army or the sea.

**Your turn.** Place one army; no passing.
• If your opponent's last army captured nothing, your army must touch it (share a hex edge with one of its cells), unless no such placement exists.
• If it captured something, you may play anywhere.
• **Swap:** on Blue's very first turn, Blue may play \`swap\` instead: Red's opening army, with any fortress it captured, becomes Blue's, and Red moves next. That army counts as Blue's last army.

**Sieges.** After each placement, look at the regions of cells holding no army (fortress cells belong to regions and join them). A region where no army can fit — no 4 empty, fortress-free cells in a row inside it — is a siege area. Every neutral fortress in a siege area is captured by the player who just placed. A captured fortress never changes hands. An enclosed region where an army still fits captures nothing yet.

**End.** Holding more than half of all fortresses wins at once. If the player to move has no legal placement or no armies left, the game ends: more fortresses wins, equal is a draw.

**At a tournament deadline.** A tournament game still running when its round's deadline comes is decided as it stands: whoever holds more fortresses wins; equal counts are a draw.

**Notation.** \`F7 SE\`: the army's first cell in reading order (top row first, then left to right) and the direction it runs, \`E\`, \`SE\` or \`SW\`. Also \`F7-I7\` (the two ends), \`F7SE\`, any case. Other moves: \`swap\`, \`fort F7\`.

**Tip.** Think in regions: sealing off an area too small for an army takes everything inside it.`;
