import ContainerViews
import CvsiteCore
import CvsiteMarkdown
import Foundation

/// The URLs a page body holds in `href`, `src` and `action` attributes, in order: what
/// the link check and the link rewriter read, found in one scan.
struct LinkAttributes: Sendable, Equatable {
  var hrefs: [String]
  var sources: [String]
  var actions: [String]
  /// Where the URLs the parse placed (Markdown links and images) are written in the
  /// page's source, the others not listed: a page keeps its links' places until they are
  /// checked, and most of its links have none.
  var places = LinkPlaces()

  init(of html: String) {
    let found = AttributeValues.of(["href", "src", "action"], in: html)
    (hrefs, sources, actions) = (found[0], found[1], found[2])
  }

  /// No URLs.
  init() { (hrefs, sources, actions) = ([], [], []) }

  /// Where the URL at `index` of the list of `attribute` (`href`, `src`, `action`) is
  /// written, when known.
  func place(of attribute: String, at index: Int) -> SourcePlace? {
    switch attribute {
    case "href": places.place(of: index, image: false)
    case "src": places.place(of: index, image: true)
    default: nil
    }
  }

  /// These places given to `other`, the same body's URLs read again after its links
  /// were rewritten (the same attributes, in the same order, some values changed).
  func placesGiven(to other: LinkAttributes) -> LinkAttributes {
    var other = other
    if other.hrefs.count == hrefs.count, other.sources.count == sources.count { other.places = places }
    return other
  }

  /// The URLs of `html` and its ids (``LinkChecker/ids(in:)``), in one scan.
  static func withIDs(of html: String) -> (LinkAttributes, PageIDs) {
    let found = AttributeValues.of(["href", "src", "action", "id"], in: html)
    var links = LinkAttributes()
    (links.hrefs, links.sources, links.actions) = (found[0], found[1], found[2])
    return (links, PageIDs(found[3].map(PageIDs.decodingAmpersands)))
  }

  /// What ``withIDs(of:)-(String)`` finds in a body, from the facts taken while it was
  /// written, its site-absolute URLs prefixed with `basePath` as
  /// ``prefixingSiteLinks(_:basePath:)`` prefixes them in the body.
  static func withIDs(of facts: BodyFacts, basePath: String) -> (LinkAttributes, PageIDs) {
    var links = LinkAttributes()
    (links.hrefs, links.sources, links.actions) = (facts.hrefs, facts.sources, facts.actions)
    links.places = LinkPlaces(hrefs: facts.hrefPlaces, sources: facts.sourcePlaces)
    if let prefix = siteLinkPrefix(basePath: basePath) {
      func prefixed(_ url: String) -> String { isSiteAbsolute(url) ? prefix + url : url }
      (links.hrefs, links.sources, links.actions) = (
        links.hrefs.map(prefixed), links.sources.map(prefixed), links.actions.map(prefixed)
      )
    }
    return (links, PageIDs(facts.ids.map(PageIDs.decodingAmpersands)))
  }
}

extension PageIDs {
  /// The ids of the elements of `html`.
  static func ids(in html: String) -> PageIDs {
    PageIDs(AttributeValues.of("id", in: html).map(decodingAmpersands))
  }

  /// `&amp;` as `&`; text without an ampersand is returned as it is.
  static func decodingAmpersands(_ text: String) -> String {
    text.containsUTF8Byte(0x26) ? text.replacingOccurrences(of: "&amp;", with: "&") : text
  }
}
