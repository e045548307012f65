// The rules as `/siege rules` shows them, in the project's own words, with every open choice settled.
export const rulesText = `# Kingdoms: Solo Variant
You against a rule-driven AI kingdom. **Solo Variant by George Jaros (GJJ Games)**, for a pocket 4X game **designed by Scott Almes, published by Gamelyn Games**. Cards and factions here are the project's own.

**Setup.** Two factions and two territory cards are drawn. You choose your faction, then your card (side A); the AI gets the others, its card on side B (no Ruins). You split 6 resources (3 on *harder*), then place 2 meeples on one region of your card. The AI starts with 3 Food, 2 Mana, 1 Ore (nothing on *easier*) and 2 meeples on its **Home Space**, the region under its name banner.

**Turns.** The AI opens with Patrol. Turns alternate, the card clears after 5 shields. On your turn you place a shield on a free action and take it (or skip it); the AI follows if it can, else collects. On its turn the AI takes the free action nearest the top (never Trade); you take it too or collect. Actions and costs are the base game's: Tower level *n* costs *n* Ore, magic level *n* costs *n* Mana, a new meeple costs Food equal to your meeples on the map after it.

**The AI's rules.**
- Its Home Space always holds 2 of its meeples: when one leaves, a new one comes free from its reserve. It never moves out of home without a reserve meeple.
- It quests only when every space of its card holds a meeple, and only from a border space with 2 of its meeples; never from your card back to its own. It never trades.
- It builds or researches when it has the Ore or Mana; it expands into the space nearest its Home Space with a single meeple of its own (ties: nearest an empty space, then nearest yours).
- **Patrol**, first that applies: a non-home space with 2 meeples to an empty space; then its Home Space (reserve needed) to an empty space, a space it holds further from home, or yours; then a non-home pair to a space it holds further from home, then to yours; then a single meeple to an empty space. Moves on its own card come before moves on yours.
- **Which space**: the one meeting the most conditions of the seed's lists; every condition counts the same, so spaces meeting as many are tied, whichever ones they meet. *From:* next to an empty space (patrol only), furthest from home, next to the land type it holds least, producing the type it holds most. *To an empty space or yours:* gives the type it holds least, furthest from home. *To its own:* next to an empty space, furthest from home. Your card counts as further than any of its spaces.
- **Ties**: the seed's order Forest, Mountain, Plains (Mana, Ore, Food), then the lower region number (then its own card before yours); quest sources use Plains, Mountain, Forest.
- Never into Ruins or a Capital City unless every other space of its card is occupied; never out of Ruins; never a war from a space with a single meeple; never a war while any alliance stands.
- Collecting, a Ruins gives it Food. Where a rule lets it give up or gain a resource of its choice it gives up what it has most of and gains what it has least of (in this game no such rule comes up).

**War.** Entering a region with the other side's meeple starts a war. You choose a number from 0 to your combat value (Mana 2, Ore 1, at most 11) and which cubes pay it, or the **white flag**. The AI rolls a d12: 1–11 or a white flag. Its score is the lower of the roll and what it can commit; it pays Mana first, and a roll above what it has spends all its Mana and Ore. Higher score wins, ties to the defender; both pay. The loser's meeple returns to supply.
- Your flag, its number: you lose and pay nothing; it pays.
- Your flag, its flag: an **alliance**, both meeples share the region.
- Your number, its flag: you choose to defeat it (you pay, it pays nothing) or an alliance (nobody pays).
- A later war that ends without an alliance breaks every alliance: war breaks out in each allied space, one by one, with the same attacker. An alliance ends when either meeple leaves.

**End.** The end is triggered when you have all 7 meeples on the map, tower 6 or magic 5, or when the AI has reached all three (each counts once reached). The round is finished; if the AI triggered it on a round's fifth action, one more full round is played.

**Score.** 1 VP per meeple on the map (not in Ruins), tower VP 0/1/2/3/5/7/10, 1 VP per magic level, 2 VP per Capital City held alone, the faction bonus at magic 5 (the AI's too), and +1 VP per meeple on the other's card (Ruins included). Higher total wins; equal is a draw.

**Difficulty.** *easier*: the AI gains at most 1 of each resource when it collects, gains nothing when it cannot take the action it chose on its own turn, and starts with nothing. *harder*: you start with 3 resources, and there are no alliances: an AI white flag wins outright and it pays nothing.

**Notation.** \`patrol oakhold to greyfen\` · \`quest redcliff to briarwick\` · \`build\` · \`research\` · \`expand greyfen\` · \`trade 2 food for mana\` · \`skip trade\` · \`collect\` · \`collect ruins mana\` · \`war 5 with 2 mana 1 ore\` · \`white flag\` · \`defeat\` · \`alliance\`. Buttons offer the same moves step by step.
`;
