/// The script injected into every HTML page the preview serves: it listens to the
/// server's events, reloads when a newer build is announced, and shows failed builds'
/// diagnostics as an overlay (built with DOM text nodes, never HTML strings).
///
/// The script tag carries the build generation that was current when the page was
/// served. A page served just before a rebuild finished, whose event stream connects
/// just after, sees a newer generation in its first event and reloads: without it, that
/// first event would be taken as the page's own and the page would stay stale.
enum LiveReload {
  static let scriptPath = "/_cvsite/live.js"
  static let eventsPath = "/_cvsite/events"

  /// The tag for a page served while `generation` was the current build.
  static func scriptTag(generation: Int) -> String {
    #"<script src="/_cvsite/live.js" data-generation="\#(generation)"></script>"#
  }

  /// Inserts the script tag before `</body>`, or at the end when there is none.
  static func inject(into html: String, generation: Int) -> String {
    let tag = scriptTag(generation: generation)
    if let range = html.range(of: "</body>", options: .backwards) {
      return html.replacingCharacters(in: range, with: tag + "</body>")
    }
    return html + tag
  }

  /// `window.cvsiteLive` tells tools (and the browser check) the script's state:
  /// `connected`, the page's `generation` and whether the last build was `ok`.
  static let script = #"""
    (() => {
      const id = "cvsite-overlay";
      const tag = document.currentScript;
      const served = tag && tag.dataset.generation !== undefined ? Number(tag.dataset.generation) : null;
      const state = { connected: false, generation: served, ok: true };
      window.cvsiteLive = state;
      function show(diagnostics) {
        let box = document.getElementById(id);
        if (!box) {
          box = document.createElement("div");
          box.id = id;
          box.setAttribute("role", "alert");
          box.style.cssText = "position:fixed;inset:0;z-index:2147483647;overflow:auto;padding:2rem;" +
            "background:rgba(20,20,24,.96);color:#f5f5f5;font:14px/1.5 ui-monospace,monospace";
          document.body.appendChild(box);
        }
        box.textContent = "";
        const title = document.createElement("h2");
        title.textContent = "Build failed: the last good version is shown underneath";
        title.style.cssText = "color:#ff6b6b;font:bold 16px system-ui,sans-serif";
        box.appendChild(title);
        for (const d of diagnostics) {
          const item = document.createElement("pre");
          item.className = "cvsite-diagnostic";
          item.style.cssText = "white-space:pre-wrap;margin:0 0 1rem";
          const where = d.file ? `${d.file}:${d.line}:${d.column}: ` : "";
          item.textContent = `${where}${d.severity}: ${d.message}` + (d.source ? `\n${d.source}` : "");
          box.appendChild(item);
        }
      }
      function hide() { document.getElementById(id)?.remove(); }
      const events = new EventSource("/_cvsite/events");
      events.addEventListener("error", () => { state.connected = false; });
      events.addEventListener("status", (e) => {
        const status = JSON.parse(e.data);
        state.connected = true;
        // Another build than the one this page shows: load that one (its overlay, if it
        // failed, comes with the new page's first event).
        if (state.generation !== null && status.generation !== state.generation) { location.reload(); return; }
        state.generation = status.generation;
        state.ok = status.ok;
        status.ok ? hide() : show(status.diagnostics);
      });
    })();
    """#
}
