// The two Kingdoms games in words: what the player is asked (a war under way included), both
// sides' resources, tower, magic and pieces, each territory card region by region (its type,
// markers, neighbours and who stands there), the action card's shields, and the score once the game
// ends. A table per card (a row a region) and one of the sides for the web. The game's own words
// (kingdoms:terms.*, board.*); region and card names are the cards' own.
import type { CardView, KingdomsView, RegionView, SideView } from '../../games/kingdoms-base/view.js';
import { commas, semicolons, simplePart, type DescribeInput, type DescribedPart, type DescribedTable, type PositionDescription, type Words, wordsIn } from './shape.js';

const K = 'kingdoms';
const RESOURCES = ['food', 'mana', 'ore'] as const;

type Ctx = { w: Words; v: KingdomsView & Record<string, any>; game: string };

/** A text ending with its full stop (the catalogs' prompts have none: they are also menus' placeholders). */
const sentence = (text: string) => (!text.trim() || /[.!?…:;]$/u.test(text.trim()) ? text.trim() : `${text.trim()}.`);

const sideName = ({ w, v, game }: Ctx, side: number): string => {
  const s = v.sides[side];
  return s ? w.say(s.namePhrase, game, s.name) : '';
};

function turnPart(ctx: Ctx): DescribedPart {
  const { w, v, game } = ctx;
  const lines = [w.d(`${K}.round`, { round: w.n(v.round), placed: w.n(v.actionCard.placed), shields: w.n(v.actionCard.perRound) })];
  const asked = sentence(w.say(v.askedPhrase, game, v.asked));
  if (asked && !v.outcome) lines.push(asked);
  // A war under way is in what the player is asked.
  const solo = v.solo;
  if (solo?.warsWaiting) lines.push(w.d(`${K}.warsWaiting`, { count: solo.warsWaiting }));
  if (solo?.alliances?.length) lines.push(w.d(`${K}.alliances`, { regions: w.list(solo.alliances.map((a: { name: string }) => a.name)) }));
  if (typeof v.enemyCanCommit === 'number' && !v.outcome) lines.push(w.d(`${K}.enemyWar`, { max: w.n(v.enemyCanCommit) }));
  if (solo?.endRound && !v.outcome) lines.push(w.d(`${K}.endRound`, { round: w.n(solo.endRound) }));
  else if (v.endTriggered && !v.outcome) lines.push(w.d(`${K}.lastRound`));
  return simplePart('turn', w.d(`${K}.turnHeading`), lines);
}

function people(ctx: Ctx, s: SideView): string {
  return s.piece === 'cube'
    ? ctx.w.t('kingdoms:board.people.cubes', { count: s.onMap })
    : ctx.w.t('kingdoms:board.people.meeples', { out: ctx.w.n(s.onMap), left: ctx.w.n(s.meeplesInSupply) });
}

function sidesPart(ctx: Ctx): DescribedPart {
  const { w, v, game } = ctx;
  const lines: string[] = [];
  for (const s of v.sides) {
    const side = sideName(ctx, s.side);
    const resources = commas(w, RESOURCES.map((r) => w.d(`${K}.amount`, { name: w.t(`kingdoms:terms.resource.${r}`), n: w.n(s.resources[r]) })));
    lines.push(w.d(`${K}.side`, { side, resources, tower: w.n(s.tower), vp: w.t('kingdoms:board.vp', { vp: w.n(s.towerVp) }), magic: w.n(s.magic), people: people(ctx, s) }));
    if (s.faction) {
      const faction = w.say(s.faction.namePhrase, game, s.faction.name);
      const bonus = w.say(s.faction.bonusPhrase, game, s.faction.bonus);
      // Siege Mode names the player's side by its faction: said once.
      lines.push(faction === side ? w.d(`${K}.bonus`, { side, bonus }) : w.d(`${K}.faction`, { side, faction, bonus }));
    }
  }
  const table: DescribedTable = {
    caption: w.d(`${K}.sidesHeading`),
    columns: ['', ...v.sides.map((s) => sideName(ctx, s.side))],
    rows: [
      ...RESOURCES.map((r) => ({ header: w.t(`kingdoms:terms.resource.${r}`), cells: v.sides.map((s) => w.n(s.resources[r])) })),
      { header: w.t('kingdoms:board.track.tower'), cells: v.sides.map((s) => w.d(`${K}.level`, { level: w.n(s.tower), vp: w.t('kingdoms:board.vp', { vp: w.n(s.towerVp) }) })) },
      { header: w.t('kingdoms:board.track.magic'), cells: v.sides.map((s) => w.n(s.magic)) },
      { header: w.d(`${K}.piecesHeader`), cells: v.sides.map((s) => people(ctx, s)) },
    ],
  };
  return { ...simplePart('sides', w.d(`${K}.sidesHeading`), lines), table };
}

/** Who stands in a region: "You 2, Enemy 1 (allied)", or "empty". */
function standing(ctx: Ctx, r: RegionView): string {
  if (!r.occupants.length) return ctx.w.d(`${K}.empty`);
  return commas(ctx.w, r.occupants.map((o) => ctx.w.d(o.allied ? `${K}.occupantAllied` : `${K}.occupant`, { side: sideName(ctx, o.side), count: ctx.w.n(o.count) })));
}

function cardPart(ctx: Ctx, card: CardView): DescribedPart {
  const { w } = ctx;
  const byId = new Map(card.regions.map((r) => [r.id, r]));
  const neighbours = (r: RegionView) =>
    card.edges.flatMap(([a, b]) => (a === r.id ? [b] : b === r.id ? [a] : [])).map((id) => byId.get(id)).filter((x): x is RegionView => !!x).sort((a, b) => a.number - b.number).map((x) => x.name);
  const type = (r: RegionView) => w.t(`kingdoms:terms.region.${r.type}`);
  const marks = (r: RegionView) => [r.border ? w.t('kingdoms:board.legend.border') : '', r.home ? w.t('kingdoms:board.legend.home') : ''].filter(Boolean);
  const regions = [...card.regions].sort((a, b) => a.number - b.number);
  const lines = regions.map((r) => {
    const near = neighbours(r);
    return w.d(`${K}.region`, {
      number: w.n(r.number),
      name: r.name,
      kind: [type(r), ...marks(r)].join(w.d('comma')),
      neighbours: near.length ? w.list(near) : w.d(`${K}.noNeighbour`),
      standing: standing(ctx, r),
    });
  });
  const owner = sideName(ctx, card.owner);
  const side = w.t('kingdoms:board.side', { side: card.side });
  const heading = ctx.v.sides[card.owner]?.role === 'player' ? w.d(`${K}.cardYours`, { card: card.name, side }) : w.d(`${K}.cardOf`, { card: card.name, owner, side });
  const placed = (only: boolean) => regions.filter((r) => !only || r.occupants.length).map((r) => w.d(`${K}.regionBrief`, { name: r.name, standing: standing(ctx, r) }));
  const brief = (only: boolean) => w.d(`${K}.cardBrief`, { card: card.name, owner, regions: placed(only).length ? semicolons(w, placed(only)) : w.d(`${K}.empty`) });
  const table: DescribedTable = {
    caption: heading,
    columns: [w.d(`${K}.regionHeader`), w.d(`${K}.typeHeader`), w.d(`${K}.neighboursHeader`), w.d(`${K}.standingHeader`)],
    rows: regions.map((r) => ({ header: w.d(`${K}.regionName`, { number: w.n(r.number), name: r.name }), cells: [[type(r), ...marks(r)].join(w.d('comma')), w.list(neighbours(r)), standing(ctx, r)] })),
  };
  // Neighbours are for the Describe answer: an alt text says what stands where.
  return { id: `card-${card.slot}`, heading, lines, table, brief: [{ text: brief(false), whole: false }, { text: brief(true), whole: false }] };
}

function actionsPart(ctx: Ctx): DescribedPart {
  const { w, v } = ctx;
  const actions = v.actionCard.actions.map((a) =>
    w.d(`${K}.action`, { number: w.n(a.number), name: w.t(`kingdoms:terms.action.${a.action}`), who: a.shield === null ? w.t('kingdoms:board.action.free') : sideName(ctx, a.shield) }));
  return simplePart('actions', w.d(`${K}.actionsHeading`), [w.d(`${K}.actionCard`, { actions: semicolons(w, actions) })]);
}

function scorePart(ctx: Ctx): DescribedPart | null {
  const { w, v, game } = ctx;
  if (!v.score) return null;
  const lines = v.score.sides.map((s) => w.d(`${K}.score`, {
    side: w.say(s.namePhrase, game, s.name),
    lines: semicolons(w, s.lines.map((l) => w.d(`${K}.scoreLine`, { label: w.say(l.phrase, game, l.label), vp: w.t('kingdoms:board.vp', { vp: w.n(l.vp) }) }))),
    total: w.t('kingdoms:board.vp', { vp: w.n(s.total) }),
  }));
  // The result itself is said before the position (boardAlt's header).
  return simplePart('score', w.d(`${K}.scoreHeading`), lines);
}

export function describeKingdoms({ view, locale }: DescribeInput): PositionDescription {
  const v = view as Ctx['v'];
  const ctx: Ctx = { w: wordsIn(locale), v, game: v.game };
  const cards = v.cards.map((c) => cardPart(ctx, c));
  const parts = [turnPart(ctx), scorePart(ctx), sidesPart(ctx), ...cards, actionsPart(ctx)];
  return { game: v.game, parts: parts.filter((p): p is DescribedPart => p !== null) };
}
