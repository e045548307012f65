export const rulesText = '# Two Deck Siege';
