// Stats over the plays (plays.js): per game and per player — plays, wins, win rate, best and average
// score, last played — and for solo games each player's high score and the rank titles reached.
// Players are matched by name; "Rename" merges one name into another everywhere.  On a phone each table row
// reads as a short paragraph, every number named by its cell's data-label (app.css `table.flow`): as a
// table the last columns were cut on a 360 px screen.
import { useEffect, useState } from "preact/hooks";
import { html } from "../html.js";
import * as plays from "../plays.js";
import { lang, t } from "../i18n.js";

const avg = (xs) => (xs.length ? Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 10) / 10 : null);
const day = (iso) => (iso ? new Date(iso).toLocaleDateString(lang) : "—");
const pct = (wins, n) => (n ? t("{n} %", { n: Math.round((100 * wins) / n) }) : "—");

// The statistics of a list of plays (pure: no storage).
export function statsOf(list) {
  const games = {};
  const players = {};
  for (const p of list) {
    const scores = p.players.filter((x) => typeof x.score === "number" && !x.automa);  // the Automa is no player
    const g = (games[p.game] ||= { game: p.game, plays: 0, scores: [], best: null, last: null });
    g.plays += 1;
    g.last = g.last && g.last > p.date ? g.last : p.date;
    for (const x of scores) {
      g.scores.push(x.score);
      if (!g.best || x.score > g.best.score) g.best = { score: x.score, name: x.name };
    }
    // Two names of one play merged into one player (a rename) count once: the better score, a win if either won.
    const own = {};
    for (const y of p.players.filter((z) => !z.automa)) {
      const k = plays.nameKey(y.name);
      const had = own[k];
      const sc = had ? [had.score, y.score].filter((n) => typeof n === "number") : [];
      own[k] = !had ? y : { ...had, winner: had.winner || y.winner, score: sc.length ? Math.max(...sc) : null };
    }
    for (const x of Object.values(own)) {
      const key = plays.nameKey(x.name);
      const s = (players[key] ||= { name: x.name, plays: 0, wins: 0, scores: [], last: null, games: {},
                                     solo: { plays: 0, wins: 0, high: null, titles: {} } });
      s.plays += 1;
      s.wins += x.winner ? 1 : 0;
      if (typeof x.score === "number") s.scores.push(x.score);
      s.last = s.last && s.last > p.date ? s.last : p.date;
      const pg = (s.games[p.game] ||= { plays: 0, wins: 0, scores: [] });
      pg.plays += 1; pg.wins += x.winner ? 1 : 0;
      if (typeof x.score === "number") pg.scores.push(x.score);
      if (p.solo) {
        s.solo.plays += 1; s.solo.wins += p.solo.won ? 1 : 0;
        if (typeof x.score === "number" && (s.solo.high == null || x.score > s.solo.high)) s.solo.high = x.score;
        if (p.solo.rank_title) s.solo.titles[p.solo.rank_title] = (s.solo.titles[p.solo.rank_title] || 0) + 1;
      }
    }
  }
  const finish = (o) => ({ ...o, best: o.scores.length ? Math.max(...o.scores) : null, average: avg(o.scores) });
  return {
    games: Object.values(games).map((g) => ({ ...g, average: avg(g.scores) })),
    players: Object.values(players).map((s) => ({ ...finish(s), games: Object.fromEntries(Object.entries(s.games).map(([k, v]) => [k, finish(v)])) }))
      .sort((a, b) => b.plays - a.plays || a.name.localeCompare(b.name)),
  };
}

function PlayerRow({ s, game, onRename }) {
  const o = game ? s.games[game] : s;
  if (!o) return null;
  return html`<tr data-player=${s.name}><th scope="row">${s.name}
      <button class="small" onClick=${() => onRename(s.name)} aria-label=${t("Rename {player}", { player: s.name })}>${t("Rename")}</button></th>
    <td class="num" data-label=${t("Plays")}>${o.plays}</td><td class="num" data-label=${t("Wins")}>${o.wins}</td>
    <td class="num" data-label=${t("Win rate")}>${pct(o.wins, o.plays)}</td><td class="num" data-label=${t("Best")}>${o.best ?? "—"}</td>
    <td class="num" data-label=${t("Average")}>${o.average ?? "—"}</td>${!game && html`<td data-label=${t("Last played")}>${day(s.last)}</td>`}</tr>`;
}

export default function Stats() {
  const [list, setList] = useState(null);
  const [game, setGame] = useState("");
  const load = async () => setList(await plays.list());
  useEffect(() => {
    const h = document.querySelector("main h1"); h && h.focus();
    load().then(() => plays.keepFinished()).then(load).catch(() => {});
  }, []);
  const rename = async (from) => {
    const to = prompt(t("New name for {player} (the name of another player merges the two):", { player: from }), from);
    if (to == null || !to.trim()) return;
    await plays.rename(from, to);
    await load();
  };
  const st = list && statsOf(list);
  const solo = st ? st.players.filter((s) => s.solo.plays) : [];
  return html`<main class="screen">
    <nav class="nav" aria-label=${t("Back")}><a href="#/">${t("Home")}</a><a href="#/history">${t("History")}</a><a href="#/rules">${t("Rules")}</a></nav>
    <h1 tabindex="-1">${t("Stats")}</h1>
    ${!st ? html`<p>${t("Loading…")}</p>` : !list.length ? html`<p>${t("No plays yet: finish a game or save a scoring.")}</p>` : html`
    <h2>${t("Per game")}</h2>
    <div class="scroll-x fits" role="region" aria-labelledby="games-cap" tabindex="0"><table class="flow" data-testid="stats-games">
      <caption id="games-cap">${t("Games")}</caption>
      <thead><tr><th scope="col">${t("Game")}</th><th scope="col" class="num">${t("Plays")}</th><th scope="col" class="num">${t("Best")}</th>
        <th scope="col" class="num">${t("Average")}</th><th scope="col">${t("Last played")}</th></tr></thead>
      <tbody>${st.games.map((g) => html`<tr data-game=${g.game}><th scope="row">${plays.GAMES[g.game] || g.game}</th>
        <td class="num" data-label=${t("Plays")}>${g.plays}</td><td class="num" data-label=${t("Best")}>${g.best ? `${g.best.score} (${g.best.name})` : "—"}</td>
        <td class="num" data-label=${t("Average")}>${g.average ?? "—"}</td><td data-label=${t("Last played")}>${day(g.last)}</td></tr>`)}</tbody></table></div>
    <h2>${t("Per player")}</h2>
    <label for="stats-game">${t("Game")}</label>
    <select id="stats-game" value=${game} onChange=${(e) => setGame(e.target.value)}>
      <option value="">${t("All games")}</option>${st.games.map((g) => html`<option value=${g.game}>${plays.GAMES[g.game] || g.game}</option>`)}</select>
    <div class="scroll-x fits" role="region" aria-labelledby="players-cap" tabindex="0"><table class="flow" data-testid="stats-players">
      <caption id="players-cap">${t("Players")}${game ? ` · ${plays.GAMES[game]}` : ""}</caption>
      <thead><tr><th scope="col">${t("Player")}</th><th scope="col" class="num">${t("Plays")}</th><th scope="col" class="num">${t("Wins")}</th>
        <th scope="col" class="num">${t("Win rate")}</th><th scope="col" class="num">${t("Best")}</th><th scope="col" class="num">${t("Average")}</th>
        ${!game && html`<th scope="col">${t("Last played")}</th>`}</tr></thead>
      <tbody>${st.players.map((s) => html`<${PlayerRow} key=${s.name} s=${s} game=${game} onRename=${rename} />`)}</tbody></table></div>
    ${solo.length > 0 && html`<h2>${t("Solo (against the Automa)")}</h2>
      <ul class="plain stack" data-testid="stats-solo">${solo.map((s) => html`<li class="card" data-player=${s.name}>
        <h3>${s.name}</h3><p>${t("High score:")} <strong>${s.solo.high ?? "—"}</strong> · ${t("{wins} of {plays} won", { wins: s.solo.wins, plays: s.solo.plays })}</p>
        <p>${t("Rank titles reached:")} ${Object.entries(s.solo.titles).map(([title, n]) => `${title}${n > 1 ? ` ×${n}` : ""}`).join(", ") || "—"}</p></li>`)}</ul>`}`}
  </main>`;
}
