/* cvsite default theme: site search. Reads the index in the folder `data-cv-search`
   names (meta.json, term shards t/, page bundles p/) and shows results as you type in a
   modal dialog (ARIA combobox and listbox). Opened by the button, `/`, Ctrl-K or Cmd-K. */
(function () {
  "use strict";
  var doc = document;
  var words = {};
  try { words = JSON.parse(doc.getElementById("cv-words").textContent); } catch (e) { /* English */ }
  var t = function (key, text, n) { return (words[key] || text).replace("{n}", n); };
  var dialog = doc.querySelector("dialog[data-cv-search]");
  if (!dialog || typeof dialog.showModal !== "function") return;
  var input = dialog.querySelector("[role=combobox]");
  var list = doc.getElementById(input.getAttribute("aria-controls"));
  var status = dialog.querySelector("[data-cv-search-status]");
  var openers = Array.prototype.slice.call(doc.querySelectorAll("[data-cv-search-open]"));
  var folder = new URL(dialog.getAttribute("data-cv-search") || "search/", location.href).href.replace(/\/?$/, "/");

  var MAX_QUERY = 200, MAX_TOKENS = 8, MAX_CANDIDATES = 64, MAX_TOKEN = 40, PAGE_STEP = 10, SUBS = 3, EXCERPT_WORDS = 25;
  /* A result's link carries up to MAX_HIGHLIGHT of the page's matched terms. */
  var HIGHLIGHT = "highlight", MAX_HIGHLIGHT = 16, MAX_PAGE_MARKS = 1000;

  /* ---- Tokens: exactly as the indexer (search-format, "Tokens"). ---- */
  var RUN = /[\p{L}\p{N}]+/gu;
  var WORD = /[\p{L}\p{N}\p{M}]+/gu;
  var MARKS = /\p{M}/gu;
  /* Han, Hiragana, Katakana and Hangul by block, as the indexer has them (not by script:
     the long vowel mark ー is in the Katakana block but of the Common script). */
  var CJK = /[\u1100-\u11FF\u3040-\u30FF\u3130-\u318F\u31F0-\u31FF\u3400-\u4DBF\u4E00-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\u{20000}-\u{2A6DF}]/u;
  var english = true;

  /* Lowercase, decompose, drop marks, compose again (a Hangul syllable's jamo join);
     a final sigma is a sigma (Swift lowercases a final Σ to σ, JavaScript to ς). */
  function normalise(text) {
    return text.toLowerCase().normalize("NFD").replace(MARKS, "").normalize("NFC").replace(/ς/g, "σ");
  }

  function fold(token) {
    var n = token.length;
    if (n >= 5 && token.slice(-3) === "ies") return token.slice(0, -3) + "y";
    if (n >= 4 && /(?:sses|xes|ches|shes)$/.test(token)) return token.slice(0, -2);
    if (n >= 4 && token.slice(-1) === "s" && !/(?:ss|us|is)$/.test(token)) return token.slice(0, -1);
    return token;
  }

  var ASCII = /^[\x00-\x7f]*$/;

  /* splitRun for a run of ASCII letters and digits: one token, no CJK. */
  function asciiTerms(run, emit) {
    if (run.length <= MAX_TOKEN) emit(english ? fold(run) : run, 0, run.length);
  }

  /* One run of letters and digits (already normalised) into tokens: CJK characters form
     their own sub-runs, one character a token, longer sub-runs their overlapping bigrams.
     `emit(term, start, end)` gets code-unit offsets into `run`. */
  function splitRun(run, emit) {
    if (ASCII.test(run)) return asciiTerms(run, emit);
    var chars = Array.from(run), offsets = [], at = 0, i, j;
    for (i = 0; i < chars.length; i++) { offsets.push(at); at += chars[i].length; }
    offsets.push(at);
    for (i = 0; i < chars.length; i = j) {
      var cjk = CJK.test(chars[i]);
      for (j = i + 1; j < chars.length && CJK.test(chars[j]) === cjk; j++) { /* the sub-run */ }
      if (!cjk) {
        var token = run.slice(offsets[i], offsets[j]);
        if (token.length <= MAX_TOKEN) emit(english ? fold(token) : token, offsets[i], offsets[j]);
      } else if (j - i === 1) {
        emit(chars[i], offsets[i], offsets[j]);
      } else {
        for (var k = i; k + 1 < j; k++) emit(chars[k] + chars[k + 1], offsets[k], offsets[k + 2]);
      }
    }
  }

  /* The query's terms: the whole string normalised, as the indexer does. */
  function tokenize(text) {
    var out = [], match;
    var normal = normalise(text);
    RUN.lastIndex = 0;
    while ((match = RUN.exec(normal))) splitRun(match[0], function (term) { out.push(term); });
    return out;
  }

  /* A text's terms with their ranges in the ORIGINAL text, for highlighting: each word
     (letters, digits and marks) is normalised on its own, character by character, so
     every normalised code unit knows the original character it came from. */
  function tokenRanges(text) {
    var out = [], word;
    WORD.lastIndex = 0;
    while ((word = WORD.exec(text))) {
      var raw = word[0], base = word.index;
      if (ASCII.test(raw)) {
        /* Most words: ASCII letters and digits, one run, lowercased in place. */
        asciiTerms(raw.toLowerCase(), function (term, start, end) { out.push({ term: term, start: base + start, end: base + end }); });
        continue;
      }
      var chars = Array.from(raw);
      var lower = raw.toLowerCase(), lengths = chars.map(function (c) { return c.toLowerCase().length; });
      var whole = lengths.reduce(function (a, b) { return a + b; }, 0) === lower.length;
      var normal = "", from = [], to = [], at = 0, pos = 0;
      chars.forEach(function (c, i) {
        /* The whole word's lowercase keeps context (a final sigma); its pieces line up. */
        var piece = whole ? lower.substr(pos, lengths[i]) : c.toLowerCase();
        pos += lengths[i];
        piece = piece.normalize("NFD").replace(MARKS, "").normalize("NFC").replace(/ς/g, "σ");
        for (var k = 0; k < piece.length; k++) { from.push(base + at); to.push(base + at + c.length); }
        normal += piece;
        at += c.length;
      });
      var run;
      RUN.lastIndex = 0;
      while ((run = RUN.exec(normal))) {
        var offset = run.index;
        splitRun(run[0], function (term, start, end) {
          out.push({ term: term, start: from[offset + start], end: to[offset + end - 1] });
        });
      }
    }
    return out;
  }

  /* Ranges of `text` whose terms are in one of `sets`, merged where they touch or overlap
     (CJK bigrams overlap); the terms that match go into `found` when it is given. */
  function highlight(text, sets, found) {
    var ranges = [];
    tokenRanges(text).forEach(function (token) {
      if (!sets.some(function (set) { return set.has(token.term); })) return;
      if (found) found.add(token.term);
      var last = ranges[ranges.length - 1];
      if (last && token.start <= last[1]) last[1] = Math.max(last[1], token.end);
      else ranges.push([token.start, token.end]);
    });
    return ranges;
  }

  /* ---- Loading: meta.json each page view, every other file once, with ?b=<build>. ---- */
  var metaPromise = null, shardCache = new Map(), tailCache = new Map(), bundleCache = new Map(), termCache = new Map();

  function get(path, kind, fresh) {
    return fetch(folder + path, fresh ? { cache: "no-cache" } : {}).then(function (response) {
      if (!response.ok) throw new Error("search: " + path + ": HTTP " + response.status);
      return kind === "json" ? response.json() : kind === "text" ? response.text() : response.arrayBuffer();
    });
  }

  function loadMeta() {
    if (!metaPromise) {
      metaPromise = get("meta.json", "json", true).then(function (meta) {
        if (meta.version !== 1) throw new Error("search: index format " + meta.version + " is not supported");
        english = meta.english !== false;
        return meta;
      });
      metaPromise.catch(function () { metaPromise = null; });
    }
    return metaPromise;
  }

  function file(meta, path) { return path + "?b=" + encodeURIComponent(meta.build); }

  function parseShard(buffer) {
    var bytes = new Uint8Array(buffer), pos = 0, terms = [], decoder = new TextDecoder();
    function varint() {
      var value = 0, scale = 1, byte;
      do { byte = bytes[pos++]; value += (byte & 127) * scale; scale *= 128; } while (byte & 128 && pos < bytes.length);
      return value;
    }
    while (pos < bytes.length) {
      var length = varint();
      var term = decoder.decode(bytes.subarray(pos, pos + length));
      pos += length;
      var df = varint(), start = pos;
      for (var i = 0; i < df && pos < bytes.length; i++) {
        while (bytes[pos++] & 128 && pos < bytes.length) { /* the delta */ }
        pos++; /* the score byte */
      }
      terms.push({ term: term, df: df, start: start, postings: null });
    }
    return { bytes: bytes, terms: terms };
  }

  function postings(shard, entry) {
    if (entry.postings) return entry.postings;
    var bytes = shard.bytes, pos = entry.start, ids = [], scores = [], id = 0;
    for (var i = 0; i < entry.df; i++) {
      var delta = 0, scale = 1, byte;
      do { byte = bytes[pos++]; delta += (byte & 127) * scale; scale *= 128; } while (byte & 128);
      id += delta;
      ids.push(id);
      scores.push(bytes[pos++]);
    }
    entry.postings = { ids: ids, scores: scores };
    return entry.postings;
  }

  function loadShard(meta, index) {
    if (!shardCache.has(index)) {
      var promise = get(file(meta, "t/" + index + ".bin"), "bin").then(parseShard);
      promise.catch(function () { shardCache.delete(index); });
      shardCache.set(index, promise);
    }
    return shardCache.get(index);
  }

  /* A file of terms written backwards, one per line (see tailTypos). */
  function loadTail(meta, index) {
    if (!tailCache.has(index)) {
      var promise = get(file(meta, "r/" + index + ".txt"), "text").then(function (text) {
        return text.split("\n").filter(Boolean);
      });
      promise.catch(function () { tailCache.delete(index); });
      tailCache.set(index, promise);
    }
    return tailCache.get(index);
  }

  function backwards(text) { return Array.from(text).reverse().join(""); }

  /* The index's terms within `max` typos of q, found by their ends (a typo in a word's
     first letters lands in another shard); resolves to candidates. */
  function tailTypos(meta, q, max) {
    var tails = meta.tails || [];
    if (!tails.length) return Promise.resolve([]);
    var rq = backwards(q), first = shardOf(tails, rq), indexes = [first];
    var next = tails[first + 1];
    if (next !== undefined && next.slice(0, 3) === rq.slice(0, 3)) indexes.push(first + 1);
    return Promise.all(indexes.map(function (index) { return loadTail(meta, index); })).then(function (lists) {
      var terms = [];
      lists.forEach(function (list) {
        list.forEach(function (rt) {
          if (terms.length < MAX_CANDIDATES && Math.abs(rt.length - rq.length) <= max && distance(rq, rt, max) <= max) terms.push(backwards(rt));
        });
      });
      var wanted = [];
      terms.forEach(function (t) {
        var index = shardOf(meta.shards, t);
        if (wanted.indexOf(index) < 0 && wanted.length < 3) wanted.push(index);
      });
      return Promise.all(wanted.map(function (index) { return loadShard(meta, index); })).then(function (shards) {
        var found = [];
        shards.forEach(function (shard) {
          shard.terms.forEach(function (entry) {
            if (terms.indexOf(entry.term) >= 0) found.push({ shard: shard, entry: entry, weight: 0.45, order: found.length });
          });
        });
        return found;
      });
    });
  }

  function loadPage(meta, id) {
    var k = Math.floor(id / meta.bundle);
    if (!bundleCache.has(k)) {
      var promise = get(file(meta, "p/" + k + ".json"), "json");
      promise.catch(function () { bundleCache.delete(k); });
      bundleCache.set(k, promise);
    }
    return bundleCache.get(k).then(function (records) { return records[id % meta.bundle]; });
  }

  /* The last shard whose first term is <= q (JavaScript string order). */
  function shardOf(shards, q) {
    var low = 0, high = shards.length - 1;
    while (low < high) {
      var middle = (low + high + 1) >> 1;
      if (shards[middle] <= q) low = middle; else high = middle - 1;
    }
    return low;
  }

  /* Damerau-Levenshtein distance (optimal string alignment), or max + 1 once above max. */
  function distance(a, b, max) {
    if (Math.abs(a.length - b.length) > max) return max + 1;
    var previous2 = null, previous = [], row, i, j;
    for (j = 0; j <= b.length; j++) previous.push(j);
    for (i = 1; i <= a.length; i++) {
      row = [i];
      var best = i;
      for (j = 1; j <= b.length; j++) {
        var cost = a[i - 1] === b[j - 1] ? 0 : 1;
        var value = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost);
        if (previous2 && i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, previous2[j - 2] + 1);
        row.push(value);
        if (value < best) best = value;
      }
      if (best > max) return max + 1;
      previous2 = previous;
      previous = row;
    }
    return previous[b.length];
  }

  /* A query term: its candidate terms (exact 1.0, prefix 0.6, typo 0.45; at most 64,
     exact first, then by document frequency) and each page's best weighted score. */
  function termScores(meta, q) {
    if (termCache.has(q)) return termCache.get(q);
    var first = shardOf(meta.shards, q), indexes = [first];
    if (q.length >= 2) {
      for (var extra = first + 1; extra < meta.shards.length && extra <= first + 2 && meta.shards[extra].slice(0, q.length) === q; extra++) indexes.push(extra);
    }
    var promise = Promise.all(indexes.map(function (index) { return loadShard(meta, index); })).then(function (shards) {
      var found = [], typoMax = q.length >= 9 ? 2 : 1;
      shards.forEach(function (shard) {
        shard.terms.forEach(function (entry) {
          var t = entry.term, weight = 0;
          if (t === q) weight = 1;
          else if (q.length >= 2 && t.slice(0, q.length) === q) weight = 0.6;
          else if (q.length >= 5 && Math.abs(t.length - q.length) <= 2 && distance(q, t, typoMax) <= typoMax) weight = 0.45;
          if (weight) found.push({ shard: shard, entry: entry, weight: weight, order: found.length });
        });
      });
      /* Nothing the word is, begins or nearly is in its shard: maybe a typo in its first
         letters, which sorted it away from the word meant. */
      if (q.length < 5 || found.length) return found;
      return tailTypos(meta, q, typoMax);
    }).then(function (found) {
      found.sort(function (a, b) {
        return (b.weight === 1) - (a.weight === 1) || b.entry.df - a.entry.df || a.order - b.order;
      });
      found = found.slice(0, MAX_CANDIDATES);
      var n = meta.pages, scores = new Map(), terms = new Set();
      found.forEach(function (candidate) {
        var df = candidate.entry.df;
        var idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
        var list = postings(candidate.shard, candidate.entry);
        terms.add(candidate.entry.term);
        for (var i = 0; i < list.ids.length; i++) {
          var byte = list.scores[i];
          /* 255: the page's symbol name; whole, it ranks first. */
          var score = candidate.weight * idf * (byte > 254 ? candidate.weight > .9 ? 50 : 5 : 5 * (byte >> 7 & 1) + 2 * (byte >> 6 & 1) + 2.2 * (byte & 63) / 63);
          var id = list.ids[i];
          if (!(scores.get(id) >= score)) scores.set(id, score);
        }
      });
      return { scores: scores, terms: terms };
    });
    promise.catch(function () { termCache.delete(q); });
    if (termCache.size > 500) termCache.clear();
    termCache.set(q, promise);
    return promise;
  }

  /* ---- Results: pages, then each page's best passages with an excerpt ---- */
  function excerpt(text, sets) {
    var tokens = tokenRanges(text), hit = null;
    for (var i = 0; i < tokens.length && !hit; i++) {
      if (sets.some(function (set) { return set.has(tokens[i].term); })) hit = tokens[i];
    }
    var words = [], match, space = /\S+/g;
    while ((match = space.exec(text))) words.push([match.index, match.index + match[0].length]);
    if (!words.length) return { text: "", marks: [] };
    var at = 0;
    if (hit) while (at + 1 < words.length && words[at][1] <= hit.start) at++;
    var end = Math.min(words.length, Math.max(0, at - 8) + EXCERPT_WORDS);
    var start = Math.max(0, end - EXCERPT_WORDS);
    var from = words[start][0], to = words[end - 1][1];
    /* Text without spaces (CJK) is one long "word": keep about 160 characters. */
    if (to - from > 240) {
      var centre = hit ? hit.start : from;
      from = Math.max(from, centre - 60);
      to = Math.min(to, from + 200);
      if (/[\uDC00-\uDFFF]/.test(text.charAt(from))) from--;
      if (/[\uDC00-\uDFFF]/.test(text.charAt(to))) to++;
    }
    var before = from > 0 ? "\u2026 " : "", after = to < text.length ? " \u2026" : "";
    var marks = highlight(text, sets).filter(function (r) { return r[0] >= from && r[1] <= to; })
      .map(function (r) { return [r[0] - from + before.length, r[1] - from + before.length]; });
    return { text: before + text.slice(from, to) + after, marks: marks };
  }

  /* The best passages of a page; the page's terms that match (`found`, filled). */
  function subResults(record, sets, found) {
    var ranked = [];
    (record.p || []).forEach(function (passage, index) {
      var crumbs = passage.c || [];
      var own = crumbs.length ? crumbs[crumbs.length - 1][1] : "";
      var hit = sets.map(function () { return false; });
      tokenRanges(passage.x || "").concat(tokenRanges(own || "")).forEach(function (t) {
        var any = false;
        sets.forEach(function (set, k) { if (set.has(t.term)) hit[k] = any = true; });
        if (any) found.add(t.term);
      });
      var count = hit.filter(Boolean).length;
      if (count) ranked.push({ passage: passage, index: index, count: count });
    });
    ranked.sort(function (a, b) { return b.count - a.count || a.index - b.index; });
    return ranked.slice(0, SUBS).map(function (item) {
      var passage = item.passage, cut = excerpt(passage.x || "", sets);
      return {
        url: passage.a ? record.u + "#" + passage.a : record.u,
        crumbs: passage.c || [],
        text: cut.text,
        marks: cut.marks
      };
    });
  }

  /* The search itself, for the dialog and for window.cvsiteSearch alike. */
  function search(query, options) {
    var count = Math.max(0, (options && options.pages) || PAGE_STEP);
    query = String(query == null ? "" : query).slice(0, MAX_QUERY);
    return loadMeta().then(function (meta) {
      var qs = [];
      tokenize(query).forEach(function (q) { if (qs.length < MAX_TOKENS && qs.indexOf(q) < 0) qs.push(q); });
      if (!qs.length) return { query: query, terms: [], total: 0, pages: [], sets: [] };
      return Promise.all(qs.map(function (q) { return termScores(meta, q); })).then(function (perTerm) {
        var sets = perTerm.map(function (r) { return r.terms; });
        var smallest = perTerm.reduce(function (a, b) { return a.scores.size <= b.scores.size ? a : b; });
        var ranked = [];
        smallest.scores.forEach(function (unused, id) {
          var total = 0;
          for (var i = 0; i < perTerm.length; i++) {
            var score = perTerm[i].scores.get(id);
            if (score === undefined) return;
            total += score;
          }
          ranked.push({ id: id, score: total });
        });
        ranked.sort(function (a, b) { return b.score - a.score || a.id - b.id; });
        var shown = ranked.slice(0, count);
        return Promise.all(shown.map(function (hit) { return loadPage(meta, hit.id); })).then(function (records) {
          return {
            query: query,
            terms: qs,
            total: ranked.length,
            pages: shown.map(function (hit, i) {
              var record = records[i] || { u: "", t: "", p: [] }, found = new Set();
              /* In this order: `found` gets the title's terms, then the passages'. */
              var titleMarks = highlight(record.t || "", sets, found), subs = subResults(record, sets, found);
              return {
                id: hit.id, url: record.u, title: record.t, score: hit.score, titleMarks: titleMarks, subs: subs,
                terms: Array.from(found).slice(0, MAX_HIGHLIGHT)
              };
            }),
            sets: sets
          };
        });
      });
    });
  }

  /* ---- The words a result matched, marked on the page it opens (?highlight=) ---- */
  /* Not marked: chrome (navigation, contents, buttons, heading links) and non-text. */
  var UNMARKED = "script, style, template, noscript, textarea, select, button, svg, nav, .cv-toc, .cv-anchor, [role=tablist], mark";

  /* Marks the words of the page's article whose terms are `terms` (index terms), cut as
     the index cut this page (English folding for an English page); returns the count. */
  function markPage(terms) {
    Array.prototype.forEach.call(doc.querySelectorAll("mark.cv-hit"), function (mark) {
      var parent = mark.parentNode;
      parent.replaceChild(doc.createTextNode(mark.textContent), mark);
      parent.normalize();
    });
    var root = doc.querySelector(".cv-article") || doc.querySelector("main");
    var lang = (doc.documentElement.lang || "en").toLowerCase(), saved = english, count = 0, nodes = [], node;
    english = lang === "en" || lang.indexOf("en-") === 0;
    try {
      /* Index terms come back as they are; a hand-written `Installs` as `install`. */
      var wanted = new Set(tokenize(terms.slice(0, MAX_HIGHLIGHT).map(String).join(" ")));
      if (!root || !wanted.size) return 0;
      var walker = doc.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      while ((node = walker.nextNode())) if (node.parentElement && !node.parentElement.closest(UNMARKED)) nodes.push(node);
      for (var i = 0; i < nodes.length && count < MAX_PAGE_MARKS; i++) {
        var text = nodes[i].data, ranges = highlight(text, [wanted]).slice(0, MAX_PAGE_MARKS - count);
        if (!ranges.length) continue;
        var fragment = doc.createDocumentFragment();
        appendMarked(fragment, text, ranges, "cv-hit");
        nodes[i].parentNode.replaceChild(fragment, nodes[i]);
        count += ranges.length;
      }
    } finally {
      english = saved;
    }
    return count;
  }

  /* Opened from a result: mark, and drop ?highlight= from the address (not the fragment). */
  (function () {
    var params = new URLSearchParams(location.search);
    if (!params.has(HIGHLIGHT)) return;
    var terms = (params.get(HIGHLIGHT) || "").split(/\s+/);
    params.delete(HIGHLIGHT);
    var rest = params.toString();
    try { history.replaceState(history.state, "", location.pathname + (rest ? "?" + rest : "") + location.hash); } catch (e) { /* file: */ }
    markPage(terms);
    /* The page's own result, every hit in a closed tab: open the first hit's tabs. */
    var marks = doc.querySelectorAll("mark.cv-hit"), tabs = window.cvsiteTabs;
    if (location.hash || !tabs || !marks.length) return;
    if (Array.prototype.every.call(marks, function (m) { return m.closest("[role=tabpanel][hidden]"); })
      && tabs.openAround(marks[0])) marks[0].scrollIntoView({ block: "center" });
  })();

  /* ---- The dialog ---- */
  var latest = 0, frame = 0, opener = null, shownPages = PAGE_STEP, options = [], active = -1, lastQuery = null, enterPending = false;

  function kindLabel(kind) {
    return { tabs: "tab", "code-group": "tab", steps: "step", cards: "card", callout: "aside" }[kind] || kind;
  }

  function appendMarked(parent, text, ranges, className) {
    var at = 0;
    ranges.forEach(function (range) {
      if (range[0] > at) parent.appendChild(doc.createTextNode(text.slice(at, range[0])));
      var mark = doc.createElement("mark");
      if (className) mark.className = className;
      mark.textContent = text.slice(range[0], range[1]);
      parent.appendChild(mark);
      at = range[1];
    });
    if (at < text.length) parent.appendChild(doc.createTextNode(text.slice(at)));
  }

  function span(className, parent) {
    var element = doc.createElement("span");
    element.className = className;
    parent.appendChild(element);
    return element;
  }

  function option(className, href, terms) {
    var item = doc.createElement("li");
    item.setAttribute("role", "option");
    item.setAttribute("aria-selected", "false");
    item.id = "cv-search-option-" + options.length;
    item.className = className;
    if (href !== null) item.dataset.href = href;
    if (terms && terms.length) item.dataset.highlight = terms.join(" ");
    options.push(item);
    list.appendChild(item);
    return item;
  }

  function render(result) {
    list.textContent = "";
    options = [];
    result.pages.forEach(function (page) {
      var head = option("cv-search-page", page.url, page.terms);
      appendMarked(span("cv-search-title", head), page.title || page.url, page.titleMarks);
      var path = span("cv-search-path", head);
      path.textContent = page.url;
      path.setAttribute("aria-hidden", "true");
      page.subs.forEach(function (sub) {
        var item = option("cv-search-sub", sub.url, page.terms);
        var crumbs = span("cv-search-crumbs", item);
        sub.crumbs.forEach(function (crumb, i) {
          if (i) {
            crumbs.appendChild(doc.createTextNode(" "));
            var separator = span("cv-search-sep", crumbs);
            separator.textContent = "\u203a";
            separator.setAttribute("aria-hidden", "true");
            crumbs.appendChild(doc.createTextNode(" "));
          }
          var part = span("cv-search-crumb", crumbs);
          if (crumb[1]) appendMarked(part, crumb[1], highlight(crumb[1], result.sets));
          if (crumb[0]) {
            if (crumb[1]) part.appendChild(doc.createTextNode(" "));
            span("cv-search-kind", part).textContent = kindLabel(crumb[0]);
          }
        });
        if (!sub.crumbs.length) span("cv-search-crumb", crumbs).textContent = t("topOfPage", "Top of page");
        appendMarked(span("cv-search-excerpt", item), sub.text, sub.marks);
      });
    });
    if (result.total > result.pages.length) {
      var more = option("cv-search-more", null);
      more.dataset.more = "";
      more.textContent = t("moreResults", "More results ({n} more)", result.total - result.pages.length);
    }
    list.hidden = !options.length;
    input.setAttribute("aria-expanded", options.length ? "true" : "false");
    setActive(-1);
  }

  function announce(result) {
    var text = !result.terms.length ? "" : result.total === 0 ? t("noResults", "No results") : result.total === 1 ? t("oneResult", "1 result") : t("results", "{n} results", result.total);
    if (status.textContent !== text) status.textContent = text;
  }

  function setActive(index) {
    if (active >= 0 && options[active]) options[active].setAttribute("aria-selected", "false");
    active = index;
    if (index < 0 || !options[index]) { active = -1; input.removeAttribute("aria-activedescendant"); return; }
    options[index].setAttribute("aria-selected", "true");
    input.setAttribute("aria-activedescendant", options[index].id);
    options[index].scrollIntoView({ block: "nearest" });
  }

  function update() {
    var query = input.value.slice(0, MAX_QUERY);
    var ticket = ++latest;
    if (!tokenize(query).length) {
      lastQuery = query;
      enterPending = false;
      render({ pages: [], total: 0, terms: [], sets: [] });
      status.textContent = "";
      return Promise.resolve();
    }
    return search(query, { pages: shownPages }).then(function (result) {
      if (ticket !== latest) return; /* an older query: dropped */
      lastQuery = query;
      render(result);
      announce(result);
      if (enterPending) { enterPending = false; follow(0); }
    }, function (error) {
      if (ticket !== latest) return;
      render({ pages: [], total: 0, terms: [], sets: [] });
      status.textContent = t("searchUnavailable", "Search is not available right now");
      if (window.console) console.error(error);
    });
  }

  function schedule() {
    if (frame) return;
    frame = requestAnimationFrame(function () {
      frame = 0;
      if (input.value.slice(0, MAX_QUERY) === lastQuery) {
        if (enterPending) { enterPending = false; if (options.length) follow(active < 0 ? 0 : active); }
        return;
      }
      shownPages = PAGE_STEP;
      update();
    });
  }

  function follow(index, event) {
    var item = options[index];
    if (!item) return;
    if (item.hasAttribute("data-more")) {
      var firstNew = options.filter(function (o) { return o.classList.contains("cv-search-page"); }).length;
      shownPages += PAGE_STEP;
      update().then(function () {
        var pages = options.filter(function (o) { return o.classList.contains("cv-search-page"); });
        if (pages[firstNew]) setActive(options.indexOf(pages[firstNew]));
      });
      return;
    }
    var url = new URL(item.dataset.href, location.href);
    var terms = item.dataset.highlight ? item.dataset.highlight.split(" ") : [];
    var marked = new URL(url.href);
    if (terms.length) marked.searchParams.set(HIGHLIGHT, terms.join(" "));
    if (event && (event.ctrlKey || event.metaKey || event.shiftKey)) { window.open(marked.href, "_blank", "noopener"); return; }
    var samePage = url.pathname === location.pathname && url.search === location.search;
    /* Leaving for a place on this page: focus goes there, not back to the button. */
    if (samePage) opener = null;
    dialog.close();
    if (!opener && doc.activeElement && doc.activeElement !== doc.body) doc.activeElement.blur();
    if (!samePage) {
      location.href = marked.href;
      return;
    }
    /* A place on this page: marked here, without loading the page again. */
    markPage(terms);
    if (url.href === location.href && url.hash) {
      /* Already here: open the tab around the fragment and scroll to it again. */
      window.dispatchEvent(new HashChangeEvent("hashchange", { oldURL: location.href, newURL: url.href }));
      var id = url.hash.slice(1);
      try { id = decodeURIComponent(id); } catch (e) { /* `#%`: the id as written */ }
      var target = doc.getElementById(id);
      if (target) target.scrollIntoView();
    } else if (url.hash) {
      location.href = url.href;
    } else {
      window.scrollTo(0, 0);
    }
  }

  function open() {
    if (dialog.open) { input.focus(); input.select(); return; }
    opener = doc.activeElement && doc.activeElement !== doc.body ? doc.activeElement : null;
    dialog.showModal();
    input.focus();
    input.select();
    loadMeta().catch(function (error) {
      status.textContent = t("searchUnavailable", "Search is not available right now");
      if (window.console) console.error(error);
    });
    if (input.value && input.value.slice(0, MAX_QUERY) !== lastQuery) update();
  }

  dialog.addEventListener("close", function () {
    if (frame) { cancelAnimationFrame(frame); frame = 0; }
    if (opener && opener.isConnected && typeof opener.focus === "function") opener.focus();
    opener = null;
  });
  /* A click on the backdrop (the dialog box itself, outside its panel) closes it. */
  dialog.addEventListener("click", function (event) {
    if (event.target !== dialog) return;
    var box = dialog.getBoundingClientRect();
    if (event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom) dialog.close();
  });
  Array.prototype.forEach.call(dialog.querySelectorAll("[data-cv-search-close]"), function (button) {
    button.addEventListener("click", function () { dialog.close(); });
  });
  var form = dialog.querySelector("form");
  if (form) form.addEventListener("submit", function (event) { event.preventDefault(); });

  input.setAttribute("maxlength", String(MAX_QUERY));
  input.addEventListener("input", schedule);
  input.addEventListener("keydown", function (event) {
    if (event.isComposing) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!options.length) return;
      var step = event.key === "ArrowDown" ? 1 : -1;
      setActive(active < 0 ? (step > 0 ? 0 : options.length - 1) : (active + step + options.length) % options.length);
    } else if (event.key === "Enter") {
      event.preventDefault();
      /* Results for the text just typed are not in yet: take the first when they are. */
      if (frame || input.value.slice(0, MAX_QUERY) !== lastQuery) enterPending = true;
      else if (options.length) follow(active < 0 ? 0 : active, event);
    }
  });
  list.addEventListener("click", function (event) {
    var item = event.target.closest("[role=option]");
    if (item) follow(options.indexOf(item), event);
  });
  list.addEventListener("mousedown", function (event) { event.preventDefault(); /* keep focus in the input */ });

  function typing(element) {
    if (!element) return false;
    if (element.isContentEditable) return true;
    var name = element.tagName;
    if (name === "TEXTAREA" || name === "SELECT") return true;
    return name === "INPUT" && !/^(?:button|checkbox|radio|range|color|file|image|reset|submit|hidden)$/i.test(element.type);
  }
  doc.addEventListener("keydown", function (event) {
    if (event.defaultPrevented || event.isComposing) return;
    var key = (event.key || "").toLowerCase();
    if (key === "k" && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey) {
      event.preventDefault();
      open();
    } else if (event.key === "/" && !event.ctrlKey && !event.metaKey && !event.altKey && !dialog.open && !typing(doc.activeElement)) {
      event.preventDefault();
      open();
    }
  });

  openers.forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", open);
  });

  /* For tests and benchmarks: the dialog's own search, and its tokeniser (after
     meta.json, `english` follows the index). */
  window.cvsiteSearch = {
    /* The terms of a text as the index has them (English folding as the index says, or
       as `isEnglish` asks). */
    tokenize: function (text, isEnglish) {
      var saved = english;
      if (isEnglish !== undefined) english = !!isEnglish;
      try { return tokenize(String(text)); } finally { english = saved; }
    },
    /* The terms of a text with their ranges in it, as results mark them. */
    ranges: function (text, isEnglish) {
      var saved = english;
      if (isEnglish !== undefined) english = !!isEnglish;
      try { return tokenRanges(String(text)); } finally { english = saved; }
    },
    /* Marks `terms` on this page as a result's link asks; returns how many words. */
    mark: function (terms) { return markPage(Array.prototype.slice.call(terms || [])); },
    search: function (query, options) {
      return search(query, options).then(function (result) {
        return {
          total: result.total,
          pages: result.pages.map(function (page) {
            return {
              id: page.id, url: page.url, title: page.title, score: page.score, terms: page.terms,
              subs: page.subs.map(function (sub) { return { url: sub.url, crumbs: sub.crumbs, text: sub.text }; })
            };
          })
        };
      });
    }
  };
})();
