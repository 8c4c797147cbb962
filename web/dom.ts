// Tiny DOM helpers: elements are built with textContent only, never innerHTML from data.

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name === "class") node.className = value;
    else node.setAttribute(name, value);
  }
  for (const child of children) node.append(child);
  return node;
}

export function clockTime(at: number): string {
  const date = new Date(at);
  const pad = (value: number, width = 2) => String(value).padStart(width, "0");
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}

/** Pretty JSON with keys, strings, numbers and literals in their own spans. */
export function jsonView(value: unknown): HTMLElement {
  const pre = el("pre", { class: "json", "data-testid": "json-detail" });
  const text = JSON.stringify(value, null, 2) ?? "undefined";
  const token =
    /("(?:\\.|[^"\\])*")(\s*:)?|\b(true|false|null)\b|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/g;
  let last = 0;
  for (const match of text.matchAll(token)) {
    pre.append(text.slice(last, match.index));
    const [whole, string, colon, literal, number] = match;
    if (string !== undefined) {
      pre.append(el("span", { class: colon ? "json-key" : "json-string" }, string));
      if (colon) pre.append(colon);
    } else if (literal !== undefined) pre.append(el("span", { class: "json-literal" }, literal));
    else if (number !== undefined) pre.append(el("span", { class: "json-number" }, number));
    last = match.index + whole.length;
  }
  pre.append(text.slice(last));
  return pre;
}

/**
 * An agent's name, tinted by a hue its id picks, so every agent (whichever the server
 * offers) looks the same wherever it shows.
 */
export function agentLabel(agent: string): HTMLElement {
  const label = el("span", { class: "agent", "data-agent": agent }, agent);
  let hue = 0;
  for (const char of agent) hue = (hue * 31 + (char.codePointAt(0) ?? 0)) % 360;
  // The CSSOM, not a style attribute: the page's CSP allows no inline style attributes.
  label.style.setProperty("color", `hsl(${hue} 65% 72%)`);
  return label;
}
