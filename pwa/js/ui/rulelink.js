// Rule ids as links to the rule's text in the app (#/rules/<id>: the Rules screen, offline too).
// RuleLink wraps one id; RuleText turns every rule id inside a sentence into a link.
import { html } from "../html.js";
import { t } from "../i18n.js";

// "PLACE-01", "BUILD-LAB-02", "SOLO-ERA2-01", "NIP-SCORE-05", "AMB-17", "DATA-04" (the catalogue's ID shape).
export const RULE_ID = /\b[A-Z][A-Z0-9]*(?:-[A-Z][A-Z0-9]*)*-\d{2}\b/g;

export const ruleHref = (id) => `#/rules/${encodeURIComponent(id)}`;

export function RuleLink({ id, children }) {
  if (!id) return null;
  return html`<a class="rule-link" href=${ruleHref(id)} title=${t("What rule {id} says", { id })}>${children || id}</a>`;
}

// A text with its rule ids as links (the rest stays plain text).
export function RuleText({ text }) {
  const s = String(text ?? "");
  const out = [];
  let at = 0;
  for (const m of s.matchAll(RULE_ID)) {
    out.push(s.slice(at, m.index), html`<${RuleLink} id=${m[0]} />`);
    at = m.index + m[0].length;
  }
  out.push(s.slice(at));
  return html`${out}`;
}
