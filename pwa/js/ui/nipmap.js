// The Nippon map as a picture drawn from the edition (GET /api/scorers/nippon/edition):
// one band per region, each city with its four influence slots around it (top, right,
// bottom, left, in the order the edition lists them), each slot showing the number
// printed on it or the tile that covers it.  Tapping a slot picks it; nothing is typed.
// It only draws what it is given (the server's board plus the changes being entered).
import { html } from "../html.js";
import { t } from "../i18n.js";

const BAND = 196;      // height of one region's band
const SLOT = 48;       // a slot is a 48 px tap target
const OFFSET = 50;     // slot centre to city centre
const SIDES = [[0, -1, t("top")], [1, 0, t("right")], [0, 1, t("bottom")], [-1, 0, t("left")]];
const short = (name) => (name.length > 4 ? name.slice(0, 4) : name);

// slots: {"city/slot": {player, value, pending}}; picked: "city/slot" or null.
export function NipponMap({ edition, slots, picked, onSlot, pieces, label = t("Map of Nippon") }) {
  const height = edition.regions.length * BAND;
  return html`<svg class="nipmap" viewBox=${`0 0 360 ${height}`} role="group" aria-label=${label} data-testid="nipmap">
    ${edition.regions.map((region, r) => {
      const top = r * BAND;
      const count = region.cities.length;
      return html`<g key=${region.id} role="group" aria-label=${region.name}>
        <rect class="region-box" x="2" y=${top + 2} width="356" height=${BAND - 6} rx="10" />
        <text class="label" x="12" y=${top + 22}>${region.name}</text>
        <text class="small" x="348" y=${top + 22} text-anchor="end">${pieces ? pieces(region) : ""}</text>
        ${region.cities.map((city, c) => {
          const cx = (360 / count) * (c + 0.5);
          const cy = top + 108;
          return html`<g key=${city.id}>
            <rect class="city" x=${cx - 22} y=${cy - 22} width="44" height="44" rx="6" />
            <text class="small" x=${cx} y=${cy + 5} text-anchor="middle">${city.id.split(".").pop()}</text>
            ${city.slots.map((printed, s) => {
              const [dx, dy, side] = SIDES[s % 4];
              const key = `${city.id}/${s}`;
              const tile = slots[key];
              const x = cx + dx * OFFSET - SLOT / 2;
              const y = cy + dy * OFFSET - SLOT / 2;
              const what = !tile ? t("empty") : tile.pending ? t("{player}'s {value} (entered now)", { player: tile.player, value: tile.value })
                : t("{player}'s {value}", { player: tile.player, value: tile.value });
              const cls = `slot ${tile ? "covered" : ""} ${tile && tile.pending ? "pending" : ""} ${picked === key ? "picked" : ""}`;
              const pick = () => onSlot && onSlot(city.id, s);
              return html`<g key=${key} class=${cls} role="button" tabindex="0" data-slot=${key}
                  aria-label=${`${tile ? `${tile.value} ${short(tile.player)}: ` : ""}${t("{region}, city {city}, {side} slot (printed {printed}): {what}",
                    { region: region.name, city: city.id, side, printed, what })}`}
                  aria-pressed=${picked === key ? "true" : "false"}
                  onClick=${pick} onKeyDown=${(e) => (e.key === "Enter" || e.key === " ") && (e.preventDefault(), pick())}>
                <rect x=${x} y=${y} width=${SLOT} height=${SLOT} rx="8" />
                ${tile ? html`<text x=${x + SLOT / 2} y=${y + 22}>${tile.value}<tspan x=${x + SLOT / 2} y=${y + 40}
                    style="font-size:11px;font-weight:600">${" " + short(tile.player)}</tspan></text>`
                  : html`<text class="small" x=${x + SLOT / 2} y=${y + 30} style="font-size:14px;font-weight:400">(${printed})</text>`}
              </g>`;
            })}
          </g>`;
        })}
      </g>`;
    })}
  </svg>`;
}

// A slot in words, as the map draws it: "Region 1, city C1, top slot".
export function slotName(edition, cityId, slot) {
  const region = edition.regions.find((r) => r.cities.some((c) => c.id === cityId));
  const said = t("city {city}, {side} slot", { city: cityId.split(".").pop(), side: SIDES[slot % 4][2] });
  return region ? `${region.name}, ${said}` : said;
}

// The server's board ({tiles: [{player, city, slot, value}]}) with the changes being entered on top.
export function slotsOf(board, placed = []) {
  const slots = {};
  for (const t of (board && board.tiles) || []) slots[`${t.city}/${t.slot}`] = { player: t.player, value: t.value };
  for (const t of placed) slots[`${t.city}/${t.slot}`] = { player: t.player, value: t.value, pending: true };
  return slots;
}
