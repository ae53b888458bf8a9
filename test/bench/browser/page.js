/*
 * The in-page half of the browser benchmarks (test/bench/browser/browser.perf.ts), loaded as a
 * plain script after Handlebars' browser build. It compiles our real .hbs files IN THE PAGE, as
 * Foundry does (`preventIndent`, not strict), with the same honest stand-ins for Foundry's helpers
 * as test/templates/harness.ts, and times one change at a time, inserted the way Foundry does it:
 * an ApplicationV2 window parses each part into a <template>, appends each part element to its
 * content on the first render and swaps each with `replaceWith` on a re-render; a sheet's row
 * re-render swaps the `li[data-item-id]` row of each item it draws alone the same way; the chat
 * log builds one element per message, appends it to the log and scrolls the log to its end (`ChatLog#postOne`,
 * `#scrollBottom`: `scrollTop` set past the end). Each change is timed two ways:
 *
 * - to the painted frame ("frame", the budgeted figure): the change's script (Handlebars → HTML
 *   parse → DOM insert, and the chat log's scroll), then the next two frames' rendering, each from
 *   the start of its `requestAnimationFrame` callback to a task posted from that callback — the
 *   frame's style, layout, `content-visibility` pass, paint recording and commit to the
 *   compositor. Nothing is forced from script, and the idle wait for the next vsync is not
 *   counted. Raster and compositing on Chromium's other threads are not included.
 * - forced ("forced", the breakdown): the same script, then style (`getComputedStyle`) and layout
 *   (`getBoundingClientRect`) forced from script, as the first benchmarks did. A forced layout
 *   skips the rows `content-visibility: auto` keeps locked, even those on screen, and paints
 *   nothing: it is a slice of the frame, not the frame.
 *
 * Before every timed change the page is settled (two frames painted, untimed), so no earlier work
 * is counted. Nothing here is Foundry's code; Foundry's own CSS and JS are not included.
 */
(function () {
  "use strict";
  const hbs = window.Handlebars.create();
  const compiled = new Map();
  let translations = {};
  /** The class src/applications/sheets/row-render.ts `swap` marks a row drawn alone with (`REDRAWN`). */
  let redrawnClass = "";
  const translationsLang = "fr";
  const variants = new Map();
  /** src/applications/chat-log.ts, run in the page (its exports, set by `init`). */
  const chatLog = {};

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
    if (id !== null) el.dataset.applicationPart = id;
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

  /** Forces style, then layout, of the whole page; the two times. */
  function forceStyleAndLayout(el) {
    const a = now();
    void getComputedStyle(el).color;
    const b = now();
    void el.getBoundingClientRect();
    void document.documentElement.scrollHeight;
    return { style: b - a, layout: now() - b };
  }

  /**
   * One frame's rendering: from the start of the next `requestAnimationFrame` callback to a task
   * posted from it (the frame's style, layout, content-visibility pass, paint and commit run
   * between the two, in the same task as the callback).
   */
  function oneFrame() {
    return new Promise((resolve) => {
      requestAnimationFrame(() => {
        const start = now();
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          channel.port1.close();
          resolve(now() - start);
        };
        channel.port2.postMessage(null);
      });
    });
  }

  /** The next two frames, timed. */
  async function twoFrames() {
    const frame1 = await oneFrame();
    const frame2 = await oneFrame();
    return { frame1, frame2 };
  }

  function renderParts(parts) {
    return parts.map((p) => compiled.get(p.template)(p.context));
  }

  /* ---------------------------------------------------------------------------------------- */
  /*  What each kind of change does: `prepare` (untimed) builds what the change starts from;   */
  /*  `change` is the timed script, returning its phases; `after` (chat) follows the insert.   */
  /* ---------------------------------------------------------------------------------------- */

  /** Templates a window renders only to compare them with what it shows (the sheet's header, an item list). */
  function renderCompared(v) {
    for (const p of v.compared ?? []) compiled.get(p.template)(p.context);
  }

  /** A window's first render: parts rendered, parsed, appended, the window inserted. */
  function openWindow(v) {
    const t0 = now();
    renderCompared(v);
    const htmls = renderParts(v.parts);
    const t1 = now();
    const els = htmls.map((html, i) => parsePart(html, v.parts[i].id));
    const t2 = now();
    const frame = frameFor(v.frame);
    frame.querySelector(".window-content").append(...els);
    root().append(frame);
    const t3 = now();
    return { last: els[els.length - 1], phases: { handlebars: t1 - t0, parse: t2 - t1, insert: t3 - t2 } };
  }

  /**
   * A re-render of an open window: what it compares rendered; each part it draws rendered, parsed
   * and swapped with replaceWith (appended when the window has none); each row it draws alone
   * swapped for the `li[data-item-id]` row of its item.
   */
  function rerenderWindow(v) {
    const redraw = v.redraw ?? [];
    const rows = v.rows ?? [];
    const content = root().querySelector(".window-content");
    const t0 = now();
    renderCompared(v);
    const htmls = renderParts(redraw);
    const rowHtmls = renderParts(rows);
    const t1 = now();
    const els = htmls.map((html, i) => parsePart(html, redraw[i].id));
    const rowEls = rowHtmls.map((html) => parsePart(html, null));
    const t2 = now();
    for (const el of els) {
      const prior = content.querySelector(`[data-application-part="${el.dataset.applicationPart}"]`);
      if (prior) prior.replaceWith(el);
      else content.append(el);
    }
    // As row-render.ts `swap` does: each row marked as drawn alone, then put in its item's row's place.
    for (const [i, el] of rowEls.entries()) {
      el.classList.add(redrawnClass);
      content.querySelector(`li[data-item-id="${rows[i].itemId}"]`).replaceWith(el);
    }
    const t3 = now();
    const last = rowEls[rowEls.length - 1] ?? els[els.length - 1] ?? content;
    return { last, phases: { handlebars: t1 - t0, parse: t2 - t1, insert: t3 - t2 } };
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

  /** An empty chat sidebar, laid out. */
  function chatSidebar(v) {
    const sidebar = document.createElement("section");
    sidebar.className = "bench-chat";
    sidebar.style.width = `${v.frame.width}px`;
    sidebar.style.height = `${v.frame.height}px`;
    sidebar.innerHTML = '<ol class="chat-log"></ol>';
    root().append(sidebar);
    void sidebar.getBoundingClientRect();
    // What src/hooks/chat-log.ts does with each chat log core renders.
    chatLog.watchChatLog(sidebar.firstElementChild);
    return sidebar.firstElementChild;
  }

  /** Messages `from`…`to` (exclusive) of `v`, each rendered, parsed and appended to the log. */
  function postMessages(v, log, from, to) {
    let handlebars = 0;
    let parse = 0;
    let insert = 0;
    for (let i = from; i < to; i++) {
      const m = v.messages[i % v.messages.length];
      const t0 = now();
      const card = renderCard(m);
      const t1 = now();
      const li = parsePart(messageHtml(m, i, card), null);
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
    // Each card's context, built in Node by the roll classes (measured there, per scenario).
    let context = 0;
    for (let i = from; i < to; i++) context += v.messages[i % v.messages.length].context ?? 0;
    return { context, handlebars, parse, insert };
  }

  /** Core's `ChatLog#scrollBottom`: `scrollTop` set past the end (the browser clamps it). */
  function scrollLog(log) {
    const t = now();
    log.scrollTop = 0x7fffffbf;
    return now() - t;
  }

  const KINDS = {
    open: {
      prepare: () => null,
      change: (v) => openWindow(v),
    },
    rerender: {
      prepare: (v) => openWindow(v),
      change: (v) => rerenderWindow(v),
    },
    chat: {
      prepare: (v) => chatSidebar(v),
      change: (v, log) => ({ last: log, phases: postMessages(v, log, 0, v.size) }),
      after: (log) => ({ scroll: scrollLog(log) }),
    },
    append: {
      // The log as core leaves it: its messages posted, marked (the microtask), then scrolled.
      prepare: async (v) => {
        const log = chatSidebar(v);
        postMessages(v, log, 0, v.size);
        await Promise.resolve();
        scrollLog(log);
        return log;
      },
      change: (v, log) => ({ last: log, phases: postMessages(v, log, v.size, v.size + 1) }),
      after: (log) => ({ scroll: scrollLog(log) }),
    },
  };

  /** Which of the page's switchable stylesheets a variant uses (styles/perf.css, or its earlier text). */
  function setStyles(v) {
    const perf = v.perfCss ?? "current";
    document.getElementById("perf-css").disabled = perf !== "current";
    document.getElementById("perf-css-before").disabled = perf !== "before";
    document.getElementById("bench-extra-css").disabled = !v.extraCss;
  }

  function clear() {
    root().replaceChildren();
    void document.documentElement.scrollHeight;
  }

  /** The page laid out and painted: nothing of an earlier run is left for the next frames. */
  async function settle() {
    void document.documentElement.scrollHeight;
    await oneFrame();
    await oneFrame();
  }

  const sum = (p) => Object.values(p).reduce((a, b) => a + b, 0);

  /** One timed run of a variant, in `mode` ("frame" or "forced"); what it measured, per phase, in ms. */
  async function runOnce(name, mode) {
    const v = variants.get(name);
    if (!v) throw new Error(`unknown variant ${name}`);
    const kind = KINDS[v.kind];
    if (!kind) throw new Error(`unknown kind ${v.kind}`);
    setStyles(v);
    const state = await kind.prepare(v);
    await settle();
    const { last, phases } = kind.change(v, state);
    // The microtasks queued by the change run before anything is laid out: the chat log's
    // MutationObserver (src/applications/chat-log.ts) — core awaits the log's images before it
    // scrolls the log (`ChatLog#scrollBottom`), so they run before its scroll too.
    const t = now();
    await Promise.resolve();
    phases.microtasks = now() - t;
    if (mode === "forced") {
      Object.assign(phases, forceStyleAndLayout(last));
      if (kind.after) Object.assign(phases, kind.after(state));
    } else {
      if (kind.after) Object.assign(phases, kind.after(state));
      Object.assign(phases, await twoFrames());
    }
    clear();
    return { total: sum(phases), phases };
  }

  window.tacticaBench = {
    /**
     * Language and every template (Foundry path → source), compiled as Foundry's loadTemplates
     * does; `perfCss` is styles/perf.css's text, taken out of the page's stylesheet into a switchable
     * one of its own (last, as the manifest lists it), and `perfCssBefore` its earlier text.
     */
    init({ lang, templates, perfCss, perfCssBefore, extraCss, chatLogScript, redrawn }) {
      translations = lang;
      redrawnClass = redrawn;
      new Function("exports", chatLogScript)(chatLog);
      for (const [path, source] of Object.entries(templates)) {
        const template = hbs.compile(source, { preventIndent: true });
        compiled.set(path, template);
        hbs.registerPartial(path, template);
      }
      const ours = [...document.querySelectorAll("style")].find((s) => s.textContent.includes(perfCss));
      if (!ours) throw new Error("styles/perf.css is not in the page's stylesheet");
      ours.textContent = ours.textContent.replace(perfCss, "");
      for (const [id, text] of [
        ["perf-css", perfCss],
        ["perf-css-before", perfCssBefore],
        ["bench-extra-css", extraCss ?? ""],
      ]) {
        const style = document.createElement("style");
        style.id = id;
        style.textContent = text;
        document.head.append(style);
      }
    },
    define(name, variant) {
      const v = revive(variant);
      for (const p of [...(v.parts ?? []), ...(v.redraw ?? []), ...(v.rows ?? []), ...(v.compared ?? [])])
        if (!compiled.has(p.template)) throw new Error(`no template ${p.template}`);
      variants.set(name, v);
    },
    /** The HTML each part (or message, or row) of a variant renders to, for the fidelity check. */
    html(name) {
      const v = variants.get(name);
      if (v.kind === "chat" || v.kind === "append") return v.messages.map(renderCard);
      if (v.kind === "rerender") return renderParts([...(v.redraw ?? []), ...(v.rows ?? [])]);
      return renderParts(v.parts);
    },
    /** One round: every named variant once in each of its modes, in the given order. */
    async round(batch) {
      // One full collection per round, untimed (one per run cost more than the runs themselves).
      clear();
      if (typeof window.gc === "function") window.gc();
      const out = [];
      for (const [name, mode] of batch) out.push({ name, mode, result: await runOnce(name, mode) });
      return out;
    },
    /** The rendered DOM of a variant after its change, left in place; its element count. */
    async show(name) {
      const v = variants.get(name);
      const kind = KINDS[v.kind];
      setStyles(v);
      clear();
      const state = await kind.prepare(v);
      kind.change(v, state);
      await Promise.resolve();
      if (kind.after) kind.after(state);
      await settle();
      return root().querySelectorAll("*").length;
    },
  };
})();
