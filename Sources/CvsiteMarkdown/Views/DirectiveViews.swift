import ContainerViews
import CvsiteCore

/// What a Markdown subview carries besides its declared values: its id, title text,
/// classes and the headings in its body. Read by ``DirectiveContainer`` only.
struct ChildMeta {
  var id: String
  var titleText: String?
  var classes: [String]
  var headings: [HeadingInfo]
}

extension ContainerValues {
  var markdownChild: ChildMeta? {
    get { self[MarkdownChildKey.self] }
    set { self[MarkdownChildKey.self] = newValue }
  }

  // Written out as `@Entry` expands it: the executable's modules build without the macro.
  private struct MarkdownChildKey: ContainerValueKey {
    static var defaultValue: ChildMeta? { nil }
  }
}

/// A run of views side by side: each contributes its subviews, in order.
struct ViewList: View {
  let views: [AnyView]
  var body: Never { preconditionFailure("ViewList is primitive") }

  func _resolve(_ inputs: _ResolveInputs, into output: inout _ResolvedList) {
    for view in views { view._resolve(inputs, into: &output) }
  }
}

/// The container's own data, fixed at parse time.
struct ContainerHead: Sendable {
  var name: String
  var labelHTML: String?
  var attributes: [String: TypedValue]
  var classes: [String]
  var id: String
  var childHeadingLevel: Int
  var location: SourceLocation?
}

/// A container directive as a view: it reads its content's sections (one per subview,
/// values written on each) and hands them to the renderer from the environment. Values
/// written inside never leave it; it is one subview for its own container.
struct DirectiveContainer: View {
  let head: ContainerHead
  let content: ViewList
  @Environment(\.containerRenderer) var renderer

  var body: some View {
    Group(sections: content) { sections in
      RawHTML(renderer.render(instance(sections)))
    }
  }

  func instance(_ sections: SectionCollection) -> ContainerInstance {
    var children: [ContainerChild] = []
    for section in sections where section.isExplicit || !section.content.isEmpty || !section.header.isEmpty {
      let meta = section.containerValues.markdownChild
      let index = children.count
      children.append(
        ContainerChild(
          id: meta?.id ?? "\(head.id)-\(index + 1)", index: index,
          titleHTML: section.header.isEmpty ? nil : renderHTML(section.header), titleText: meta?.titleText,
          bodyHTML: renderHTML(section.content), values: section.containerValues.declaredValues,
          classes: meta?.classes ?? [], headings: meta?.headings ?? []))
    }
    return ContainerInstance(
      name: head.name, labelHTML: head.labelHTML, attributes: head.attributes, classes: head.classes, id: head.id,
      childHeadingLevel: head.childHeadingLevel, children: children, location: head.location)
  }
}

/// A leaf directive (`::field{…}`): a container instance with no children.
struct LeafDirective: View {
  let head: ContainerHead
  @Environment(\.containerRenderer) var renderer

  var body: some View {
    RawHTML(
      renderer.render(
        ContainerInstance(
          name: head.name, labelHTML: head.labelHTML, attributes: head.attributes, classes: head.classes, id: head.id,
          childHeadingLevel: head.childHeadingLevel, children: [], location: head.location)))
  }
}
