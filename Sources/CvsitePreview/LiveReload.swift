/// The script injected into every HTML page the preview serves: it listens to the
/// server's events, reloads when a build completes, and shows failed builds' diagnostics
/// as an overlay (built with DOM text nodes, never HTML strings).
enum LiveReload {
  static let scriptPath = "/_cvsite/live.js"
  static let eventsPath = "/_cvsite/events"

  static let scriptTag = #"<script src="/_cvsite/live.js"></script>"#

  /// Inserts the script tag before `</body>`, or at the end when there is none.
  static func inject(into html: String) -> String {
    if let range = html.range(of: "</body>", options: .backwards) {
      return html.replacingCharacters(in: range, with: scriptTag + "</body>")
    }
    return html + scriptTag
  }

  static let script = #"""
    (() => {
      const id = "cvsite-overlay";
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
      let generation = null;
      events.addEventListener("status", (e) => {
        const status = JSON.parse(e.data);
        if (generation !== null && status.generation !== generation && status.ok) { location.reload(); return; }
        generation = status.generation;
        status.ok ? hide() : show(status.diagnostics);
      });
    })();
    """#
}
