/// One resolved subview: what it renders and the values its container can read.
struct ResolvedElement {
  var id: Subview.ID
  /// Container values, tags and layout values: one collection, so they share one scoping.
  var values: ContainerValues
  var content: ResolvedContent
  /// Attributes added by ordinary modifiers, innermost first.
  var attributes: HTMLAttributes
  var section: SectionPlacement?
}

/// What a resolved element renders.
enum ResolvedContent {
  /// Escaped text.
  case text(String)
  /// Markup inserted as is.
  case html(String)
  /// One HTML element around resolved children.
  case element(HTMLTag, [ResolvedElement])
  /// A unary group of children with no element of its own.
  case fragment([ResolvedElement])
}

/// Where an element sits inside an explicit `Section`.
struct SectionPlacement {
  enum Role { case header, content, footer }
  let mark: SectionMark
  let role: Role
}

/// One explicit `Section` instance, shared by every element it produced.
final class SectionMark {
  let id: Subview.ID
  let values: ContainerValues
  init(id: Subview.ID, values: ContainerValues) {
    self.id = id
    self.values = values
  }
}
