import ContainerViews
import CvsiteCore

/// An icon's SVG (a file of an icon set, inlined where `:material-check:` is written)
/// made safe to publish, as ``RawHTMLSanitizer`` makes raw HTML: read as a browser reads
/// it (``HTMLTokenizer``: `<svg/onload=…>` is an `onload` attribute, `&#106;avascript:`
/// is decoded), then written again from an allow-list of drawing elements and
/// attributes. An icon that holds what could run or load something is refused whole.
public enum SVGSanitizer {
  /// The elements of drawings kept, lowercased.
  static let elements: Set<String> = [
    "svg", "g", "path", "circle", "ellipse", "line", "polyline", "polygon", "rect", "title", "desc", "defs",
    "lineargradient", "radialgradient", "stop", "clippath", "mask", "symbol", "use", "text", "tspan",
  ]

  /// Names SVG writes in mixed case, by their lowercased form (the tokenizer lowers
  /// every name): written back as the file had them.
  static let mixedCase: [String: String] = [
    "viewbox": "viewBox", "preserveaspectratio": "preserveAspectRatio", "gradientunits": "gradientUnits",
    "gradienttransform": "gradientTransform", "spreadmethod": "spreadMethod", "lineargradient": "linearGradient",
    "radialgradient": "radialGradient", "clippath": "clipPath", "clippathunits": "clipPathUnits",
    "maskunits": "maskUnits", "maskcontentunits": "maskContentUnits",
  ]

  /// Elements whose presence refuses the icon: they run script, load documents or
  /// resources, or animate attributes into URLs.
  static let refusedElements: Set<String> = [
    "script", "foreignobject", "iframe", "object", "embed", "style", "image", "a", "animate", "set",
    "animatemotion", "animatetransform", "handler", "listener", "feimage", "link", "meta", "base",
  ]

  /// Attributes kept.
  static let attributes: Set<String> = [
    "xmlns", "xmlns:xlink", "version", "viewbox", "width", "height", "preserveaspectratio", "class", "id", "role",
    "aria-hidden", "aria-label", "focusable", "fill", "fill-rule", "fill-opacity", "stroke", "stroke-width",
    "stroke-linecap", "stroke-linejoin", "stroke-miterlimit", "stroke-dasharray", "stroke-dashoffset",
    "stroke-opacity", "opacity", "d", "cx", "cy", "r", "rx", "ry", "x", "y", "x1", "y1", "x2", "y2", "fx", "fy",
    "points", "transform", "clip-rule", "clip-path", "mask", "offset", "stop-color", "stop-opacity", "gradientunits",
    "gradienttransform", "spreadmethod", "font-size", "font-family", "font-weight", "text-anchor",
    "dominant-baseline", "display", "visibility", "href", "xlink:href", "color", "clippathunits", "maskunits",
    "maskcontentunits",
  ]

  /// `text` (an SVG file: a prologue, comments, then its `<svg>` element) as its `<svg>`
  /// element written again from the allow-list; nil when it has none, or holds a
  /// refused element, an event attribute, a reference that is not to its own parts
  /// (`href="#a"`, `url(#a)`), or a value that could not be decoded.
  public static func sanitized(_ text: String) -> String? {
    var tokenizer = HTMLTokenizer(text)
    var out = ""
    var open: [String] = []
    var sawRoot = false
    // Inside an element dropped with its content: how deep.
    var skipping = 0
    for token in tokenizer.tokens() {
      switch token {
      case .text(let text):
        guard sawRoot, skipping == 0 else {
          if !sawRoot, !text.allSatisfy(\.isWhitespace) { return nil }
          continue
        }
        out += text.replacingASCII([UInt8(ascii: "<"): "&lt;", UInt8(ascii: ">"): "&gt;"])
      case .markup:
        continue
      case .startTag(let name, let written, let selfClosing):
        if refusedElements.contains(name) { return nil }
        if !sawRoot {
          guard name == "svg" else { return nil }
          sawRoot = true
        }
        guard skipping == 0, elements.contains(name) else {
          if !selfClosing { skipping += 1 }
          continue
        }
        out += "<" + (mixedCase[name] ?? name)
        for attribute in written {
          guard let value = attribute.value else { return nil }
          switch verdict(attribute.name, value) {
          case .refuse: return nil
          case .drop: continue
          case .keep: out += " " + (mixedCase[attribute.name] ?? attribute.name) + "=\"" + escapeHTML(value) + "\""
          }
        }
        if selfClosing {
          out += "/>"
        } else {
          out += ">"
          open.append(name)
        }
      case .endTag(let name):
        if skipping > 0 {
          skipping -= 1
          continue
        }
        guard let index = open.lastIndex(of: name) else { continue }
        for closed in open[index...].reversed() { out += "</" + (mixedCase[closed] ?? closed) + ">" }
        open.removeSubrange(index...)
        if open.isEmpty, sawRoot { return out }
      }
    }
    guard sawRoot else { return nil }
    for closed in open.reversed() { out += "</" + (mixedCase[closed] ?? closed) + ">" }
    return out
  }

  private enum Verdict { case keep, drop, refuse }

  private static func verdict(_ name: String, _ value: String) -> Verdict {
    if name.hasPrefix("on") { return .refuse }
    let lowered = value.lowercased().filter { !$0.isWhitespace }
    if name == "href" || name == "xlink:href" { return lowered.hasPrefix("#") ? .keep : .refuse }
    if lowered.contains("url(") {
      // Only references to the drawing's own parts: `url(#gradient)`.
      let references = lowered.components(separatedBy: "url(").dropFirst()
      guard references.allSatisfy({ $0.hasPrefix("#") || $0.hasPrefix("'#") || $0.hasPrefix("\"#") }) else {
        return .refuse
      }
    }
    if lowered.contains("javascript:") || lowered.contains("expression(") { return .refuse }
    return attributes.contains(name) ? .keep : .drop
  }
}
