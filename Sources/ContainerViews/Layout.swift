/// A size proposal, as in SwiftUI; `nil` means unspecified.
public struct ProposedViewSize: Sendable, Hashable {
  /// The proposed width in pixels, or `nil` when unspecified.
  public var width: CGFloat?
  /// The proposed height in pixels, or `nil` when unspecified.
  public var height: CGFloat?

  /// A proposal with the given width and height; `nil` leaves a dimension unspecified.
  public init(width: CGFloat?, height: CGFloat?) {
    self.width = width
    self.height = height
  }

  /// A proposal of exactly `size`.
  public init(_ size: CGSize) { self.init(width: size.width, height: size.height) }

  /// The proposal with neither dimension given: the view chooses its size.
  public static let unspecified = ProposedViewSize(width: nil, height: nil)
  /// The proposal of zero width and zero height: the view's minimum size.
  public static let zero = ProposedViewSize(width: 0, height: 0)
  /// The proposal of infinite width and height: the view's maximum size.
  public static let infinity = ProposedViewSize(width: .infinity, height: .infinity)
}

/// A point in a view's own unit square: `(0, 0)` top leading, `(1, 1)` bottom trailing.
public struct UnitPoint: Sendable, Hashable {
  /// The horizontal position: 0 is the leading edge, 1 the trailing edge.
  public var x: CGFloat
  /// The vertical position: 0 is the top edge, 1 the bottom edge.
  public var y: CGFloat

  /// A point at the given fractions of the width and height.
  public init(x: CGFloat, y: CGFloat) {
    self.x = x
    self.y = y
  }

  /// The top leading corner, `(0, 0)`.
  public static let topLeading = UnitPoint(x: 0, y: 0)
  /// The middle of the top edge, `(0.5, 0)`.
  public static let top = UnitPoint(x: 0.5, y: 0)
  /// The top trailing corner, `(1, 0)`.
  public static let topTrailing = UnitPoint(x: 1, y: 0)
  /// The middle of the leading edge, `(0, 0.5)`.
  public static let leading = UnitPoint(x: 0, y: 0.5)
  /// The center, `(0.5, 0.5)`.
  public static let center = UnitPoint(x: 0.5, y: 0.5)
  /// The middle of the trailing edge, `(1, 0.5)`.
  public static let trailing = UnitPoint(x: 1, y: 0.5)
  /// The bottom leading corner, `(0, 1)`.
  public static let bottomLeading = UnitPoint(x: 0, y: 1)
  /// The middle of the bottom edge, `(0.5, 1)`.
  public static let bottom = UnitPoint(x: 0.5, y: 1)
  /// The bottom trailing corner, `(1, 1)`.
  public static let bottomTrailing = UnitPoint(x: 1, y: 1)
}

/// A container that arranges its subviews in HTML and CSS, the cvsite twin of
/// SwiftUI's `Layout`.
///
/// A layout reads its subviews' layout values and container values and answers with
/// markup: the element that holds the subviews (``makeElement(subviews:cache:)``) and
/// attributes for each subview (``attributes(for:subviews:cache:)``), e.g. a grid span:
///
/// ```swift
/// struct Grid: Layout {
///   func attributes(for subview: LayoutSubview, subviews: Subviews, cache: inout ()) -> HTMLAttributes {
///     ["style": "grid-column:span \(subview[Span.self])"]
///   }
/// }
/// ```
///
/// The SwiftUI geometry methods are honoured too: a size from `sizeThatFits` becomes the
/// element's CSS `width`/`height`, and `place(at:)` calls in `placeSubviews` become
/// absolute positions. HTML has no measuring pass, so proposals are `.unspecified`.
public protocol Layout {
  /// What the layout works out once and reads in each of its methods; `Void` by default.
  associatedtype Cache = Void
  /// The subviews the layout arranges, in order.
  typealias Subviews = LayoutSubviews

  /// Makes the cache the other methods share, from the subviews.
  func makeCache(subviews: Subviews) -> Cache
  func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize
  func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache)
  /// The element that holds the subviews; a `div` by default.
  func makeElement(subviews: Subviews, cache: inout Cache) -> HTMLTag
  /// Attributes merged into one subview's element; none by default.
  func attributes(for subview: LayoutSubview, subviews: Subviews, cache: inout Cache) -> HTMLAttributes
}

extension Layout where Cache == Void {
  /// Makes no cache, for layouts whose cache is `Void`.
  public func makeCache(subviews: Subviews) {}
}

extension Layout {
  /// Returns `.zero` by default, so the element gets no CSS width or height.
  public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize {
    .zero
  }

  /// Places nothing by default, so the subviews stay in the normal flow.
  public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) {}

  /// A `div` with the class `cv-layout` by default.
  public func makeElement(subviews: Subviews, cache: inout Cache) -> HTMLTag {
    HTMLTag("div", attributes: ["class": "cv-layout"])
  }

  /// No attributes by default.
  public func attributes(for subview: LayoutSubview, subviews: Subviews, cache: inout Cache) -> HTMLAttributes {
    HTMLAttributes()
  }

  /// Lays out `content` with this layout: a container.
  public func callAsFunction<Content: View>(@ViewBuilder _ content: () -> Content) -> some View {
    LayoutRoot(layout: self, content: content())
  }
}

/// A subview as a layout sees it: layout values, container values and priority.
public struct LayoutSubview {
  let values: ContainerValues
  let index: Int
  let placements: PlacementRecorder

  /// The layout value of `key` for this subview, or its default.
  public subscript<Key: LayoutValueKey>(key: Key.Type) -> Key.Value { values.layoutValue(key) }

  /// The container values of this subview, read beside its layout values.
  public var containerValues: ContainerValues { values }

  /// The priority set with ``View/layoutPriority(_:)``; 0 by default.
  public var priority: Double { values.layoutValue(LayoutPriorityKey.self) }

  /// Places this subview at `position` (in pixels from the layout's top leading corner),
  /// with `anchor` of the subview at that point.
  public func place(at position: CGPoint, anchor: UnitPoint = .topLeading, proposal: ProposedViewSize) {
    placements.positions[index] = (position, anchor)
  }
}

/// The subviews of a layout, in order.
public struct LayoutSubviews: RandomAccessCollection {
  let subviews: [LayoutSubview]

  /// The index of the first subview.
  public var startIndex: Int { subviews.startIndex }
  /// The index past the last subview.
  public var endIndex: Int { subviews.endIndex }
  /// The subview at `position`.
  public subscript(position: Int) -> LayoutSubview { subviews[position] }
}

final class PlacementRecorder {
  var positions: [(CGPoint, UnitPoint)?]
  init(count: Int) { positions = Array(repeating: nil, count: count) }
}

struct LayoutRoot<L: Layout, Content: View>: PrimitiveView {
  let layout: L
  let content: Content

  func _resolve(_ inputs: _ResolveInputs, into output: inout _ResolvedList) {
    var children = resolveSubviews(content, inputs)
    let recorder = PlacementRecorder(count: children.count)
    let subviews = LayoutSubviews(
      subviews: children.indices.map { LayoutSubview(values: children[$0].values, index: $0, placements: recorder) })
    var cache = layout.makeCache(subviews: subviews)
    let size = layout.sizeThatFits(proposal: .unspecified, subviews: subviews, cache: &cache)
    layout.placeSubviews(
      in: CGRect(origin: .zero, size: size), proposal: .unspecified, subviews: subviews, cache: &cache)
    var tag = layout.makeElement(subviews: subviews, cache: &cache)
    var style: [String] = []
    if size.width > 0, size.width.isFinite { style.append("width:\(cssPixels(Double(size.width)))") }
    if size.height > 0, size.height.isFinite { style.append("height:\(cssPixels(Double(size.height)))") }
    if recorder.positions.contains(where: { $0 != nil }) { style.append("position:relative") }
    if !style.isEmpty { tag.attributes.merge("style", style.joined(separator: ";")) }
    for index in children.indices {
      var attributes = layout.attributes(for: subviews[index], subviews: subviews, cache: &cache)
      if let (point, anchor) = recorder.positions[index] {
        var placement = "position:absolute;left:\(cssPixels(Double(point.x)));top:\(cssPixels(Double(point.y)))"
        if anchor != .topLeading {
          placement += ";transform:translate(\(-Double(anchor.x) * 100)%,\(-Double(anchor.y) * 100)%)"
        }
        attributes.merge("style", placement)
      }
      children[index].attributes.merge(attributes)
    }
    output.appendUnary(.element(tag, children), inputs)
  }
}
