// The three resources, apart from the kingdom that holds them: territory cards name what a region
// yields, and a kingdom's tracks count them.
export type Resource = 'food' | 'mana' | 'ore';
export const RESOURCES: readonly Resource[] = ['food', 'mana', 'ore'];
export const RESOURCE_NAME: Record<Resource, string> = { food: 'Food', mana: 'Mana', ore: 'Ore' };
export const isResource = (r: unknown): r is Resource => r === 'food' || r === 'mana' || r === 'ore';

export type Resources = Record<Resource, number>;
