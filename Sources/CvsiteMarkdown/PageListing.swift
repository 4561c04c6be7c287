import ContainerViews

/// One child page in a section listing (markdown.md §5): its front-matter values are the
/// subview's values, its title the subview's title, its summary and link the body.
public struct ListedPage: Sendable {
  public var id: String
  public var title: String
  public var url: String
  public var summaryHTML: String
  /// The page's declared front-matter values (``FrontMatter/values``).
  public var values: DeclaredValues

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
public func pageListing(
  container name: String, id: String, pages: [ListedPage], attributes: [String: TypedValue] = [:],
  childHeadingLevel: Int = 2
) -> AnyView {
  let children = pages.map { page -> AnyView in
    let meta = ChildMeta(id: page.id, titleText: page.title, classes: [], headings: [])
    let link = "<a href=\"\(escapeHTML(page.url))\">\(escapeHTML(page.title))</a>"
    return AnyView(
      Section(content: { RawHTML(page.summaryHTML) }, header: { RawHTML(link) })
        .containerValue(\.markdownChild, meta)
        .containerValue(\.declaredValues, page.values))
  }
  let head = ContainerHead(
    name: name, labelHTML: nil, attributes: attributes, classes: [], id: id, childHeadingLevel: childHeadingLevel,
    location: nil)
  return AnyView(DirectiveContainer(head: head, content: ViewList(views: children)))
}
