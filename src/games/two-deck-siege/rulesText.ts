// The rules as `/siege rules` shows them, built from the card data so the numbers always match.
import { DATA, RULES } from './types.js';

const unitLine = (c: { name: string; count: number; swords: number; shields: number; hearts: number; range: number; why: string }, extra = '') =>
  `- **${c.name}**${c.count > 1 ? ` ×${c.count}` : ''} ${c.swords}/${c.shields}/${c.hearts} r${c.range}${extra}: ${c.why}`;

const enemies = DATA.enemies.map((c) => unitLine(c, c.wall ? `, wall ${c.wall}` : '')).join('\n');
const defenders = [...DATA.defenders, ...DATA.specials].map((c) => unitLine(c, c.repair ? ', stone' : '')).join('\n');
const summons = DATA.orders.filter((o) => o.effect.kind === 'summon');
const orders = [
  ...DATA.orders.filter((o) => o.effect.kind !== 'summon').map((o) => `- **${o.name}**${o.count > 1 ? ` ×${o.count}` : ''}: ${o.text}`),
  `- ${summons.map((o) => `**${o.name}**`).join(', ')}: played with the special defender's card it names, it brings that defender into the courtyard.`,
].join('\n');
const events = DATA.events.map((e) => `- **${e.name}**${e.count > 1 ? ` ×${e.count}` : ''}: ${e.text}`).join('\n');
const { wall, thick, tower } = DATA.castle;

export const rulesText = `# Two Deck Siege
Solitaire castle defence from the free rules *Two Deck Siege* posted on BoardGameGeek; cards, numbers and the choices below are this project's.

**Goal.** Survive until the enemy deck is empty and every enemy is dead (win, +50 score). You lose when every defender is dead, or when an enemy stands in the courtyard with no defender there. A siege still undecided after ${RULES.turnLimit} turns is lost as well: a safety stop for the rare deadlock of exhausted defenders (who may not rest with an enemy inside) facing enemies that cannot wound them. Score: enemies killed + 2 per defender alive + wall points standing (+50).

**Castle.** Square: 2 wall cards a side; rectangle: 3 north and south, 2 east and west, with both thick walls. Walls take ${wall.rating} damage (thick ${thick.rating}), towers ${tower.rating}. Walls are numbered clockwise (N1 is the west end of the north side). Each wall and tower holds 2 defenders, the courtyard any number. In front of each wall lie bands 1 to 3, two enemies each; enemies never face towers.

**Distance and sight.** Band + wall cards along the side; a tower is one step past the end wall and adds 1 to its defenders' range. Wall defenders see their side, tower defenders both sides, courtyard defenders only the courtyard. An enemy in the courtyard is at 1 from everything.

**Combat.** An attack wounds once when its swords beat the target's shields. At its hearts a unit dies; killed regular defenders can be revived. Each attack or repair gives a tired token; each token beyond the unit's swords (at least 1) costs a sword, and at twice that a unit is exhausted: it can only rest.

**Your turn.** Start with ${RULES.startingHand} cards. Draw ${RULES.draw} (always; an empty deck reshuffles your discards) and discard down to ${RULES.handSize}. Play up to ${RULES.plays} cards, each as written or as a generic order: one or two units on one wall or tower (or one courtyard unit) all **Attack** (stone units may repair instead) or all **Move** to one place. Each card play is a move, then each unit's action is a move; say \`done\` to stop an order. Courtyard units that did nothing rest (−${RULES.restTokens} tired) at the end of your turn, never while an enemy is inside. **Repair**: 1 point (+1 for a stone unit mending the wall or tower it stands on), not with an enemy adjacent; courtyard units repair any wall or tower, tower units their tower or its two walls. Only Stone Mend rebuilds a breached wall or tower.

**Enemy turn.** Draw ${RULES.enemyDraw}: units go to band 3 on the deck's side (your choice of wall), else band 3 anywhere, else the deck's bottom; events wait. The deck moves clockwise. Enemies advance, band 1 first from the deck's side clockwise: ranged units stop at their range unless a wall on their side is breached; others move forward if the cell ahead holds 0–1, else slide to the next wall clockwise one band nearer, else stay; from band 1 they enter the courtyard through a breach or an undefended wall. The first entry triggers the morale surge: ${RULES.moraleSurge.draw} more cards are placed (they do not move that turn) and ${RULES.moraleSurge.recycle} killed enemies rejoin the deck. Then every enemy attacks: the most wounded defender directly in front, else the most wounded in range, then the lowest shields, then your choice. Wall icons damage the wall faced (within range); from the courtyard, a wall or tower of your choice. At 0 a wall is breached and its defenders drop into the courtyard. Then events resolve in the order drawn, and a living Necromancer raises the dead. Where the rules say "your choice" the game asks you, unless \`auto-choose\` is on.

**Enemy deck.** Bosses and Reinforcements out; the rest shuffled into three piles; the Dragon joins the 2nd, the Necromancer the 3rd; each pile shuffled; the 1st on top. Reinforcements (option) go in at random places. Events leave the game once played.

**Enemies** (swords/shields/hearts, range):
${enemies}

**Defenders:**
${defenders}

**Orders** (spells: Wizard and Priest each cast once per card, in the order you choose, from anywhere, and get a tired token; a summoning order needs its defender card in hand and uses two plays):
${orders}

**Enemy events:**
${events}

**Notation.** A unit is typed by its card's short id and its number (\`arc1\` is Archer 1, \`gob3\` Goblin Stabber 3); the menus and autocomplete offer every move. \`play volley\` · \`play muster as move\` · \`arc1 attack gob3\` · \`eng1 repair N1\` · \`maa2 move NE\` · \`wizard fireball N1-2\` · \`priest revive archer\` · \`done\` · \`end turn\` · \`choose N2\`.
`;
