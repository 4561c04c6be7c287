import ContainerViews
import CvsiteCore

/// One child page in a section listing, as one subview: its front-matter values are the
/// subview's values, its title the subview's title, its summary and link the body.
public struct ListedPage: Sendable {
  /// The subview's id in the listing (unique on the listing page).
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

/// A section listing: the child pages as the subviews of container `name` (`cards`),
/// rendered through the environment's ``EnvironmentValues/containerRenderer`` with the
/// same scoping as a container written in Markdown.
///
/// With `linkValue` (a URL value the container reads, such as the cards' `href`), each
/// page's URL is written there unless its front matter sets it, and the title stays
/// text: the container's template makes the link (a whole-card link). Without it, the
/// title is the link.
public func pageListing(
  container name: String, id: String, pages: [ListedPage], attributes: [String: TypedValue] = [:],
  childHeadingLevel: Int = 2, linkValue: String? = nil
) -> AnyView {
  let children = pages.map { page -> AnyView in
    let meta = ChildMeta(id: page.id, titleText: page.title, classes: [], headings: [])
    var values = page.values
    let title: String
    if let linkValue {
      if values[linkValue] == nil { values[linkValue] = .url(page.url) }
      title = escapeHTML(page.title)
    } else {
      title = "<a href=\"\(escapeHTML(page.url))\">\(escapeHTML(page.title))</a>"
    }
    return AnyView(
      Section(content: { RawHTML(page.summaryHTML) }, header: { RawHTML(title) })
        .containerValue(\.markdownChild, meta)
        .containerValue(\.declaredValues, values))
  }
  let head = ContainerHead(
    name: name, labelHTML: nil, attributes: attributes, classes: [], id: id, childHeadingLevel: childHeadingLevel,
    location: nil)
  return AnyView(DirectiveContainer(head: head, content: ViewList(views: children)))
}
