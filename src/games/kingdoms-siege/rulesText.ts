// The rules as `/siege rules` shows them, as the bot plays them, with every choice written down.
export const rulesText = `# Siege Mode
A solo siege for a pocket 4X kingdom game. You besiege a rule-driven Enemy. Siege Mode by **Jacob Peck**; the base game designed by **Scott Almes**, published by **Gamelyn Games**. Cards and factions here are this project's own.

**Setup.** The Enemy gets one card (side B, no Ruins), one cube on each region, tower level 3, and 5 Food, 5 Mana, 5 Ore. You get another card (side A, with Ruins) and a faction (option \`faction\`, random by default). First you split 6 resources as you like (\`split 3 2 1\` = Food, Mana, Ore), then put 2 meeples on any one region of your card (\`start oakhold\`).

**Tracks.** Food, Mana, Ore 0–9 (more is lost). Tower 0–6: the next level costs Ore equal to its number. Magic 0–5: the next level costs Mana equal to its number. 7 meeples. A region holds at most 2 pieces in all.

**Turns.** You, then the Enemy, in turn. The action card lists 1 Patrol, 2 Quest, 3 Build, 4 Research, 5 Expand, 6 Trade. Each turn puts a shield on a free action; after 5 shields the round ends and the card clears.
- **Your turn:** pick a free action and take it, or skip it. The Enemy does nothing.
- **Enemy turn:** it rolls 1d6 for its action, re-rolling actions that hold a shield, and acts:
  - Patrol, Quest, Trade: it collects 1 resource per region it holds.
  - Research: it burns Mana equal to your magic level.
  - Expand: it pays Food equal to its cubes on the map.
  - Build: it builds its next tower level if it has the Ore, else nothing.
  Then you take that same action or collect. The Enemy never moves.

**Your actions.**
- **Patrol:** move a meeple to a neighbouring region of the same card.
- **Quest:** from a border region (flag) to a border region of the other card.
- **Build / Research:** the next level.
- **Expand:** pay Food equal to your meeples on the map after expanding; a new meeple joins a region where you have exactly one.
- **Trade:** any amount of one resource for another, 1:1, never past 9.
- **Collect:** 1 of each occupied region's resource (Plains Food, Forest Mana, Mountain Ore; Ruins your choice; Capital City nothing). Two meeples in a region still give 1.

**Losing population.** When the Enemy cannot pay Research or Expand in full, it loses 1 cube per missing resource. Each cube comes from the resource it gathers from the most regions (2 Ore, 2 Mana, 1 Food regions losing 2 cubes: 1 Ore, 1 Mana); on a tie Ore before Mana before Food. Within a type, the region farthest from its home region goes first (then the higher number). Its Capital City goes last.

**War.** Entering an Enemy region means war. You commit 1 to 11 (Mana counts 2, Ore 1, only what you have) and choose which cubes pay. Then 2d6 are rolled for the Enemy, 12s re-rolled. The higher side wins; a tie goes to the Enemy. Both pay: you what you committed, the Enemy the roll, Mana before Ore (an odd roll with no Ore left costs one more Mana). If the roll is more than the Enemy can commit, it pays all its Mana and Ore and loses. Winning removes its cube and your meeple moves in; losing sends your meeple back to your supply. No alliances, no committing 0; you may attack its last cube.

**The end** is triggered when you reach magic 5, have all 7 meeples on the map, either tower reaches level 6, or the Enemy's last cube is gone; also (our addition) when none of your meeples is left on the map: none could ever come back (Expand adds a meeple only where you already have one, Patrol and Quest move meeples already there) and Collect would bring nothing, so only Build, Research and Trade with what you hold would remain, and the siege need never reach another end. The round is played out until the action card is full, then scored:
- +1 per meeple of yours on the map (0 in Ruins)
- +1 per Enemy region you hold
- +1 per magic level, + your faction bonus at magic 5
- + your tower VP, − the Enemy's tower VP (levels 0–6 give 0, 1, 2, 3, 5, 7, 10)
- −3 per Enemy region the Enemy still holds

(Capital Cities give no 2 VP in Siege Mode: the list above is the whole score.) Above 0 you win, below 0 you lose, 0 is a stalemate (draw).

**Notation.** \`split 3 2 1\` · \`start oakhold\` · \`patrol oakhold greyfen\` · \`quest greyfen briarwick war 2 mana 1 ore\` (or \`war 5\`: fewest cubes) · \`build\` · \`research\` · \`expand oakhold\` · \`trade 2 food mana\` · \`skip quest\` · \`collect\` · \`collect ruins mana\`. Buttons offer the same moves step by step.
`;
