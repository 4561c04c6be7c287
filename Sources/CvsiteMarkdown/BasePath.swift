/// The path part of a site's base URL, starting and ending with `/`:
/// `https://example.org/docs` → `/docs/`, `https://example.org` → `/`, `docs` → `/docs/`.
/// Pages, assets and navigation links are prefixed with it.
public func basePath(ofBaseURL baseURL: String) -> String {
  var path = Substring(baseURL)
  // `://` found on the bytes: Foundation's `range(of:)` costs more than the rest of a
  // page's context, and every page asks.
  let bytes = Array(baseURL.utf8)
  if let offset = bytes.indices.dropLast(2).first(where: {
    bytes[$0] == UInt8(ascii: ":") && bytes[$0 + 1] == UInt8(ascii: "/") && bytes[$0 + 2] == UInt8(ascii: "/")
  }) {
    let rest = baseURL.utf8.index(baseURL.startIndex, offsetBy: offset + 3)
    let remainder = baseURL[rest...]
    path = remainder.firstIndex(of: "/").map { remainder[$0...] } ?? "/"
  }
  var result = String(path)
  if !result.hasPrefix("/") { result = "/" + result }
  if !result.hasSuffix("/") { result += "/" }
  return result
}
