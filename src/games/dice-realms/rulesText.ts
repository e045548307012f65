// The rules as `/siege rules` shows them, in the project's own words.
export const rulesText = `# Dice Realms
Two realms of dice, from the free core rules posted by **Theseus Gaming**. Red starts. Bring the enemy Keep to 0 to win.

**Your realm.** Food d8 (starts at 4), Population d10 (5), Military d12 (6). Farms d8, City d10 and Keep d12 start at full health. Infantry d4, Ranged d4, Cavalry d6 and Siege d6 start untrained (0). A unit's value is its strength and its health: at 0 it is felled, and it can be trained again.

**1. Gather.** Pick Farms (Food), City (Population) or Keep (Military), roll that die and add it, never above the die's maximum. Destroyed Farms or City (health 0) give half the roll, rounded up.

**2. Spend one resource.** You must spend one if you can. If you cannot, the turn ends by itself and says why.
- **Food: attack.** The army costs 1, the Farms 2, the City 3, the Keep 4, paid per attack; Cavalry pays 1 less against a territory. Each unit type attacks at most once a turn. Attack again or say \`done\`; the turn also ends when no attack is left. Destroyed Farms or City cannot be attacked.
- **Population: repair** one territory at 2 a point, never above its maximum (destroyed ones too). The turn then ends.
- **Military: train.** Infantry and Ranged cost 1, Cavalry 2, Siege 3, never above the die's maximum. Each type once a turn; say \`done\` to stop, or the turn ends when nothing more can be trained.

**Unit against unit.** Ranged attacking strike first; Ranged attacked are struck first; Infantry strike before Siege, Siege before Cavalry, Cavalry before Infantry. The same types, Ranged against Ranged included, strike at once. A strike rolls the unit's die and deals the roll, capped at the striker's value at that moment; a unit felled before its strike does not strike back. A unit at 1 deals 1 without rolling.

**Unit against territory.** The defender may send one active unit, or none. Both strike at once: the attacker's damage hits the territory and the defending unit, the defender's hits the attacker. Siege deals its full roll to a territory (capped against a unit).

**Defence policy.** The game asks the defender whenever it has a unit to send. Each player also has a standing policy: a setting, not a move, set at the start (\`defence\`, \`defence-red\`, \`defence-blue\`) and changed at any time, even in the other player's turn, with the board's Defence policy button or \`/siege move notation:defence strongest\`. With \`ask\` (the default) the game waits for your choice. With \`strongest\` your highest unit defends (ties: the bigger die, then Infantry, Ranged, Cavalry, Siege), with \`none\` nobody does: the bot answers for you at once, and the log shows that answer as your \`defend …\` move. Switching to \`strongest\` or \`none\` also answers a question already waiting. The AI answers at once by itself unless its policy decides.

**Variant \`fast\`** (the designers' playtest idea): no caps and no free 1s: every strike deals its full roll, and Siege adds +1 against territories.

**At a tournament deadline.** A tournament game still running when its round's deadline comes is decided as it stands: the realm whose Keep has more health wins; if the Keeps are level, the realm with more health in Farms, City and Keep together; if that is level too, it is a draw. An attack still waiting for its defender is left unresolved.

**Notation.** \`gather keep\` · \`attack cavalry army infantry\` · \`attack siege farms\` · \`repair city 2\` · \`train infantry 3\` · \`defend ranged\` · \`defend none\` · \`done\`. Buttons offer the same moves step by step.
`;
