import ContainerViews
import CvsiteCore

/// Raw HTML an author wrote, made safe to publish (`rawHTML: true`): read as a browser
/// reads it (``HTMLTokenizer``), then written again from an allow-list, as GitHub
/// sanitises a README. Elements and attributes are kept by name; every URL-bearing
/// attribute is decoded as the browser decodes it and kept only when it cannot run
/// script; event handlers, `style`, comments and everything else go. Script, style,
/// frames, plug-ins, forms, SVG and MathML go with their content.
///
/// What is kept is written again in one form (lowercase names, values quoted and
/// escaped), so the browser reads the same tags the sanitiser read.
enum RawHTMLSanitizer {
  /// The elements kept.
  static let elements: Set<String> = [
    "a", "abbr", "b", "bdi", "bdo", "blockquote", "br", "caption", "center", "cite", "code", "col", "colgroup", "dd",
    "del", "details", "dfn", "div", "dl", "dt", "em", "figcaption", "figure", "h1", "h2", "h3", "h4", "h5", "h6",
    "hr", "i", "img", "ins", "kbd", "li", "mark", "ol", "p", "picture", "pre", "q", "rp", "rt", "ruby", "s", "samp",
    "small", "source", "span", "strike", "strong", "sub", "summary", "sup", "table", "tbody", "td", "tfoot", "th",
    "thead", "time", "tr", "tt", "u", "ul", "var", "wbr", "video", "audio", "track",
  ]

  /// Elements dropped with everything inside them.
  static let droppedWithContent: Set<String> = [
    "script", "style", "template", "iframe", "frame", "frameset", "object", "embed", "applet", "noscript", "noembed",
    "noframes", "xmp", "textarea", "title", "plaintext", "svg", "math", "select", "form", "button", "head", "meta",
    "link", "base",
  ]

  /// Attributes kept on any element kept.
  static let attributes: Set<String> = [
    "abbr", "align", "alt", "aria-describedby", "aria-hidden", "aria-label", "aria-labelledby", "axis", "border",
    "cellpadding", "cellspacing", "char", "charoff", "class", "clear", "colspan", "color", "compact", "datetime",
    "dir", "headers", "height", "hreflang", "hspace", "id", "lang", "loading", "name", "nowrap", "open", "rel",
    "rev", "role", "rowspan", "rules", "scope", "span", "start", "summary", "tabindex", "target", "title", "type",
    "valign", "value", "vspace", "width", "itemprop", "reversed", "controls", "loop", "muted", "playsinline",
    "preload", "kind", "label", "srclang", "media", "sizes", "decoding",
  ]

  /// Attributes that hold a URL, by element: kept when the URL cannot run script.
  static let urlAttributes: [String: Set<String>] = [
    "a": ["href"], "img": ["src", "longdesc", "srcset"], "source": ["src", "srcset"], "video": ["src", "poster"],
    "audio": ["src"], "track": ["src"], "blockquote": ["cite"], "q": ["cite"], "del": ["cite"], "ins": ["cite"],
  ]

  /// `html` (one raw HTML block or inline of a page) as it is published.
  static func sanitize(_ html: String) -> String { sanitizeReporting(html).html }

  /// ``sanitize(_:)``, and what was left out that could run or show something: each
  /// element and attribute by name, once, and each URL that runs script or embeds data
  /// with its attribute.
  static func sanitizeReporting(_ html: String) -> (
    html: String, leftOut: [String], scriptURLs: [(attribute: String, url: String, offset: Int)]
  ) {
    var tokenizer = HTMLTokenizer(html)
    var out = ""
    var leftOut: [String] = []
    var said = Set<String>()
    var scriptURLs: [(attribute: String, url: String, offset: Int)] = []
    func drop(_ what: String) { if said.insert(what).inserted { leftOut.append(what) } }
    // Inside an element dropped with its content: its name and how deep.
    var dropping: (name: String, depth: Int)?
    for token in tokenizer.tokens() {
      if let current = dropping {
        switch token {
        case .startTag(let name, _, let selfClosing) where name == current.name && !selfClosing:
          dropping?.depth += 1
        case .endTag(let name) where name == current.name:
          dropping = current.depth > 1 ? (current.name, current.depth - 1) : nil
        default: break
        }
        continue
      }
      switch token {
      case .text(let text):
        out += escapingAngles(text)
      case .markup:
        break
      case .startTag(let name, let written, let selfClosing):
        if droppedWithContent.contains(name) {
          drop("<\(name)>")
          if !selfClosing || HTMLTokenizer.rawTextElements.contains(name) { dropping = (name, 1) }
          continue
        }
        guard elements.contains(name) else {
          drop("<\(name)>")
          continue
        }
        out += "<" + name
        for attribute in written {
          guard let value = kept(attribute, on: name) else {
            if urlAttributes[name]?.contains(attribute.name) == true, let url = attribute.value {
              scriptURLs.append((attribute.name, url, attribute.offset))
            } else {
              drop(attribute.name)
            }
            continue
          }
          out += " " + attribute.name + "=\"" + escapeHTML(value) + "\""
        }
        out += ">"
      case .endTag(let name):
        guard elements.contains(name) else { continue }
        out += "</" + name + ">"
      }
    }
    return (out, leftOut, scriptURLs)
  }

  /// The value `attribute` keeps on element `element`, or nil when it goes.
  private static func kept(_ attribute: HTMLTokenizer.Attribute, on element: String) -> String? {
    guard let value = attribute.value else { return nil }
    let name = attribute.name
    if urlAttributes[element]?.contains(name) == true {
      if name == "srcset" {
        // Each candidate's URL, before its width or density.
        let candidates = value.split(separator: ",").map {
          $0.trimmingCharacters(in: .whitespacesAndNewlines).split(whereSeparator: \.isWhitespace).first.map(
            String.init)
            ?? ""
        }
        return candidates.allSatisfy(URLSafety.isSafe) ? value : nil
      }
      return URLSafety.isSafe(value) ? value : nil
    }
    guard attributes.contains(name) else { return nil }
    switch name {
    // A page's ids and names are link targets: letters, digits and `-_:.` only.
    case "id", "name":
      return value.unicodeScalars.allSatisfy {
        $0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_:.".unicodeScalars.contains($0)
      } && !value.isEmpty ? value : nil
    case "target": return value == "_blank" || value == "_self" ? value : nil
    default: return value
    }
  }

  /// Text with `<` and `>` written as references: a `<` the tokenizer read as text stays
  /// text.
  private static func escapingAngles(_ text: String) -> String {
    // By bytes: Foundation's search, called for every text between tags, cost more than
    // the rest of the sanitiser.
    text.replacingASCII([UInt8(ascii: "<"): "&lt;", UInt8(ascii: ">"): "&gt;"])
  }
}

extension RawHTMLSanitizer {
  /// Every raw HTML block and inline of the tree rooted at `root`, sanitised in place;
  /// what each block lost is a warning at its line (at most one a block, 100 a page),
  /// and each URL that runs script or embeds data a warning at its attribute.
  static func apply(to root: CMarkNode, body: PageBody) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    var lost: [(line: Int, what: [String])] = []
    // Where the last raw HTML was found in the source: the next is looked for after it.
    var searchFrom = 0
    root.forEachWithBlock { node, block in
      guard node.kind == .htmlBlock || node.kind == .htmlInline else { return }
      let literal = node.literal ?? ""
      let (clean, leftOut, scriptURLs) = sanitizeReporting(literal)
      if clean != literal { node.setLiteral(clean) }
      let line = max(1, (node.kind == .htmlBlock ? node : block).startLine)
      // (At most 100 are said: past them, none is looked for.)
      if !scriptURLs.isEmpty, diagnostics.count < 100 {
        // The raw HTML as written, from its block's line on: each URL placed at its
        // attribute (a URL not found there, at the block's line).
        let source = body.source
        let lineStart = source.lineStarts[min(line, source.lineCount) - 1]
        let found = source.bytes.withUnsafeBufferPointer { bytes in
          Array(literal.utf8).withUnsafeBufferPointer {
            firstOffset(of: $0, in: bytes, within: max(lineStart, searchFrom)..<bytes.count)
          }
        }
        if let found { searchFrom = found + literal.utf8.count }
        for (attribute, url, offset) in scriptURLs.prefix(max(0, 100 - diagnostics.count)) {
          let shown = url.count > 80 ? String(url.prefix(79)) + "…" : url
          let place = found.map { source.position(ofByte: $0 + offset) } ?? (line: line, column: 1)
          diagnostics.append(
            source.diagnostic(
              .warning,
              "`\(shown)` in \(attribute) runs script or embeds data: left out (raw HTML keeps only links such as https:, mailto: or a path)",
              line: place.line, column: place.column))
        }
      }
      guard !leftOut.isEmpty else { return }
      if let last = lost.indices.last, lost[last].line == line {
        // A line's list is shown up to eight names: more are not kept.
        for what in leftOut where lost[last].what.count < 9 && !lost[last].what.contains(what) {
          lost[last].what.append(what)
        }
      } else {
        lost.append((line, leftOut))
      }
    }
    for (line, what) in lost.prefix(100) {
      let names = what.prefix(8).map { "`\($0)`" }.joined(separator: ", ") + (what.count > 8 ? "…" : "")
      diagnostics.append(
        body.source.diagnostic(
          .warning,
          "raw HTML: \(names) left out (raw HTML is published sanitised; `rawHTML: trusted` publishes it as written)",
          line: line, column: 1))
    }
    return diagnostics
  }
}
