/*
 * The in-page half of the browser benchmarks (test/bench/browser/browser.perf.ts), loaded as a
 * plain script after Handlebars' browser build. It compiles our real .hbs files IN THE PAGE, as
 * Foundry does (`preventIndent`, not strict), with the same honest stand-ins for Foundry's helpers
 * as test/templates/harness.ts, and times one render at a time:
 *
 *   Handlebars → HTML parse → DOM insert → forced style → forced layout (→ scroll, chat only)
 *
 * inserted the way Foundry does it: an ApplicationV2 window parses each part into a <template>,
 * appends each part element to its content on the first render and swaps each with `replaceWith`
 * on a re-render; the chat log builds one element per message and appends it to the log. Nothing
 * here is Foundry's code; paint and Foundry's own CSS and JS are not included.
 */
(function () {
  "use strict";
  const hbs = window.Handlebars.create();
  const compiled = new Map();
  let translations = {};
  const translationsLang = "fr";
  const variants = new Map();

  function lookup(key) {
    let node = translations;
    for (const part of String(key).split(".")) {
      if (node === null || typeof node !== "object") return undefined;
      node = node[part];
    }
    return node;
  }
  function localize(key) {
    const value = lookup(key);
    return typeof value === "string" ? value : String(key);
  }
  function format(key, data) {
    return localize(key).replace(/\{([^}]+)\}/g, (whole, name) => (name in data ? String(data[name]) : whole));
  }

  hbs.registerHelper("localize", (value, options) => {
    const data = (options && options.hash) || {};
    return Object.keys(data).length ? format(value, data) : localize(value);
  });
  hbs.registerHelper("numberFormat", (value, options) => {
    const hash = (options && options.hash) || {};
    const decimals = hash.decimals ?? 0;
    const number = typeof value === "number" ? value : parseFloat(String(value));
    const text = number.toFixed(decimals);
    return new hbs.SafeString(hash.sign && number >= 0 ? `+${text}` : text);
  });
  hbs.registerHelper("ifThen", (criteria, ifTrue, ifFalse) => (criteria ? ifTrue : ifFalse));
  hbs.registerHelper("eq", (a, b) => a === b);
  // The system's own helpers (src/utils/plural.ts, src/utils/signed.ts), as the page cannot import
  // them: the same rules, and the fidelity check compares their output with the real helpers'.
  hbs.registerHelper("tacticaPlural", (base, options) => {
    const { count, ...data } = (options && options.hash) || {};
    const form = new Intl.PluralRules(translationsLang).select(count) === "one" ? "one" : "other";
    const written = new Intl.NumberFormat(translationsLang, { maximumFractionDigits: 2 }).format(count);
    return format(`${base}.${form}`, { ...data, count: written });
  });
  hbs.registerHelper("tacticaSigned", (n) => (n < 0 ? `\u2212${Math.abs(n)}` : `+${n}`));

  /** Contexts arrive as JSON: `{ __safe: "…" }` stands for a Handlebars SafeString (enriched HTML). */
  function revive(value) {
    if (Array.isArray(value)) return value.map(revive);
    if (value && typeof value === "object") {
      if (typeof value.__safe === "string") return new hbs.SafeString(value.__safe);
      const out = {};
      for (const [k, v] of Object.entries(value)) out[k] = revive(v);
      return out;
    }
    return value;
  }

  const now = () => performance.now();
  const root = () => document.getElementById("root");

  /** A <template> per part, as HandlebarsApplicationMixin#_renderHTML does; the part's one element. */
  function parsePart(html, id) {
    const t = document.createElement("template");
    t.innerHTML = html;
    const el = t.content.firstElementChild;
    if (!el || t.content.children.length !== 1) throw new Error(`part ${id} must have exactly one root element`);
    el.dataset.applicationPart = id;
    return el;
  }

  /** A window frame standing in for ApplicationV2's (not Foundry's CSS: see the page shell). */
  function frameFor(spec) {
    const frame = document.createElement("div");
    frame.className = `application bench-window ${spec.classes}`;
    frame.style.width = `${spec.width}px`;
    frame.style.height = `${spec.height}px`;
    frame.innerHTML = '<header class="window-header"></header><section class="window-content"></section>';
    return frame;
  }

  /** Forces style, then layout, of the whole page; returns the two times. */
  function forceStyleAndLayout(el) {
    const a = now();
    void getComputedStyle(el).color;
    const b = now();
    void el.getBoundingClientRect();
    void document.documentElement.scrollHeight;
    return [b - a, now() - b];
  }

  function renderParts(v) {
    return v.parts.map((p) => compiled.get(p.template)(p.context));
  }

  /** A window's first render: parts rendered, parsed, appended, the window inserted. */
  function openWindow(v) {
    const t0 = now();
    const htmls = renderParts(v);
    const t1 = now();
    const els = htmls.map((html, i) => parsePart(html, v.parts[i].id));
    const t2 = now();
    const frame = frameFor(v.frame);
    frame.querySelector(".window-content").append(...els);
    root().append(frame);
    const t3 = now();
    const [style, layout] = forceStyleAndLayout(els[els.length - 1]);
    return { frame, phases: { handlebars: t1 - t0, parse: t2 - t1, insert: t3 - t2, style, layout } };
  }

  /** A re-render of an open window: the parts rendered again and each swapped with replaceWith. */
  function rerenderWindow(v, frame) {
    const parts = v.rerenderParts ? v.parts.filter((p) => v.rerenderParts.includes(p.id)) : v.parts;
    // Parts the sheet renders only to compare with what the window shows (its header).
    const compared = v.compareParts ? v.parts.filter((p) => v.compareParts.includes(p.id)) : [];
    const t0 = now();
    for (const p of compared) compiled.get(p.template)(p.context);
    const htmls = parts.map((p) => compiled.get(p.template)(p.context));
    const t1 = now();
    const els = htmls.map((html, i) => parsePart(html, parts[i].id));
    const t2 = now();
    const content = frame.querySelector(".window-content");
    for (const el of els)
      content.querySelector(`[data-application-part="${el.dataset.applicationPart}"]`).replaceWith(el);
    const t3 = now();
    const [style, layout] = forceStyleAndLayout(els[els.length - 1]);
    return { handlebars: t1 - t0, parse: t2 - t1, insert: t3 - t2, style, layout };
  }

  /** The chat log: one element per message, built from the card, appended; then scrolled to the bottom. */
  function chatLog(v) {
    const sidebar = document.createElement("section");
    sidebar.className = "bench-chat";
    sidebar.style.width = `${v.frame.width}px`;
    sidebar.style.height = `${v.frame.height}px`;
    sidebar.innerHTML = '<ol class="chat-log"></ol>';
    root().append(sidebar);
    void sidebar.getBoundingClientRect();
    const log = sidebar.firstElementChild;
    let handlebars = 0;
    let parse = 0;
    let insert = 0;
    for (const [i, m] of v.messages.entries()) {
      const t0 = now();
      const card = renderCard(m);
      const t1 = now();
      const li = parsePart(messageHtml(m, i, card), `m${i}`);
      const t2 = now();
      handlebars += t1 - t0;
      parse += t2 - t1;
      if (v.renderTwice) {
        // As a roll message was rendered before issue 16's fix: core's roll content first (above),
        // then the system rendered the card again into the content.
        const t3 = now();
        const again = renderCard(m);
        const t4 = now();
        li.querySelector(".message-content").innerHTML = again;
        const t5 = now();
        handlebars += t4 - t3;
        parse += t5 - t4;
      }
      const t6 = now();
      log.append(li);
      insert += now() - t6;
    }
    const [style, layout] = forceStyleAndLayout(log.lastElementChild);
    const t7 = now();
    log.scrollTop = log.scrollHeight;
    void log.lastElementChild.getBoundingClientRect();
    void document.documentElement.scrollHeight;
    const scroll = now() - t7;
    return { el: sidebar, phases: { handlebars, parse, insert, style, layout, scroll } };
  }

  /** A card: its templates rendered in order, concatenated (the card, then its target rows). */
  function renderCard(m) {
    let html = "";
    for (const p of m.parts) html += compiled.get(p.template)(p.context);
    return html;
  }

  /** Core's message frame (a stand-in for its chat-message.hbs) around the card. */
  function messageHtml(m, i, card) {
    return `<li class="chat-message message flexcol" data-message-id="m${i}"><header class="message-header flexrow"><h4 class="message-sender">${m.sender}</h4><span class="message-metadata"><time class="message-timestamp">2m</time></span></header><div class="message-content">${card}</div></li>`;
  }

  function setPerfCss(on) {
    document.getElementById("perf-off").disabled = on;
    void document.documentElement.getBoundingClientRect();
  }

  function clear() {
    root().replaceChildren();
    void document.documentElement.scrollHeight;
  }

  const sum = (p) => Object.values(p).reduce((a, b) => a + b, 0);

  /** One timed run of a variant; what it measured, per phase, in ms. */
  function runOnce(name) {
    const v = variants.get(name);
    if (!v) throw new Error(`unknown variant ${name}`);
    setPerfCss(v.perfCss !== false);
    let phases;
    if (v.kind === "open") phases = openWindow(v).phases;
    else if (v.kind === "rerender") {
      const { frame } = openWindow(v);
      void document.documentElement.scrollHeight;
      phases = rerenderWindow(v, frame);
    } else if (v.kind === "chat") phases = chatLog(v).phases;
    else throw new Error(`unknown kind ${v.kind}`);
    clear();
    return { total: sum(phases), phases };
  }

  window.tacticaBench = {
    /** Language and every template (Foundry path → source), compiled as Foundry's loadTemplates does. */
    init({ lang, templates }) {
      translations = lang;
      for (const [path, source] of Object.entries(templates)) {
        const template = hbs.compile(source, { preventIndent: true });
        compiled.set(path, template);
        hbs.registerPartial(path, template);
      }
      const off = document.createElement("style");
      off.id = "perf-off";
      // Unlayered rules beat our `@layer system` ones: switches styles/perf.css off for a variant.
      off.textContent =
        ".tactica.sheet .item-list > li.item, .chat-log .tactica-card, .tactica-timeline__ruler > .tactica-timeline__row { content-visibility: visible; contain-intrinsic-size: none; }";
      off.disabled = true;
      document.head.append(off);
    },
    define(name, variant) {
      const v = revive(variant);
      if (v.parts) for (const p of v.parts) if (!compiled.has(p.template)) throw new Error(`no template ${p.template}`);
      variants.set(name, v);
    },
    /** The HTML each part (or message) of a variant renders to, for the fidelity check. */
    html(name) {
      const v = variants.get(name);
      if (v.kind === "chat") return v.messages.map(renderCard);
      return renderParts(v);
    },
    /** One round: every named variant once, in the given order. */
    round(names) {
      // One full collection per round, untimed (one per run cost more than the runs themselves).
      clear();
      if (typeof window.gc === "function") window.gc();
      const out = {};
      for (const name of names) out[name] = runOnce(name);
      return out;
    },
    /** The rendered DOM of a variant, left in place (for the sanity checks). */
    show(name) {
      const v = variants.get(name);
      setPerfCss(v.perfCss !== false);
      clear();
      if (v.kind === "chat") chatLog(v);
      else openWindow(v);
      return root().querySelectorAll("*").length;
    },
  };
})();
