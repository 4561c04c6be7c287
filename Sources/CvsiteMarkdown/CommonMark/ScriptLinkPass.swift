import CvsiteCore

/// In a project of another generator (`tolerant`), a Markdown link or image whose URL
/// runs script or embeds data (`[Demo](javascript:…)`, as Material's own docs write one)
/// leaves the page, its text kept in its place, with a warning at its block: GitHub
/// drops such a link the same way. In cvsite's own pages it stays an error of the link
/// check, which the build does not get past.
struct ScriptLinkPass {
  let body: PageBody
  var diagnostics: [Diagnostic] = []

  init(body: PageBody) { self.body = body }

  mutating func apply(to root: CMarkNode) {
    var found: [(node: CMarkNode, block: CMarkNode)] = []
    root.forEachWithBlock { node, block in
      guard node.kind == .link || node.kind == .image, let url = node.url, URLSafety.runsScript(url) else { return }
      found.append((node, block))
    }
    for (node, block) in found {
      let url = node.url ?? ""
      let shown = url.count > 60 ? String(url.prefix(60)) + "…" : url
      let what = node.kind == .image ? "an image" : "a link"
      diagnostics.append(
        body.source.diagnostic(
          .warning, "`\(shown)` in \(what) runs script or embeds data: left out, its text kept",
          line: max(1, block.startLine), column: 1))
      while let child = node.firstChild {
        child.unlink()
        node.insertBefore(child)
      }
      node.unlink()
    }
  }
}
