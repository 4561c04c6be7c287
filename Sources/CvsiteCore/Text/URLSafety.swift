/// Whether a URL written by an author may go into an `href`, `src` or `action`: decided
/// the way a browser reads the string (the WHATWG URL parser), not the way it looks.
///
/// A browser strips leading and trailing C0 controls and spaces, and removes tabs and
/// newlines anywhere, before it reads the scheme: `"\u{1}javascript:…"` and
/// `"java\tscript:…"` are script links to it. So the scheme is read the same way, and only
/// the schemes of ``allowedSchemes`` (or none: a relative URL) pass. Every URL value,
/// base URL and link check goes through here.
public enum URLSafety {
  /// Schemes that open a page, a mail, a call or a download; never script or data.
  public static let allowedSchemes: Set<String> = [
    "http", "https", "mailto", "tel", "sms", "ftp", "ftps", "sftp", "ssh", "git", "irc", "ircs", "xmpp", "news",
    "nntp", "magnet", "geo", "webcal",
  ]

  /// The scheme a browser reads from `text`, lowercased; `nil` for a relative URL
  /// (`/docs/`, `../a.html`, `#top`, `//host/path`).
  public static func scheme(of text: String) -> String? {
    var text = text
    return text.withUTF8 { scheme(ofBytes: $0) }
  }

  /// ``scheme(of:)`` on UTF-8 bytes. Most URLs hold no byte a browser would strip and
  /// are read in place; the others are copied without those bytes first.
  private static func scheme(ofBytes bytes: UnsafeBufferPointer<UInt8>) -> String? {
    guard let first = bytes.first else { return nil }
    if first > 0x20, !bytes.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
      return scheme(ofClean: bytes)
    }
    var cleaned = Array(bytes)
    while let first = cleaned.first, first <= 0x20 { cleaned.removeFirst() }
    while let last = cleaned.last, last <= 0x20 { cleaned.removeLast() }
    cleaned.removeAll { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    return cleaned.withUnsafeBufferPointer { scheme(ofClean: $0) }
  }

  /// The scheme of bytes with nothing left to strip: an ASCII letter, then letters,
  /// digits, `+`, `-` or `.` up to a `:`.
  private static func scheme(ofClean bytes: UnsafeBufferPointer<UInt8>) -> String? {
    guard let first = bytes.first, isASCIILetter(first) else { return nil }
    for (length, byte) in bytes.enumerated() {
      if byte == 0x3A { return String(decoding: bytes.prefix(length), as: UTF8.self).lowercased() }
      guard isASCIIAlphanumeric(byte) || byte == 0x2B || byte == 0x2D || byte == 0x2E else { return nil }
    }
    return nil
  }

  /// The schemes whose URLs run script or embed a document in the page: never a link a
  /// page may publish from Markdown.
  public static let scriptSchemes: Set<String> = ["javascript", "vbscript", "data", "file"]

  /// Whether `text`'s scheme is one of ``scriptSchemes``.
  public static func runsScript(_ text: String) -> Bool { scheme(of: text).map(scriptSchemes.contains) ?? false }

  /// Whether `text` is safe as a link: no control characters at all (a URL value never
  /// needs one) and a relative URL or one of the ``allowedSchemes``.
  public static func isSafe(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      // Control characters are ASCII: a byte test finds them in any UTF-8 text.
      guard !bytes.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return false }
      guard let scheme = scheme(ofBytes: bytes) else { return true }
      return allowedSchemes.contains(scheme)
    }
  }

  /// Why `text` cannot be a site's base URL, or `nil` when it can: an absolute `http` or
  /// `https` URL with a host, or a path from the root (`/docs/`), with no spaces, quotes,
  /// angle brackets, query or fragment. It is written into every page's links.
  public static func baseURLProblem(_ text: String) -> String? {
    if text.isEmpty { return "the base URL is empty" }
    let forbidden: Set<Unicode.Scalar> = ["\"", "'", "<", ">", "`", "\\", "{", "}", "|", "^", "?", "#", " "]
    if let bad = text.unicodeScalars.first(where: { $0.value < 0x20 || $0.value == 0x7F || forbidden.contains($0) }) {
      let shown = bad.value < 0x20 || bad.value == 0x7F ? "a control character" : "`\(bad)`"
      return "the base URL must not contain \(shown)"
    }
    if text.hasPrefix("/") {
      if text.hasPrefix("//") { return "the base URL must name its scheme (`https://host/`), not start with `//`" }
      return dotSegmentProblem(text)
    }
    guard let scheme = scheme(of: text), scheme == "http" || scheme == "https" else {
      return "the base URL must be an http:// or https:// address or a path starting with `/`"
    }
    let afterScheme = text.dropFirst(scheme.count + 1)
    let authority = afterScheme.dropFirst(2).prefix(while: { $0 != "/" })
    guard afterScheme.hasPrefix("//"), !authority.isEmpty else {
      return "the base URL must name a host (`\(scheme)://example.com/`)"
    }
    if authority.contains("@") {
      return "the base URL must not hold a user name or password (`@`): `\(scheme)://example.com/`"
    }
    let host = authority.hasPrefix("[") ? authority.prefix { $0 != "]" } + "]" : authority.prefix { $0 != ":" }
    if host.isEmpty || host.hasPrefix(".") || host.hasSuffix("..") || host.contains("..") {
      return "the base URL must name a host (`\(scheme)://example.com/`)"
    }
    if let port = authority.dropFirst(host.count).first == ":" ? authority.dropFirst(host.count + 1) : nil,
      port.isEmpty || !port.allSatisfy(\.isASCII) || !port.allSatisfy(\.isNumber) || (Int(port) ?? 70_000) > 65_535
    {
      return "the base URL's port must be a number up to 65535"
    }
    return dotSegmentProblem(String(afterScheme.dropFirst(2 + authority.count)))
  }

  /// A base URL's path is where the site lives: `.` and `..` segments there would put
  /// it somewhere else than it says.
  private static func dotSegmentProblem(_ path: String) -> String? {
    let segments = path.split(separator: "/", omittingEmptySubsequences: false)
    guard segments.contains(where: { $0 == "." || $0 == ".." }) else { return nil }
    return "the base URL's path must not hold `.` or `..` segments (`/docs/`, not `/x/../docs/`)"
  }
}
