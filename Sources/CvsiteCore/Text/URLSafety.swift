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
    // Most URLs hold no byte a browser would strip: read them in place.
    if let first = text.utf8.first, first > 0x20, !text.utf8.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D })
    {
      return scheme(ofClean: text.utf8)
    }
    var bytes = Array(text.utf8)
    while let first = bytes.first, first <= 0x20 { bytes.removeFirst() }
    while let last = bytes.last, last <= 0x20 { bytes.removeLast() }
    bytes.removeAll { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    return scheme(ofClean: bytes)
  }

  /// The scheme of bytes with nothing left to strip: an ASCII letter, then letters,
  /// digits, `+`, `-` or `.` up to a `:`.
  private static func scheme(ofClean bytes: some Collection<UInt8>) -> String? {
    guard let first = bytes.first, isASCIILetter(first) else { return nil }
    var length = 0
    for byte in bytes {
      if byte == 0x3A { return String(decoding: bytes.prefix(length), as: UTF8.self).lowercased() }
      guard isASCIIAlphanumeric(byte) || byte == 0x2B || byte == 0x2D || byte == 0x2E else { return nil }
      length += 1
    }
    return nil
  }

  /// Whether `text` is safe as a link: no control characters at all (a URL value never
  /// needs one) and a relative URL or one of the ``allowedSchemes``.
  public static func isSafe(_ text: String) -> Bool {
    guard !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return false }
    guard let scheme = scheme(of: text) else { return true }
    return allowedSchemes.contains(scheme)
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
      return text.hasPrefix("//") ? "the base URL must name its scheme (`https://host/`), not start with `//`" : nil
    }
    guard let scheme = scheme(of: text), scheme == "http" || scheme == "https" else {
      return "the base URL must be an http:// or https:// address or a path starting with `/`"
    }
    let afterScheme = text.dropFirst(scheme.count + 1)
    guard afterScheme.hasPrefix("//"), !afterScheme.dropFirst(2).prefix(while: { $0 != "/" }).isEmpty else {
      return "the base URL must name a host (`\(scheme)://example.com/`)"
    }
    return nil
  }
}
