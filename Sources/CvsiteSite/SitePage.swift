import Foundation
import CvsiteMarkdown

/// A page of the site once its Markdown is parsed and its body rendered.
public struct SitePage: Sendable {
  /// `content/docs/install.md`.
  public let sitePath: String
  /// `docs/install.md`, relative to `content/`.
  public let contentPath: String
  public let isSectionIndex: Bool
  public var metadata: PageMetadata
  /// `/docs/install/`.
  public var url: String
  /// The rendered body (containers included), without the page layout.
  public var bodyHTML: String
  public var headings: [HeadingInfo]
  /// Plain-text summary: the description, or the start of the body text.
  public var summary: String
  /// The front-matter values the theme declares: read by the section's listing.
  public var values: DeclaredValues
  /// Heading id → the label of the tab (or other labelled child) it sits in.
  public var headingTabs: [String: String] = [:]
  /// The section folders the page belongs to: `["docs"]`; empty at the top.
  public var sectionPath: [String] {
    let folders = contentPath.split(separator: "/").dropLast().map(String.init)
    return folders
  }
  /// The section that lists this page: its folder for pages, the parent folder for a
  /// section's own page.
  public var parentSection: [String] {
    isSectionIndex ? Array(sectionPath.dropLast()) : sectionPath
  }

  /// Output file inside the output folder.
  public var outputPath: String { PageURL.outputPath(for: url) }
}

/// Strips tags and decodes the few entities cmark emits: a summary or title as text.
func plainText(fromHTML html: String, limit: Int = .max) -> String {
  var text = ""
  var inTag = false
  var lastWasSpace = true
  for character in html {
    if character == "<" { inTag = true; continue }
    if character == ">" { inTag = false; continue }
    if inTag { continue }
    if character.isWhitespace {
      if !lastWasSpace { text.append(" ") }
      lastWasSpace = true
    } else {
      text.append(character)
      lastWasSpace = false
    }
    if text.count >= limit { break }
  }
  return text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
    .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
    .replacingOccurrences(of: "&amp;", with: "&").trimmingCharacters(in: .whitespaces)
}

/// A summary of at most about 160 characters, cut at a word.
func summary(of bodyHTML: String) -> String {
  let text = plainText(fromHTML: bodyHTML, limit: 400)
  guard text.count > 160 else { return text }
  let cut = text.prefix(160)
  return (cut.lastIndex(of: " ").map { String(cut[..<$0]) } ?? String(cut)) + "…"
}
