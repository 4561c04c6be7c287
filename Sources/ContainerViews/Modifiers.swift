/// Edges for `padding(_:_:)`.
public struct Edge: Sendable {
  /// A set of edges.
  public struct Set: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let top = Set(rawValue: 1)
    public static let leading = Set(rawValue: 2)
    public static let bottom = Set(rawValue: 4)
    public static let trailing = Set(rawValue: 8)
    public static let horizontal: Set = [.leading, .trailing]
    public static let vertical: Set = [.top, .bottom]
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
  associatedtype Body: View
  typealias Content = _ViewModifier_Content<Self>
  @ViewBuilder func body(content: Content) -> Body
}

/// The view a ``ViewModifier`` modifies, as its body sees it.
public struct _ViewModifier_Content<Modifier: ViewModifier>: PrimitiveView {
  let resolveContent: (_ResolveInputs, inout _ResolvedList) -> Void

  public func _resolve(_ inputs: _ResolveInputs, into output: inout _ResolvedList) {
    resolveContent(inputs, &output)
  }
}

/// A view with a modifier applied.
public struct ModifiedContent<Content: View, Modifier: ViewModifier>: PrimitiveView {
  public var content: Content
  public var modifier: Modifier

  public init(content: Content, modifier: Modifier) {
    self.content = content
    self.modifier = modifier
  }

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
