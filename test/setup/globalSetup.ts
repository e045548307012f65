// Placeholder until the database set-up lands: starts nothing.
export default async function setup() {}
