// The game's log, refetched when the version changes; cached in IndexedDB so
// the log and the walkthrough still read offline.
import { useEffect, useState } from "preact/hooks";
import * as db from "../db.js";
import { fullLog } from "../api.js";

export function useLog(game) {
  const [log, setLog] = useState(null);
  const [offline, setOffline] = useState(false);
  const version = game && game.view ? game.view.version : null;
  useEffect(() => {
    if (!game) return;
    let live = true;
    const key = `log:${game.game_id}`;
    db.get("kv", key).then((cached) => { if (live && cached && !log) setLog(cached.entries); });
    fullLog(game.game_id, game.token).then(async (entries) => {
      await db.put("kv", { version, entries }, key);
      if (live) { setLog(entries); setOffline(false); }
    }).catch(() => live && setOffline(true));
    return () => { live = false; };
  }, [game && game.game_id, version]);
  return { log, offline };
}
