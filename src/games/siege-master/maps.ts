// The seven shipped boards. Each is ASCII art, one string per row: `#` land, `.` off the map.
// Odd-numbered rows sit half a hex to the left of even-numbered ones (see src/engine/hex.ts).
import africa from '../../../assets/maps/africa.json' with { type: 'json' };
import asia from '../../../assets/maps/asia.json' with { type: 'json' };
import australia from '../../../assets/maps/australia.json' with { type: 'json' };
import europe from '../../../assets/maps/europe.json' with { type: 'json' };
import hex from '../../../assets/maps/hex.json' with { type: 'json' };
import northAmerica from '../../../assets/maps/north-america.json' with { type: 'json' };
import southAmerica from '../../../assets/maps/south-america.json' with { type: 'json' };
import { MAP_IDS, type MapId } from './types.js';

export type MapData = { name: string; rows: string[] };

export const MAPS: Record<MapId, MapData> = {
  africa,
  australia,
  asia,
  europe,
  'north-america': northAmerica,
  'south-america': southAmerica,
  hex,
};

export function isMapId(id: unknown): id is MapId {
  return typeof id === 'string' && (MAP_IDS as readonly string[]).includes(id);
}
