/// What a DocC catalog's pages name: the pages `<doc:Name>` links lead to, and the
/// images written by name (`![](bitwiseNOT)`), found anywhere in the catalog.
public protocol DocCCatalogIndex: Sendable {
  /// The page named `name` (its file's name without extension): its site URL and title.
  func page(named name: String) -> DocCPage?
  /// Every page's name, for a did-you-mean.
  var pageNames: [String] { get }
  /// The HTML of the image named `name` (without extension, or with), showing `alt`;
  /// nil when the catalog has no such image.
  func image(named name: String, alt: String) -> String?
  /// Every image's name, for a did-you-mean.
  var imageNames: [String] { get }
  /// The URL of the catalog's file named `name` (`clip.mp4`), wherever it sits; nil
  /// when it has none.
  func file(named name: String) -> String?
  /// The path from the site's folder of the catalog's file named `name`
  /// (`Shop.docc/Resources/shop-01.swift`), wherever it sits; nil when it has none.
  func sitePath(ofFile name: String) -> String?
  /// Where the symbol link `link` (as written between double backticks) in the page at
  /// `sitePath` leads: resolved from the scope of that page's symbol, when it is one.
  func symbol(_ link: String, from sitePath: String) -> DocCSymbolLink
  /// Whether the site has symbols that links can name.
  var hasSymbols: Bool { get }
  /// How every page's `## Topics` shows (`@Options(scope: global) {
  /// @TopicsVisualStyle(…) }`): `list`, `compactGrid`, `detailedGrid` or `hidden`; nil
  /// for DocC's default, a list.
  var topicsVisualStyle: String? { get }
}

extension DocCCatalogIndex {
  public var topicsVisualStyle: String? { nil }
  /// No symbols: a catalog without symbol graphs shows symbol links as code.
  public func symbol(_ link: String, from sitePath: String) -> DocCSymbolLink { .noSymbols }
  public var hasSymbols: Bool { false }
}

/// Where a symbol link (``` ``Type/member`` ```) leads.
public enum DocCSymbolLink: Sendable, Equatable {
  /// The symbol's page: its URL from the site's root and its name.
  case page(url: String, title: String)
  /// Several symbols answer to it: the disambiguated links that tell them apart.
  case ambiguous([String])
  /// No symbol has that path: the nearest path, if one is near.
  case missing(suggestion: String?)
  /// The site has no symbol graphs.
  case noSymbols
}

/// A page of a DocC catalog, as a link to it shows it.
public struct DocCPage: Sendable, Equatable {
  /// Its URL from the site's root (`/documentation/book/thebasics/`).
  public var url: String
  public var title: String
  /// Its abstract (its first paragraph), shown under a link to it in a list of topics.
  public var abstract: String?
  /// The name of the image a card linking to it shows (`@PageImage(purpose: card)`, else
  /// its icon).
  public var cardImage: String?
  /// Its card image's text (the page's title when it has none).
  public var cardImageAlt: String?

  public init(
    url: String, title: String, abstract: String? = nil, cardImage: String? = nil, cardImageAlt: String? = nil
  ) {
    self.url = url
    self.title = title
    self.abstract = abstract
    self.cardImage = cardImage
    self.cardImageAlt = cardImageAlt
  }
}

/// The arguments of a DocC directive written in `text` (`@Name(a, label: "b")`, from
/// its first `(` to its `)`), unquoted, in order: how a catalog's settings read its
/// pages' `@Metadata` the way the pages' own reading does.
public func docCArguments(_ text: Substring) -> [(label: String?, value: String)] {
  DocCDirectiveLines.arguments(ArraySlice(text.utf8))
}

/// The name and heading of `<doc:Name>`, `<doc:Name#Heading-Text>` and
/// `doc://Bundle/documentation/Module/Name`: the last part of the path, and the fragment.
public func docLinkTarget(_ url: String) -> (name: String, fragment: String?)? {
  guard url.hasPrefix("doc:") else { return nil }
  var rest = Substring(url.dropFirst(4))
  var fragment: String?
  if let hash = rest.firstIndex(of: "#") {
    fragment = String(rest[rest.index(after: hash)...])
    rest = rest[..<hash]
  }
  let name = rest.split(separator: "/").last.map(String.init) ?? ""
  guard !name.isEmpty else { return nil }
  return (name, fragment?.isEmpty == true ? nil : fragment)
}
