// The phone answers first (issue 35).  With its engine running and its copy of the game current, a tap
// is answered by that engine at once: the screen shows the next question and marks the move "sending".
// The server's answer then confirms it (the state hash it names is the one the phone's engine reached)
// or, on a race (412) or a refusal (422), the phone shows the server's game again and the outbox's
// panel says why in table language (sync.js's drain does that part, as for any refused move).
// Offline the same engine answers and the move waits (play.js's present); a phone whose engine is not
// running waits for the server, as before.  One path: sync.js's record() calls answerFirst, and its
// drain calls confirmed for every write the server took.
import * as db from "../db.js";
import { html } from "../html.js";
import { actionLabel } from "../labels.js";
import { getState, set } from "../store.js";
import { isReady } from "./engine.js";
import * as outbox from "../outbox.js";
import { isLocalGame, present } from "./play.js";
import { t } from "../i18n.js";

const MARK = "\u0000";  // where the move goes in a translated sentence (the language decides)

// Outbox key -> {base, hash}: the version the move was based on and the state hash the phone's engine
// reached with it (a promise: worked out after the screen changed, so the next question does not wait).
const expected = new Map();

// Answer `item` (just queued) here if this phone can; false when its engine refused it offline.
export async function answerFirst(item) {
  if (getState().online === false) return present(item);
  const game = getState().game;
  if (!item || !game || !game.view || !isReady() || isLocalGame(game) || game.role === "spectator") return true;
  // The engine's copy must be the server state the screen shows: fetching it first would cost a round trip.
  const [saved, mirror] = await Promise.all([db.get("games", game.game_id), db.get("kv", `mirror:${game.game_id}`)]);
  if (!saved || !saved.view || !mirror || mirror.version !== saved.view.version) return true;
  set({ answered: { game_id: game.game_id, key: item.key, status: "sending" } });
  await present(item);
  const shown = getState().game;
  if (!shown || shown.game_id !== game.game_id || !shown.view.local) {  // refused here: the server judges it
    set({ answered: null });
    return true;
  }
  // The hash of the same table the screen shows (taken in turn with the engine's other work on it).
  const items = await outbox.items(game.game_id);
  expected.set(item.key, { base: item.base_version,
                           hash: import("./local.js").then((m) => m.localHash(game, items)).catch(() => null) });
  return true;
}

// The server took a write of this phone (`write.key`: its outbox key): same state as the phone's engine?
export async function confirmed(gameId, write) {
  const want = expected.get(write.key);
  if (!want) return;
  expected.delete(write.key);
  // Replayed on another state after a race (the outbox re-based it): the phone's first answer is no measure.
  if (write.version - 1 !== want.base) return;
  const [mine, applied] = [await want.hash, write.applied || []];
  const theirs = applied.length ? applied[applied.length - 1].state_hash : null;
  if (!mine || !theirs) {
    set({ answered: { game_id: gameId, key: write.key, status: "recorded" } });
    return;
  }
  const same = mine === theirs;
  set({ answered: { game_id: gameId, key: write.key, status: same ? "confirmed" : "differs", hash: theirs, mine } });
  if (!same) {  // another engine than the server's: its copy goes, the server's game is shown
    await db.del("kv", `mirror:${gameId}`);
    set({ notice: t("The server's game differs from this phone's copy: showing the server's.") });
  }
}

// Below the recorder: the move this phone answered, while it is on its way and once the server took it.
export function Sending({ s }) {
  const a = s.answered;
  if (!a || !s.game || a.game_id !== s.game.game_id) return null;
  const item = s.outbox.find((i) => i.key === a.key);
  if (item && item.status === "rejected") return null;  // the outbox's panel says why
  if (a.status === "sending" && item && s.game.view.local && s.online !== false) {  // offline: "kept" says it
    const what = item.type === "undo" ? t("Undo the last move") : actionLabel(s.labels, item.action, s.game.view.view);
    const text = t("Sending: {move}… (this phone's engine answered; the server checks it)", { move: MARK });
    return html`<p class="hint" role="status" data-testid="sending">${text.split(MARK).map((part, i) => (i ? html`<strong>${what}</strong>${part}` : part))}</p>`;
  }
  if (a.status === "confirmed" && !s.game.view.local) {
    return html`<p class="hint" role="status" data-testid="confirmed" data-hash=${a.hash}>${t("Recorded: the server reached the same game as this phone.")}</p>`;
  }
  return null;
}
