/// Edges for `padding(_:_:)`.
public struct Edge: Sendable {
  /// A set of edges.
  public struct Set: OptionSet, Sendable {
    /// The bits of the set: one per edge.
    public let rawValue: Int
    /// A set made of the given bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The top edge.
    public static let top = Set(rawValue: 1)
    /// The leading (left) edge.
    public static let leading = Set(rawValue: 2)
    /// The bottom edge.
    public static let bottom = Set(rawValue: 4)
    /// The trailing (right) edge.
    public static let trailing = Set(rawValue: 8)
    /// The leading and trailing edges.
    public static let horizontal: Set = [.leading, .trailing]
    /// The top and bottom edges.
    public static let vertical: Set = [.top, .bottom]
    /// All four edges.
    public static let all: Set = [.top, .leading, .bottom, .trailing]
  }
}

extension View {
  /// Pads this view by 16 pixels on every edge.
  public func padding() -> some View { padding(.all, 16) }

  /// Pads this view on every edge.
  public func padding(_ length: CGFloat) -> some View { padding(.all, length) }

  /// Pads the given edges of this view. An ordinary modifier: it keeps container values
  /// and, on multi-view content, pads each subview.
  public func padding(_ edges: Edge.Set, _ length: CGFloat = 16) -> some View {
    let size = cssPixels(Double(length))
    let style: String
    if edges == .all {
      style = "padding:\(size)"
    } else {
      let sides: [(Edge.Set, String)] = [(.top, "top"), (.trailing, "right"), (.bottom, "bottom"), (.leading, "left")]
      style = sides.filter { edges.contains($0.0) }.map { "padding-\($0.1):\(size)" }.joined(separator: ";")
    }
    return AttributeModifier(content: self, attributes: ["style": style])
  }

  /// Adds CSS classes (space-separated) to this view's element.
  public func cssClass(_ names: String) -> some View {
    AttributeModifier(content: self, attributes: ["class": names])
  }

  /// Sets an HTML attribute on this view's element (`class` and `style` accumulate).
  public func htmlAttribute(_ name: String, _ value: String) -> some View {
    AttributeModifier(content: self, attributes: [name: value])
  }

  /// Gives this view an explicit identity, which becomes its subview's ``Subview/id``.
  /// A string id is also the element's HTML `id`, so it can be linked to.
  public func id<ID: Hashable>(_ id: ID) -> some View {
    IdentityModifier(content: self, id: id)
  }
}

/// An ordinary modifier: merges attributes into each subview of its content and keeps
/// their values.
struct AttributeModifier<Content: View>: PrimitiveView {
  let content: Content
  let attributes: HTMLAttributes

  func _resolve(_ inputs: _ResolveInputs, into output: inout _ResolvedList) {
    let start = output.elements.count
    content._resolve(inputs, into: &output)
    for index in start..<output.elements.count {
      output.elements[index].attributes.merge(attributes)
    }
  }
}

struct IdentityModifier<Content: View, ID: Hashable>: PrimitiveView {
  let content: Content
  let id: ID

  func _resolve(_ inputs: _ResolveInputs, into output: inout _ResolvedList) {
    let start = output.elements.count
    content._resolve(inputs.child(.explicit(AnyHashable(id))), into: &output)
    guard let name = id as? String else { return }
    for index in start..<output.elements.count {
      output.elements[index].attributes.merge("id", name)
    }
  }
}

/// A modifier you write in Swift, as in SwiftUI: its `body` receives the modified view
/// as `content`.
///
/// A body that places `content` inside a container (`VStack { content }`) turns
/// multi-view content into one subview that carries only the values written outside
/// it; a body that decorates `content` keeps each subview and its values.
public protocol ViewModifier {
  /// The type of view the modifier makes.
  associatedtype Body: View
  /// The view the modifier is applied to, as ``body(content:)`` receives it.
  typealias Content = _ViewModifier_Content<Self>
  /// The view the modifier makes of `content`, the view it modifies.
  @ViewBuilder func body(content: Content) -> Body
}

/// The view a ``ViewModifier`` modifies, as its body sees it.
public struct _ViewModifier_Content<Modifier: ViewModifier>: PrimitiveView {
  let resolveContent: (_ResolveInputs, inout _ResolvedList) -> Void

  /// Resolves the modified view in place.
  public func _resolve(_ inputs: _ResolveInputs, into output: inout _ResolvedList) {
    resolveContent(inputs, &output)
  }
}

/// A view with a modifier applied.
public struct ModifiedContent<Content: View, Modifier: ViewModifier>: PrimitiveView {
  /// The view being modified.
  public var content: Content
  /// The modifier applied to `content`.
  public var modifier: Modifier

  /// Applies `modifier` to `content`.
  public init(content: Content, modifier: Modifier) {
    self.content = content
    self.modifier = modifier
  }

  /// Resolves the modifier's `body`, in which `content` stands for the modified view.
  public func _resolve(_ inputs: _ResolveInputs, into output: inout _ResolvedList) {
    let content = self.content
    let placeholder = _ViewModifier_Content<Modifier>(resolveContent: { inputs, output in
      content._resolve(inputs, into: &output)
    })
    modifier.body(content: placeholder)._resolve(inputs, into: &output)
  }
}

extension View {
  /// Applies a ``ViewModifier``.
  public func modifier<M: ViewModifier>(_ modifier: M) -> ModifiedContent<Self, M> {
    ModifiedContent(content: self, modifier: modifier)
  }
}
