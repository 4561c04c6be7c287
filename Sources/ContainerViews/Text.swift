/// Text, HTML-escaped when rendered. One subview.
public struct Text: PrimitiveView, Equatable {
  /// The text as written.
  public var content: String

  /// Text showing `content`.
  public init(_ content: some StringProtocol) { self.content = String(content) }

  /// Text showing `content` as written, as SwiftUI's `Text(verbatim:)`.
  public init(verbatim content: String) { self.content = content }

  /// Resolves as one text subview.
  public func _resolve(_ inputs: _ResolveInputs, into output: inout _ResolvedList) {
    output.appendUnary(.text(content), inputs)
  }
}

/// Markup inserted as is, without escaping: for HTML produced by a trusted renderer
/// (a Markdown converter, a template). One subview.
public struct RawHTML: PrimitiveView, Equatable {
  /// The markup.
  public var html: String

  /// Markup to insert as is.
  public init(_ html: String) { self.html = html }

  /// Resolves as one subview holding the markup.
  public func _resolve(_ inputs: _ResolveInputs, into output: inout _ResolvedList) {
    output.appendUnary(.html(html), inputs)
  }
}

/// A type-erased view: transparent, it contributes the subviews of the view it wraps.
public struct AnyView: PrimitiveView {
  let storage: any View

  /// Wraps `view`; an ``AnyView`` is unwrapped rather than nested.
  public init(_ view: some View) {
    if let erased = view as? AnyView {
      storage = erased.storage
    } else {
      storage = view
    }
  }

  /// Wraps `view`, as `init(_:)` does.
  public init(erasing view: some View) { self.init(view) }

  /// Resolves the wrapped view in place.
  public func _resolve(_ inputs: _ResolveInputs, into output: inout _ResolvedList) {
    storage._resolve(inputs, into: &output)
  }
}

/// Groups views without adding markup: contributes its children as siblings,
/// and modifiers applied to it apply to each child.
public struct Group<Content: View>: PrimitiveView {
  let content: Content

  /// A group of the views `content` builds.
  public init(@ViewBuilder content: () -> Content) { self.content = content() }

  /// Resolves the content in place: its subviews become siblings.
  public func _resolve(_ inputs: _ResolveInputs, into output: inout _ResolvedList) {
    content._resolve(inputs, into: &output)
  }
}
