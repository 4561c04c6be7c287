import CvsiteCore
import CvsiteTestSupport
import Foundation
import Testing

@testable import CvsiteSite

/// Filter-evasion payloads (after OWASP's XSS cheat sheet) and control characters in
/// every place an author's text reaches HTML: the built pages must hold no markup,
/// event handler or script URL the author did not get from the theme.
@Suite("Injection payloads")
struct PayloadTests {
  static let payloads = [
    "<script>alert(1)</script>", "\"><img src=x onerror=alert(1)>", "'><svg/onload=alert(1)>",
    "<iframe src=javascript:alert(1)>", "</title><script>alert(1)</script>", "</textarea><script>alert(1)</script>",
    "<a href=\"javascript:alert(1)\">x</a>", "{{7*7}} {{{html}}} {{> partial}}", "<!-- x", "]]> <![CDATA[",
    "&#106;avascript:alert(1)", "jav&#x09;ascript:alert(1)", "\"onmouseover=\"alert(1)", "`onfocus=alert(1) autofocus`",
    "x\u{1}y\u{1F}z", "<style>*{x:expression(alert(1))}</style>",
    "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  ]

  static let urlPayloads = [
    "javascript:alert(1)", "JaVaScRiPt:alert(1)", "\u{1}javascript:alert(1)", " javascript:alert(1)",
    "java\tscript:alert(1)", "java\nscript:alert(1)", "data:text/html;base64,PHNjcmlwdD4=", "vbscript:msgbox(1)",
    "\"><script>alert(1)</script>", "/x\" onmouseover=\"alert(1)", "&#106;avascript:alert(1)",
  ]

  /// YAML double-quoted text for `value`.
  static func yaml(_ value: String) -> String {
    var text = "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      case "\t": text += "\\t"
      case "\n": text += "\\n"
      case _ where scalar.value < 0x20: text += String(format: "\\x%02X", scalar.value)
      default: text.unicodeScalars.append(scalar)
      }
    }
    return text + "\""
  }

  /// An attribute value as cvsite's attribute syntax quotes it.
  static func attribute(_ value: String) -> String {
    "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
  }

  /// A site with `payload` in every place text reaches a page. The page comes first in
  /// the navigation whatever its title, so its previous and next links match the
  /// baseline's.
  static func textSite(_ payload: String) -> (files: [String: String], config: String) {
    let quoted = yaml(payload)
    let attribute = attribute(payload)
    let inline = payload.replacingOccurrences(of: "\n", with: " ")
    let page = """
      ---
      title: \(quoted)
      description: \(quoted)
      icon: \(quoted)
      weight: -1
      ---
      # \(inline)

      Text: \(inline) and `\(inline)`.

      :::cards
      ## \(inline) {icon=\(attribute) href=/a/}
      Body \(inline).
      :::

      :::tabs[\(inline.replacingOccurrences(of: "]", with: "").replacingOccurrences(of: "[", with: ""))]
      ## One {label=\(attribute) value=one}
      First.
      ## Two
      Second.
      :::

      :::form{action=/thanks/}
      ## \(inline)
      ::field{name=\(attribute) label=\(attribute) help=\(attribute) placeholder=\(attribute) value=\(attribute) options=\(attribute) pattern=\(attribute)}
      :::
      """
    let config = "title: \(quoted)\ndescription: \(quoted)\nauthor: \(quoted)\nbaseURL: https://example.com/\n"
    return (
      ["content/_index.md": "# Home\n\n[A](/a/)\n", "content/a.md": page, "content/thanks.md": "# Thanks\n"], config
    )
  }

  /// A site with `payload` in every place a URL reaches a page.
  static func urlSite(_ payload: String) -> [String: String] {
    let inline = payload.replacingOccurrences(of: "\n", with: "%0A")
    return [
      "content/_index.md": "# Home\n",
      "content/a.md": """
      ---
      title: A
      href: \(yaml(payload))
      ---
      [link](\(inline)) ![image](\(inline)) <\(inline)> [bracketed](<\(inline)>) ![bracketed](<\(inline)>)

      :::cards
      ## Card {href=\(attribute(payload))}
      :::

      :::form{action=\(attribute(payload))}
      ## Step
      ::field{name=n}
      :::
      """,
    ]
  }

  @Test("text payloads render as text everywhere", arguments: payloads)
  func textPayload(_ payload: String) throws {
    let (files, config) = Self.textSite(payload)
    let site = try TemporarySite(site: files, config: config)
    let outcome = site.build()
    #expect(outcome.result.succeeded, "\(outcome.result.diagnostics.summaries)")
    let clean = try TemporarySite(site: Self.textSite("plain").files, config: Self.textSite("plain").config)
    #expect(clean.build().result.succeeded)
    for path in ["a/index.html", "index.html", "sitemap.xml", "404.html"] {
      let html = try #require(site.read(path), "\(path)")
      let baseline = try #require(clean.read(path), "\(path)")
      try HTMLScan.expectSafe(html, against: baseline, payload: payload, path: path)
    }
  }

  @Test("URL payloads are refused or made harmless", arguments: urlPayloads)
  func urlPayload(_ payload: String) throws {
    let site = try TemporarySite(site: Self.urlSite(payload))
    let outcome = site.build()
    guard outcome.result.succeeded else {
      #expect(!site.exists("a/index.html"), "a failed build published pages")
      return
    }
    let clean = try TemporarySite(site: Self.urlSite("/plain/"))
    #expect(clean.build().result.succeeded)
    let html = try #require(site.read("a/index.html"))
    try HTMLScan.expectSafe(html, against: try #require(clean.read("a/index.html")), payload: payload, path: "a")
  }

  @Test(
    "the scanner sees what it must",
    arguments: [
      "<p><script>x</script></p>", "<img src=x onerror=alert(1)>", "<a href=\"&#106;avascript:x\">",
      "<a href=' java&#x09;script:x'>", "<form action=\"data:text/html,x\">", "<a href=vbscript:x>",
    ])
  func scannerCatchesPlantedMarkup(_ html: String) {
    #expect(!HTMLScan.problems(in: html, baseline: "<p></p>").isEmpty, "\(html)")
  }
}

/// A small scanner for what a browser would run: tags, event-handler attributes and
/// script URLs, with character references decoded as a browser decodes them.
enum HTMLScan {
  static func expectSafe(_ html: String, against baseline: String, payload: String, path: String) throws {
    let problems = problems(in: html, baseline: baseline)
    #expect(problems.isEmpty, "\(path) with \(payload.debugDescription): \(problems)")
  }

  /// What `html` runs that `baseline` (the same page with harmless text) does not.
  static func problems(in html: String, baseline: String) -> [String] {
    let found = scan(html)
    let expected = scan(baseline)
    var problems: [String] = []
    for (tag, count) in found.tags where count > expected.tags[tag, default: 0] {
      if ["script", "iframe", "object", "embed", "svg", "math", "style", "img", "base", "meta", "link", "form", "a"]
        .contains(tag)
      {
        problems.append("<\(tag)> appears \(count) times, \(expected.tags[tag, default: 0]) without the payload")
      }
    }
    problems += found.handlers.map { "event handler \($0)" }
    problems += found.scriptURLs.map { "script URL \($0.debugDescription)" }
    return problems
  }

  struct Findings {
    var tags: [String: Int] = [:]
    var handlers: [String] = []
    var scriptURLs: [String] = []
  }

  static func scan(_ html: String) -> Findings {
    var findings = Findings()
    let bytes = Array(html.utf8)
    var index = 0
    while index < bytes.count {
      guard bytes[index] == UInt8(ascii: "<"), index + 1 < bytes.count, isASCIILetter(bytes[index + 1]) else {
        index += 1
        continue
      }
      var cursor = index + 1
      var name: [UInt8] = []
      while cursor < bytes.count, isASCIIAlphanumeric(bytes[cursor]) {
        name.append(bytes[cursor] | 0x20)
        cursor += 1
      }
      findings.tags[String(decoding: name, as: UTF8.self), default: 0] += 1
      // Attributes until `>`.
      while cursor < bytes.count, bytes[cursor] != UInt8(ascii: ">") {
        while cursor < bytes.count,
          bytes[cursor] == 0x20 || bytes[cursor] == 0x0A || bytes[cursor] == 0x09
            || bytes[cursor] == UInt8(ascii: "/")
        {
          cursor += 1
        }
        var attribute: [UInt8] = []
        while cursor < bytes.count, ![0x20, 0x0A, 0x09, 0x3D, 0x3E, 0x2F].contains(bytes[cursor]) {
          attribute.append(bytes[cursor] | (isASCIILetter(bytes[cursor]) ? 0x20 : 0))
          cursor += 1
        }
        var value: [UInt8] = []
        if cursor < bytes.count, bytes[cursor] == 0x3D {
          cursor += 1
          if cursor < bytes.count, bytes[cursor] == 0x22 || bytes[cursor] == 0x27 {
            let quote = bytes[cursor]
            cursor += 1
            while cursor < bytes.count, bytes[cursor] != quote {
              value.append(bytes[cursor])
              cursor += 1
            }
            cursor += 1
          } else {
            while cursor < bytes.count, ![0x20, 0x0A, 0x09, 0x3E].contains(bytes[cursor]) {
              value.append(bytes[cursor])
              cursor += 1
            }
          }
        }
        let attributeName = String(decoding: attribute, as: UTF8.self)
        if attributeName.hasPrefix("on") { findings.handlers.append(attributeName) }
        if ["href", "src", "action", "formaction", "xlink:href"].contains(attributeName) {
          let url = decodeReferences(String(decoding: value, as: UTF8.self))
          if let scheme = URLSafety.scheme(of: url), ["javascript", "data", "vbscript"].contains(scheme) {
            findings.scriptURLs.append(url)
          }
        }
        if attribute.isEmpty && value.isEmpty { cursor += 1 }
      }
      index = cursor
    }
    return findings
  }

  /// Numeric and the common named character references, as a browser decodes them in
  /// an attribute value.
  static func decodeReferences(_ text: String) -> String {
    var result = ""
    var rest = Substring(text)
    let named = [
      "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "colon": ":", "tab": "\t", "newline": "\n",
    ]
    while let ampersand = rest.firstIndex(of: "&") {
      result += rest[..<ampersand]
      rest = rest[rest.index(after: ampersand)...]
      let body = rest.prefix { $0.isLetter || $0.isNumber || $0 == "#" }
      var decoded: String?
      if body.hasPrefix("#x") || body.hasPrefix("#X") {
        decoded = UInt32(body.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String($0) }
      } else if body.hasPrefix("#") {
        decoded = UInt32(body.dropFirst()).flatMap(Unicode.Scalar.init).map { String($0) }
      } else {
        decoded = named[body.lowercased()]
      }
      if let decoded {
        result += decoded
        rest = rest.dropFirst(body.count)
        if rest.first == ";" { rest = rest.dropFirst() }
      } else {
        result += "&"
      }
    }
    return result + rest
  }
}
