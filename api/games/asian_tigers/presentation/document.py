"""The per-edition labels document (``GET /api/games/{id}/labels``; issue 12).

Edition-only names — spaces, centres, markets, tokens, tiles, flags, rows,
sectors, bonuses — change only with the edition file, so they travel once in
one cacheable document keyed by the edition hash, and each move's view stays
small.  Every entry is ``{"label": str, "placeholder": bool}``; a prosperity
token also has ``by_player_count`` (its printed values differ by count), a
sector ``bonus`` (the id of its bonus in ``bonuses.infrastructure_bonuses``).
"""
from __future__ import annotations

import dataclasses

from api.games.asian_tigers.presentation.cache import per_edition

from api.games.asian_tigers.edition.load import CENTERS, Edition
from api.games.asian_tigers.presentation import labels as L
from api.games.messages import Message, msg, name

# Asian Tigers: A Story of Prosperity on BoardGameGeek (for the BG Stats export).  Not confirmed
# against boardgamegeek.com from this machine, so it is marked placeholder; correct it in one place.
BGG_ID = {"value": 300753, "placeholder": True,
          "note": "BoardGameGeek id of Asian Tigers: A Story of Prosperity; not confirmed online — check "
                  "boardgamegeek.com before relying on it"}


def _entry(edition: Edition, label: str, *paths: str) -> dict:
    return {"label": label, "placeholder": any(edition.is_placeholder(p) for p in paths)}


@per_edition
def edition_labels(edition: Edition) -> dict:
    """Every edition-only label, grouped by component family."""
    e = edition
    tigers, spaces, centers, markets, satellites, headquarters = {}, {}, {}, {}, {}, {}
    for tid, tiger in e.tigers.items():
        tigers[tid] = _entry(e, tiger.name, f"/tigers/{tid}/name")
        for space in tiger.spaces.values():
            spaces[space.id] = _entry(e, L.space_label(e, space), space.path)
        for letter in CENTERS:
            centers[f"{tid}.{letter}"] = _entry(e, L.center_label(e, f"{tid}.{letter}"), "/rules/investment_centers")
        for mid, market in tiger.local_markets.items():
            markets[mid] = _entry(e, L.market_label(e, mid), market.path)
        for sid, sat in tiger.satellite_spaces.items():
            satellites[sid] = _entry(e, L.satellite_space_label(e, sid), sat.path)
        headquarters[tiger.headquarters_slot] = _entry(e, f"{tiger.name} · headquarters",
                                                        f"/tigers/{tid}/headquarters_slots")
    for tc in e.trade_centers:
        centers[tc] = _entry(e, L.trade_center_label(e, tc), f"/global_market/trade_centers/{tc}")
    flags = {f.id: _entry(e, L.flag_label(e, f.id), f"/global_market/nations/{n.code}/flags")
             for n in e.nations.values() for f in n.flags}
    for tid in e.special_flag_stars:
        flags[f"special:{tid}"] = _entry(e, L.flag_label(e, f"special:{tid}"), f"/global_market/special_flags/{tid}/stars")
    counts = sorted({int(c) for token in e.prosperity_tokens.values() for c in token["by_player_count"]})
    prosperity = {
        pt: {**_entry(e, L.prosperity_label(e, pt, max(counts)), f"/prosperity_tokens/{pt}"),
             "by_player_count": {str(c): L.prosperity_label(e, pt, c) for c in counts}}
        for pt in e.prosperity_tokens}
    bonuses = {table: {b: _entry(e, L.bonus_label(e, b, table), f"/catalog/{table}/{b}") for b in e.catalog[table]}
               for table in L.BONUS_TABLES if e.catalog.get(table)}
    document = {
        "edition": {"id": e.document["edition"]["id"], "content_hash": e.content_hash,
                    "game": e.document["edition"].get("game"), "bgg_id": dict(BGG_ID)},
        "tigers": tigers, "spaces": spaces, "centers": centers, "local_markets": markets,
        "satellite_spaces": satellites, "headquarters": headquarters,
        "nations": {code: _entry(e, n.name, f"/global_market/nations/{code}/name") for code, n in e.nations.items()},
        "flags": flags, "prosperity_tokens": prosperity,
        "region_tokens": {rb: _entry(e, L.region_token_label(e, rb), f"/region_bonus_tokens/{rb}")
                          for rb in e.region_bonus_tokens},
        "performance_tokens": {t: _entry(e, L.performance_label(e, t), "/performance_tokens/dollar/tokens/"
                                         f"{t}/amount_per_tiger" if t in e.dollar_tokens else "/performance_tokens")
                               for t in (*e.dollar_tokens, *e.yen_tokens)},
        # A sector's bonus (unlocked when it empties, IBONUS-02): the options name the sector only.
        "sectors": {s: {**_entry(e, L.sector_label(e, s), f"/player_board/infrastructure_sectors/{s}"),
                        "bonus": sector.bonus} for s, sector in e.sectors.items()},
        "rows": {r: _entry(e, L.row_label(e, r), f"/player_board/final_scoring_sectors/{row.sector}")
                 for r, row in e.rows.items()},
        "bonuses": bonuses,
        "workers": {w: _entry(e, L.worker_label(e, w), "/worker_types") for w in e.worker_types},
        "goods": {g: _entry(e, g, "/goods") for g in e.goods},
    }
    if e.solo:
        board = e.solo.get("automa_board", {})
        document["automa_tiles"] = {t: _entry(e, L.automa_tile_label(e, t), f"/solo/action_tiles/{t}")
                                    for t in e.solo.get("action_tiles", {})}
        document["campaign_tiles"] = {t: _entry(e, L.campaign_goal_label(e, t), f"/solo/campaign_tiles/{t}")
                                      for t in e.solo.get("campaign_tiles", {})}
        document["automa_sectors"] = {
            s: _entry(e, L.sector_label(e, s), f"/solo/automa_board/{group}")
            for group in ("infrastructure_sectors", "final_scoring_sectors") for s in board.get(group, {})}
    return document


def edition_labels_in(edition: Edition, lang: str = "en", render=str) -> dict:
    """The labels document (`edition_labels`) in `lang`, with a ``buildings`` family.

    Names from `labels.component_names`; the words around them, and the effect sentences (bonuses, tokens,
    rows, sectors, Automa tiles, campaign goals), are messages `render` says in `lang` (the edge passes
    ``lambda m: api.i18n.render(m, lang)``)."""
    names = L.component_names(edition, lang)
    english = edition_labels(edition)
    if lang == "en":
        return {**english, "buildings": _buildings(names)}

    def said(label, *args) -> str:  # uncached (`__wrapped__`, functools): `render` is the request's own
        return render(_names_in(edition, label.__wrapped__(edition, *args, L.keep), lang))
    say = {"spaces": lambda c: L.space_label(edition, edition.space(c), lang, render),
           "centers": lambda c: L.center_label.__wrapped__(edition, c, lang, render),
           "flags": lambda c: L.flag_label.__wrapped__(edition, c, lang, render),
           "local_markets": lambda c: L.market_label.__wrapped__(edition, c, lang, render),
           "satellite_spaces": lambda c: L.satellite_space_label.__wrapped__(edition, c, lang, render),
           "workers": lambda c: L.worker_label.__wrapped__(edition, c, render),
           "headquarters": lambda c: render(msg("{tiger} · headquarters", tiger=L.name_of(edition, "tigers", c.split(".")[0], lang))),
           "region_tokens": lambda c: said(L.region_token_label, c),
           "performance_tokens": lambda c: said(L.performance_label, c),
           "rows": lambda c: said(L.row_label, c), "sectors": lambda c: said(L.sector_label, c),
           "automa_sectors": lambda c: said(L.sector_label, c), "automa_tiles": lambda c: said(L.automa_tile_label, c),
           "campaign_tiles": lambda c: said(L.campaign_goal_label, c),
           **{f: names[f].get for f in ("tigers", "nations", "goods")}}
    bonuses = {table: {b: {**entry, "label": said(L.bonus_label, b, table)} for b, entry in entries.items()}
               for table, entries in english["bonuses"].items()}
    return {**english, "buildings": _buildings(names), "bonuses": bonuses,
            **{f: {c: {**e, "label": say[f](c)} for c, e in english[f].items()} for f in say if f in english}}


def _buildings(names: dict) -> dict:
    return {b: {"label": n, "placeholder": False} for b, n in names["buildings"].items()}


def _names_in(edition: Edition, value, lang: str):
    """A label's message with the components it names in `lang` (the renderer the edge passes knows no names)."""
    if isinstance(value, Message):
        return dataclasses.replace(value, params={k: _names_in(edition, v, lang) for k, v in value.params.items()})
    if isinstance(value, dict) and set(value) == {"name"}:
        family, code, _text = value["name"]
        return name(family, code, L.name_of(edition, family, code, lang))
    return value
