import ContainerViews
import CvsiteCore

/// Site-absolute links written in content (`[guide](/docs/)`, `{href=/docs/}`) are
/// relative to the site's root, so a site served under a path (`baseURL:
/// https://example.org/manual/`) gets them prefixed: `/docs/` → `/manual/docs/`.
/// Protocol-relative (`//host/`) and other links are left alone; with the base path
/// `/` nothing changes.
func prefixingSiteLinks(_ html: String, basePath: String) -> String {
  guard let prefix = siteLinkPrefix(basePath: basePath).map({ Array($0.utf8) }), html.contains("=\"/") else {
    return html
  }
  var result: [UInt8] = []
  var bytes = Array(html.utf8)
  result.reserveCapacity(bytes.count + 256)
  let attributes: [[UInt8]] = [Array(" href=\"/".utf8), Array(" src=\"/".utf8), Array(" action=\"/".utf8)]
  var index = 0
  bytes.append(0)  // a sentinel, so looking one byte ahead never leaves the array
  let end = bytes.count - 1
  outer: while index < end {
    if bytes[index] == 0x20 {
      for attribute in attributes where matches(bytes, at: index, attribute) {
        let slash = index + attribute.count - 1
        result.append(contentsOf: bytes[index..<slash])
        if bytes[slash + 1] != 0x2F { result.append(contentsOf: prefix) }  // not `//host` (``isSiteAbsolute(_:)``)
        index = slash
        continue outer
      }
    }
    result.append(bytes[index])
    index += 1
  }
  return String(decoding: result, as: UTF8.self)
}

/// What ``prefixingSiteLinks(_:basePath:)`` puts before a site-absolute URL: `/manual`
/// for the base path `/manual/`, escaped like every other attribute value (the base URL
/// is checked when it is read, so this changes nothing for a valid one); nil for `/`.
func siteLinkPrefix(basePath: String) -> String? {
  basePath == "/" ? nil : escapeHTML(String(basePath.dropLast()))
}

/// Whether a URL (as an attribute holds it) is relative to the site's root: `/docs/`,
/// not `//host/`.
func isSiteAbsolute(_ url: String) -> Bool {
  url.hasPrefix("/") && !url.hasPrefix("//")
}

private func matches(_ bytes: [UInt8], at index: Int, _ pattern: [UInt8]) -> Bool {
  guard index + pattern.count <= bytes.count else { return false }
  for offset in 0..<pattern.count where bytes[index + offset] != pattern[offset] { return false }
  return true
}
