// The table's history of finished scorings (scorer screens): each entry keeps the
// input sent, the server's result and the date, in IndexedDB ("kv", keys "scoring:<date>…").
import * as db from "./db.js";

const PREFIX = "scoring:";

// entry: {game, input, result, summary: {people: [{label, total}], headline}}
export async function save(entry) {
  const savedAt = new Date().toISOString();
  const id = `${PREFIX}${savedAt}:${Math.random().toString(36).slice(2, 8)}`;
  await db.put("kv", { ...entry, id, saved_at: savedAt }, id);
  return id;
}

// Newest first.
export const list = async () => (await db.range("kv", PREFIX, PREFIX + "\uffff")).reverse();
export const get = (id) => db.get("kv", id);
export const remove = (id) => db.del("kv", id);
