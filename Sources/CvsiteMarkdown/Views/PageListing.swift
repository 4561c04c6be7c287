import ContainerViews
import CvsiteCore

/// One child page in a section listing, as one child of its container: its front-matter
/// values are the child's values, its title the child's title, its summary and link the
/// body.
public struct ListedPage: Sendable {
  /// The child's id in the listing (unique on the listing page).
  public var id: String
  /// The page title, as text.
  public var title: String
  /// The page's URL, base path included.
  public var url: String
  /// The summary shown under the title, as HTML.
  public var summaryHTML: String
  /// The page's declared front-matter values (``FrontMatter/values``).
  public var values: DeclaredValues

  /// A listed page.
  public init(id: String, title: String, url: String, summaryHTML: String, values: DeclaredValues) {
    self.id = id
    self.title = title
    self.url = url
    self.summaryHTML = summaryHTML
    self.values = values
  }
}

/// A section listing: the child pages as the children of container `name` (`cards`),
/// each page's front-matter values its child's values, for the theme's renderer. The
/// instance a Markdown container with one section per page would make, built
/// directly: a listing has no Markdown around its children, so no view tree is
/// resolved to find them.
///
/// With `linkValue` (a URL value the container reads, such as the cards' `href`), each
/// page's URL is written there unless its front matter sets it, and the title stays
/// text: the container's template makes the link (a whole-card link). Without it, the
/// title is the link.
public func listingInstance(
  container name: String, id: String, pages: [ListedPage], attributes: [String: TypedValue] = [:],
  childHeadingLevel: Int = 2, linkValue: String? = nil
) -> ContainerInstance {
  var children: [ContainerChild] = []
  children.reserveCapacity(pages.count)
  for page in pages {
    var values = page.values
    let title: String
    if let linkValue {
      if values[linkValue] == nil { values[linkValue] = .url(page.url) }
      title = escapeHTML(page.title)
    } else {
      title = "<a href=\"\(escapeHTML(page.url))\">\(escapeHTML(page.title))</a>"
    }
    children.append(
      ContainerChild(
        id: page.id, index: children.count, titleHTML: title, titleText: page.title, bodyHTML: page.summaryHTML,
        values: values, classes: [], headings: []))
  }
  return ContainerInstance(
    name: name, labelHTML: nil, attributes: attributes, classes: [], id: id, childHeadingLevel: childHeadingLevel,
    children: children, location: nil)
}
