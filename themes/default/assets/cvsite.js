/* cvsite default theme: tabs, stepped forms, keyboard-reachable tables and code, copy
   buttons, menus, theme switch. Without it every panel and step shows. */
(function () {
  "use strict";
  var doc = document;
  /* A non-English page's words. */
  var words = {};
  try { words = JSON.parse(doc.getElementById("cv-words").textContent); } catch (e) { /* English */ }
  var t = function (key, text, n, total) {
    return (words[key] || text).replace("{n}", n).replace("{total}", total);
  };
  var all = function (root, selector) { return Array.prototype.slice.call(root.querySelectorAll(selector)); };
  var storeKey = function (key) { return "cvsite.tabs." + key; };
  /* A sync key's choices, most recent first. */
  var load = function (key) {
    try { return (localStorage.getItem(storeKey(key)) || "").split("\n").filter(Boolean); } catch (e) { return []; }
  };
  var save = function (key, value) {
    var list = load(key).filter(function (other) { return other !== value; });
    list.unshift(value);
    try { localStorage.setItem(storeKey(key), list.slice(0, 20).join("\n")); } catch (e) { /* private mode */ }
  };

  /* ---- Tabs ---- */
  var groups = all(doc, "[data-cv-tabs]");
  var tabsOf = function (group) { return all(group, ":scope > .cv-tablist > [role=tab]"); };
  var focusable = "a[href], button, input, select, textarea, iframe, [tabindex]:not([tabindex='-1'])";

  function show(group, tab, focus) {
    tabsOf(group).forEach(function (other) {
      var on = other === tab;
      other.setAttribute("aria-selected", on ? "true" : "false");
      other.tabIndex = on ? 0 : -1;
      var panel = doc.getElementById(other.getAttribute("aria-controls"));
      if (panel) panel.hidden = !on;
    });
    if (focus) tab.focus();
  }

  function showValue(group, value) {
    var match = tabsOf(group).filter(function (tab) { return tab.dataset.value === value; })[0];
    if (match) show(group, match, false);
    return !!match;
  }

  function activate(group, tab, focus) {
    show(group, tab, focus);
    var key = group.dataset.sync;
    if (!key) return;
    save(key, tab.dataset.value);
    groups.forEach(function (other) {
      if (other !== group && other.dataset.sync === key) showValue(other, tab.dataset.value);
    });
  }

  groups.forEach(function (group) {
    var list = group.querySelector(":scope > .cv-tablist");
    if (!list) return;
    var tabs = tabsOf(group);
    var selected = tabs.filter(function (tab) { return tab.getAttribute("aria-selected") === "true"; })[0] || tabs[0];
    var stored = group.dataset.sync ? load(group.dataset.sync) : [];
    var restored = stored.some(function (value) { return showValue(group, value); });
    if (!restored && selected) show(group, selected, false);
    tabs.forEach(function (tab) {
      var panel = doc.getElementById(tab.getAttribute("aria-controls"));
      if (panel && !panel.querySelector(focusable)) panel.tabIndex = 0;
    });
    list.addEventListener("click", function (event) {
      var tab = event.target.closest("[role=tab]");
      if (tab && list.contains(tab)) activate(group, tab, false);
    });
    list.addEventListener("keydown", function (event) {
      var index = tabs.indexOf(doc.activeElement);
      if (index < 0) return;
      var next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
      if (next === undefined) return;
      event.preventDefault();
      activate(group, tabs[(next + tabs.length) % tabs.length], true);
    });
    group.setAttribute("data-ready", "");
  });

  /* A fragment's id, percent-decoded when valid (`#%` would throw). */
  function fragmentID(hash) {
    var raw = hash.slice(1);
    try { return decodeURIComponent(raw); } catch (e) { return raw; }
  }

  /* Opens every tab around `target`; whether one had to be opened. */
  function openAround(target) {
    var panel = target.closest(".cv-tabpanel");
    var opened = false;
    while (panel) {
      var group = panel.closest("[data-cv-tabs]");
      var tab = group && doc.getElementById(panel.getAttribute("aria-labelledby"));
      if (tab) { activate(group, tab, false); opened = true; }
      panel = group && group.parentElement ? group.parentElement.closest(".cv-tabpanel") : null;
    }
    return opened;
  }

  /* A fragment inside a tab panel (or naming a tab) opens every tab around it. */
  function openFragment() {
    var id = fragmentID(location.hash);
    var target = id && doc.getElementById(id);
    if (!target) return;
    if (target.getAttribute("role") === "tab") target = doc.getElementById(target.getAttribute("aria-controls")) || target;
    if (openAround(target)) target.scrollIntoView();
  }
  /* For search.js: a page opened from its own result shows the tab that holds the word. */
  window.cvsiteTabs = { openAround: openAround };
  window.addEventListener("hashchange", openFragment);
  openFragment();

  /* ---- Stepped forms ---- */
  all(doc, "[data-cv-form]").forEach(function (form) {
    var steps = all(form, ":scope > .cv-form-step");
    if (steps.length < 2) return;
    var marks = all(form, ".cv-form-steps > li");
    var progress = form.querySelector("[data-cv-progress]");
    var current = Math.min(parseInt(form.dataset.start, 10) || 0, steps.length - 1);

    function valid(step) {
      var fields = all(step, "input, select, textarea");
      for (var i = 0; i < fields.length; i++) {
        if (!fields[i].checkValidity()) { fields[i].reportValidity(); return false; }
      }
      return true;
    }

    function go(index, focus) {
      current = index;
      steps.forEach(function (step, i) { step.hidden = i !== index; });
      marks.forEach(function (mark, i) {
        if (i === index) mark.setAttribute("aria-current", "step"); else mark.removeAttribute("aria-current");
      });
      if (progress) progress.textContent = t("stepOf", "Step {n} of {total}", index + 1, steps.length);
      form.toggleAttribute("data-last", index === steps.length - 1);
      if (focus) {
        var first = steps[index].querySelector("input, select, textarea");
        (first || steps[index]).focus();
      }
    }

    steps.forEach(function (step) {
      var nav = step.querySelector(":scope > .cv-form-nav");
      if (nav) nav.hidden = false;
    });
    form.setAttribute("data-stepping", "");
    form.addEventListener("click", function (event) {
      var button = event.target.closest("[data-cv-back], [data-cv-next], .cv-form-steps a");
      if (!button) return;
      event.preventDefault();
      if (button.hasAttribute("data-cv-back")) return go(Math.max(0, current - 1), true);
      if (button.hasAttribute("data-cv-next")) { if (valid(steps[current])) go(current + 1, true); return; }
      var target = marks.indexOf(button.closest("li"));
      while (current < target && valid(steps[current])) go(current + 1, false);
      if (target < current) go(target, false);
      go(current, true);
    });
    /* Submitting with an invalid field in a hidden step: show that step first. */
    form.addEventListener("invalid", function (event) {
      var step = event.target.closest(".cv-form-step");
      var index = steps.indexOf(step);
      if (index >= 0 && index !== current) go(index, false);
    }, true);
    go(current, false);
  });

  /* ---- Wide tables and code scroll from the keyboard. ---- */
  var tables = all(doc, ".cv-table");
  var codes = all(doc, "pre");
  function tableName(wrapper) {
    var row = wrapper.querySelector("thead tr") || wrapper.querySelector("tr");
    var text = row ? all(row, "th, td").map(function (cell) { return cell.textContent.trim(); }).filter(Boolean).join(", ") : "";
    if (text.length > 60) text = text.slice(0, 59).trim() + "\u2026";
    return t("table", "Table") + (text ? ": " + text : "");
  }
  /* Each region's name is its own: a second table with the same headers is "(2)". */
  var seen = {};
  var tableNames = tables.map(function (wrapper) {
    var name = tableName(wrapper), count = seen[name] = (seen[name] || 0) + 1;
    return count > 1 ? name + " (" + count + ")" : name;
  });
  function checkScrollers() {
    codes.forEach(function (pre) {
      var scrolls = pre.scrollWidth > pre.clientWidth;
      if (scrolls === pre.hasAttribute("data-scrolls")) return;
      if (scrolls) { pre.setAttribute("data-scrolls", ""); pre.setAttribute("tabindex", "0"); }
      else { pre.removeAttribute("data-scrolls"); pre.removeAttribute("tabindex"); }
    });
    tables.forEach(function (wrapper, index) {
      var scrolls = wrapper.scrollWidth > wrapper.clientWidth;
      /* The build makes every table focusable (for pages without JavaScript): here only
         those that scroll stay so. */
      if (scrolls === wrapper.hasAttribute("data-scrolls") && (scrolls || !wrapper.hasAttribute("tabindex"))) return;
      if (scrolls) {
        wrapper.setAttribute("data-scrolls", "");
        wrapper.setAttribute("tabindex", "0");
        wrapper.setAttribute("role", "region");
        wrapper.setAttribute("aria-label", tableNames[index]);
      } else {
        ["data-scrolls", "tabindex", "role", "aria-label"].forEach(function (name) { wrapper.removeAttribute(name); });
      }
    });
  }
  if (tables.length || codes.length) {
    var pending = 0;
    var later = function () {
      if (pending) return;
      pending = requestAnimationFrame(function () { pending = 0; checkScrollers(); });
    };
    /* A resize, and also a block that first gets a size when its tab or callout opens. */
    if (window.ResizeObserver) {
      var observer = new ResizeObserver(later);
      tables.concat(codes).forEach(function (element) { observer.observe(element); });
    } else {
      window.addEventListener("resize", later);
    }
    window.addEventListener("load", checkScrollers);
    checkScrollers();
  }

  /* ---- Theme switch, remembered (applied before the first paint). ---- */
  function fitPictures(value) {
    var media = { dark: "all", light: "not all" }[value] || "(prefers-color-scheme: dark)";
    all(doc, "source[data-cv-dark]").forEach(function (source) { source.media = media; });
  }
  fitPictures(doc.documentElement.dataset.theme || "auto");
  all(doc, "[data-cv-theme]").forEach(function (select) {
    var stored = null;
    try { stored = localStorage.getItem("cvsite.theme"); } catch (e) { /* private mode */ }
    select.value = stored === "light" || stored === "dark" ? stored : "auto";
    select.addEventListener("change", function () {
      var value = select.value;
      if (value === "light" || value === "dark") doc.documentElement.dataset.theme = value;
      else delete doc.documentElement.dataset.theme;
      fitPictures(value);
      try {
        if (value === "auto") localStorage.removeItem("cvsite.theme"); else localStorage.setItem("cvsite.theme", value);
      } catch (e) { /* private mode */ }
    });
  });

  /* ---- Menus: open when wide, closed when narrow. ---- */
  var wide = window.matchMedia("(min-width: 56rem)");
  var menus = all(doc, "details.cv-menu");
  function fitMenus() { menus.forEach(function (menu) { menu.open = wide.matches; }); }
  if (wide.addEventListener) wide.addEventListener("change", fitMenus);

  /* ---- Copy buttons (a console block copies its commands only). ---- */
  function codeText(block) {
    var lines = all(block, "code .line");
    if (!lines.length) { var code = block.querySelector("code"); return code ? code.textContent : ""; }
    var terminal = block.getAttribute("data-lang") === "console";
    return lines.filter(function (line) {
      return !(terminal && (line.classList.contains("cv-output") || !line.querySelector(".gp")));
    }).map(function (line) {
      if (!terminal) return line.textContent;
      var prompt = line.querySelector(".gp");
      return line.textContent.slice(prompt ? prompt.textContent.length : 0);
    }).join("\n");
  }
  all(doc, ".cv-code").forEach(function (block) {
    var button = doc.createElement("button");
    button.type = "button";
    button.className = "cv-copy";
    button.textContent = t("copy", "Copy");
    button.setAttribute("aria-label", t("copyCode", "Copy code"));
    var status = doc.createElement("span");
    status.className = "cv-sr";
    status.setAttribute("role", "status");
    button.addEventListener("click", function () {
      var text = codeText(block);
      var done = function () {
        button.textContent = t("copied", "Copied");
        status.textContent = t("codeCopied", "Code copied");
        setTimeout(function () { button.textContent = t("copy", "Copy"); status.textContent = ""; }, 2000);
      };
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(text).then(done, function () { status.textContent = t("copyFailed", "Copying failed"); });
      } else {
        status.textContent = t("copyUnavailable", "Copying is not available here");
      }
    });
    block.appendChild(button);
    block.appendChild(status);
  });

  /* ---- Printing: collapsed callouts print open, then close again ---- */
  var printOpened = [];
  window.addEventListener("beforeprint", function () {
    printOpened = all(doc, "details.cv-callout:not([open])");
    printOpened.forEach(function (details) { details.open = true; });
  });
  window.addEventListener("afterprint", function () {
    printOpened.forEach(function (details) { details.open = false; });
    printOpened = [];
  });
})();
