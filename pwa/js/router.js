// Hash routes, so the server only ever serves "/" (and the service worker
// only needs index.html for every screen).
//   #/  #/new  #/join/CODE  #/scorer[/nippon|/asara][?h=…]  #/history  #/stats  #/rules[/ID][?q=…]  #/settings  #/editions[/ID[/check/C|/diff/OTHER]]  #/solo  #/campaigns  #/c/ID  #/g/ID[/board|/layout|/log|/manage|/score|/share]  #/watch/ID?token=…
import { set } from "./store.js";

export function parse(hash) {
  const [path, query] = (hash.replace(/^#/, "") || "/").split("?");
  const parts = path.split("/").filter(Boolean);
  const params = Object.fromEntries(new URLSearchParams(query || ""));
  if (!parts.length) return { name: "home", params };
  if (parts[0] === "new") return { name: "setup", params };
  if (parts[0] === "join") return { name: "join", params: { ...params, code: parts[1] || "" } };
  if (parts[0] === "scorer") return { name: "scorer", params: { ...params, game: parts[1] || "asian-tigers" } };
  if (parts[0] === "history" || parts[0] === "stats") return { name: parts[0], params };
  if (parts[0] === "rules") return { name: "rules", params: { ...params, id: decodeURIComponent(parts[1] || "") } };
  if (parts[0] === "editions") {  // #/editions[/ID[/check/COMPONENT|/diff/OTHER]]
    if (!parts[1]) return { name: "editions", params };
    if (parts[2] === "check") return { name: "calibrate", params: { ...params, id: parts[1], component: parts[3] || "" } };
    if (parts[2] === "diff") return { name: "edition-diff", params: { ...params, id: parts[1], other: parts[3] || "default" } };
    return { name: "edition", params: { ...params, id: parts[1] } };
  }
  if (parts[0] === "settings") return { name: "settings", params };
  if (parts[0] === "solo" || parts[0] === "campaigns") return { name: parts[0], params };
  if (parts[0] === "c" && parts[1]) return { name: "campaign", params: { ...params, id: parts[1] } };
  if (parts[0] === "watch") return { name: "watch", params: { ...params, id: parts[1] } };
  if (parts[0] === "g" && parts[1]) return { name: parts[2] || "game", params: { ...params, id: parts[1] } };
  return { name: "home", params };
}

export const go = (hash) => { location.hash = hash; };

export function startRouter(onChange) {
  const apply = () => {
    const route = parse(location.hash);
    set({ route });
    onChange(route);
  };
  window.addEventListener("hashchange", apply);
  apply();
}
