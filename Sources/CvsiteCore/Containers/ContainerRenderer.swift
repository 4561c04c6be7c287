import ContainerViews

/// Turns a container instance into HTML: implemented by themes (Mustache templates),
/// and by a plain fallback for tests and tools.
public protocol ContainerRenderer: Sendable {
  func render(_ container: ContainerInstance) -> String
}

extension EnvironmentValues {
  /// What turns a container directive into HTML: the theme's templates in a site build,
  /// ``PlainContainerRenderer`` otherwise.
  public var containerRenderer: any ContainerRenderer {
    get { self[ContainerRendererKey.self] }
    set { self[ContainerRendererKey.self] = newValue }
  }

  // Written out as `@Entry` expands it: the executable's modules build without the macro.
  private struct ContainerRendererKey: EnvironmentKey {
    static var defaultValue: any ContainerRenderer { PlainContainerRenderer() }
  }
}

/// A theme-independent rendering of containers: a `div` per container, a `section` per
/// child with its values as `data-` attributes. For tests, tools and benchmarks.
public struct PlainContainerRenderer: ContainerRenderer {
  /// The plain renderer; it has no settings.
  public init() {}

  /// A `div` for the container, a `section` per child, values as `data-` attributes.
  public func render(_ container: ContainerInstance) -> String {
    var html = ""
    html.reserveCapacity(
      container.children.reduce(256) { $0 + $1.bodyHTML.utf8.count + ($1.titleHTML?.utf8.count ?? 0) + 160 })
    html += "<div class=\"cv-\(escapeHTML(container.name))"
    for name in container.classes { html += " " + escapeHTML(name) }
    html += "\" id=\"\(escapeHTML(container.id))\"" + dataAttributes(container.attributes) + ">\n"
    if let label = container.labelHTML { html += "<p class=\"cv-label\">\(label)</p>\n" }
    let level = container.childHeadingLevel
    for child in container.children {
      html += "<section class=\"cv-child"
      for name in child.classes { html += " " + escapeHTML(name) }
      var values: [String: TypedValue] = [:]
      for name in child.values.names { values[name] = child.values[name] }
      html += "\" id=\"\(escapeHTML(child.id))\"" + dataAttributes(values) + ">\n"
      if let title = child.titleHTML { html += "<h\(level)>\(title)</h\(level)>\n" }
      html += child.bodyHTML
      html += "</section>\n"
    }
    return html + "</div>\n"
  }

  private func dataAttributes(_ values: [String: TypedValue]) -> String {
    var html = ""
    for (key, value) in values.sorted(by: { $0.key < $1.key }) {
      html += " data-\(escapeHTML(key))=\"\(escapeHTML(value.description))\""
    }
    return html
  }
}
