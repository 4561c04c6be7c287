import CvsiteMarkdown
import Foundation

/// What a page layout receives.
public struct PageLayoutContext: Sendable {
  public var site: SiteConfig
  public var page: SitePage
  /// The body, with the section listing in place when the page has one.
  public var bodyHTML: String
  public var navigation: [NavigationItem]
  /// Headings for the table of contents; those inside a tab panel carry its label.
  public var tableOfContents: [TOCEntry]
  /// The layout to use: the page's `layout`, else `section` for a section page, else `page`.
  public var layoutName: String
}

/// One entry of the site navigation tree.
public struct NavigationItem: Sendable, Hashable {
  public var title: String
  public var url: String
  public var isCurrent: Bool
  /// The current page is this item or inside it.
  public var isAncestor: Bool
  public var children: [NavigationItem]
}

/// One table-of-contents entry.
public struct TOCEntry: Sendable, Hashable {
  public var level: Int
  public var id: String
  public var text: String
  /// The label of the tab panel the heading sits in, if any.
  public var tab: String?
}
