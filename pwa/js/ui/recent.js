// The players this phone has scored before: each scoring the server accepted leaves
// its table's names here (the last tables first), so the next scoring offers them as
// one tap each, or the whole last table as one tap.  Kept in IndexedDB ("kv").
import { useEffect, useState } from "preact/hooks";
import * as db from "../db.js";
import { t } from "../i18n.js";

const KEY = "recent-players";
const TABLES = 8;         // the last tables remembered
// The forms' placeholder names (in English and in the phone's language), never remembered.
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const DEFAULT = new RegExp(`^(${["Player {n}", t("Player {n}")].map((x) => escape(x).replace("\\{n\\}", "\\d+")).join("|")}|${
  ["Yellow", "Red", "Purple", "Blue"].flatMap((c) => [c, escape(t(c))]).join("|")})$`);

// The names of a scorer body (the tap-first forms name players, the detailed ones give ids).
export const namesOf = (body) => ((body && body.players) || []).map((p) => p.name ?? p.id).filter((n) => typeof n === "string");

export const isPlaceholderName = (name) => DEFAULT.test(name);

// Remember the table of a scoring the server accepted (a table of placeholder names is not worth keeping).
export async function rememberTable(names) {
  const table = names.filter((n) => n && !isPlaceholderName(n));
  if (table.length < 2) return;
  const kept = (await db.get("kv", KEY).catch(() => null)) || [];
  const same = (t) => t.length === table.length && t.every((n, i) => n === table[i]);
  await db.put("kv", [table, ...kept.filter((t) => !same(t))].slice(0, TABLES), KEY).catch(() => {});
  window.dispatchEvent(new Event(KEY)); // an open form offers them at once
}

// {last: the last table's names (or null), names: every remembered name, the most recent first}.
export function useRecentPlayers() {
  const [recent, setRecent] = useState({ last: null, names: [] });
  useEffect(() => {
    let live = true;
    const load = () => db.get("kv", KEY).then((tables) => {
      if (!live || !tables || !tables.length) return;
      setRecent({ last: tables[0], names: [...new Set(tables.flat())] });
    }).catch(() => {});
    load();
    window.addEventListener(KEY, load);
    return () => { live = false; window.removeEventListener(KEY, load); };
  }, []);
  return recent;
}
