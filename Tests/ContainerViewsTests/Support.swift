import ContainerViews
import Testing

/// A two-member value, to check writes through member key paths and their order.
struct PinPosition: Equatable {
  var rotation: Double = 0
  var xOffset: Int = 0
}

extension ContainerValues {
  @Entry var badge: String = "none"
  @Entry var pin: PinPosition = .init()
  @Entry var otherBadge: String = "none"
  @Entry var inferred = 7

  /// Declared by hand, to check it behaves exactly like `@Entry`.
  var manualBadge: String {
    get { self[ManualBadgeKey.self] }
    set { self[ManualBadgeKey.self] = newValue }
  }
}

struct ManualBadgeKey: ContainerValueKey {
  static let defaultValue = "none"
}

extension EnvironmentValues {
  @Entry var accent: String = "plain"
}

final class Captured<T> {
  var value: T?
  func store(_ value: T) -> EmptyView {
    self.value = value
    return EmptyView()
  }
}

/// The subviews of `content`, as a container reading it sees them.
func subviews<Content: View>(@ViewBuilder of content: () -> Content) throws -> SubviewsCollection {
  let captured = Captured<SubviewsCollection>()
  _ = renderHTML(Group(subviews: content()) { captured.store($0) })
  return try #require(captured.value)
}

/// The sections of `content`, as a sections reader sees them.
func sections<Content: View>(@ViewBuilder of content: () -> Content) throws -> SectionCollection {
  let captured = Captured<SectionCollection>()
  _ = renderHTML(Group(sections: content()) { captured.store($0) })
  return try #require(captured.value)
}

/// The `badge` of each subview of `content`.
func badges<Content: View>(@ViewBuilder _ content: () -> Content) throws -> [String] {
  try subviews(of: content).map { $0.containerValues.badge }
}

/// A container in the test's own words: reads nothing, renders its content in a `div`.
struct Box<Content: View>: View {
  @ViewBuilder let content: Content
  var body: some View { HTMLElement("div", attributes: ["class": "box"]) { content } }
}

/// A container that reports the badges of its direct subviews as text.
struct BadgeReader<Content: View>: View {
  @ViewBuilder let content: Content
  var body: some View {
    Group(subviews: content) { subviews in
      Text(subviews.map { $0.containerValues.badge }.joined(separator: ","))
    }
  }
}
