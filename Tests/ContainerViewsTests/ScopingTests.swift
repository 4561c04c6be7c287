import ContainerViews
import Testing

@Suite("C. Scoping")
struct ScopingTests {
  @Test("the closest container reads its direct subviews")
  func rC1_closestContainer() {
    let content = Text("A").containerValue(\.badge, "x")
    let html = renderHTML(ForEach(subviews: content) { subview in Text(subview.containerValues.badge) })
    #expect(html == "x")
  }

  @Test("values do not escape a container, even with one child")
  func rC2_noEscape() throws {
    #expect(try badges { VStack { Text("A").containerValue(\.badge, "x") } } == ["none"])
    #expect(try badges { Box { Text("A").containerValue(\.badge, "x") } } == ["none"])
    #expect(
      try badges {
        HTMLElement("section") {
          Text("A").containerValue(\.badge, "x")
          Text("B").containerValue(\.badge, "y")
        }
      } == ["none"])
  }

  @Test("a value on the container itself belongs to the container's subview")
  func rC3_valueOnContainer() throws {
    #expect(try badges { VStack { Text("A") }.containerValue(\.badge, "x") } == ["x"])
  }

  @Test("ordinary modifiers keep values, on either side")
  func rC4_modifiersPreserve() throws {
    #expect(try badges { Text("C").containerValue(\.badge, "x").padding() } == ["x"])
    #expect(try badges { Text("C").padding().containerValue(\.badge, "x") } == ["x"])
    #expect(try badges { Text("C").containerValue(\.badge, "x").cssClass("lead").id("c") } == ["x"])
    #expect(try badges { Text("C").containerValue(\.badge, "x").htmlAttribute("title", "t") } == ["x"])
  }

  @Test("no merging: each subview has its own value, the container's own is the default")
  func rC5_noMerging() throws {
    let inner = {
      VStack {
        Text("A").containerValue(\.badge, "a")
        Text("B").containerValue(\.badge, "b")
      }
    }
    #expect(
      try badges {
        Text("A").containerValue(\.badge, "a")
        Text("B").containerValue(\.badge, "b")
      } == ["a", "b"])
    #expect(try badges { inner() } == ["none"])
  }

  @Test("nested containers are isolated from each other")
  func rC6_nestedIsolation() {
    let html = renderHTML(
      BadgeReader {
        BadgeReader { Text("A").containerValue(\.badge, "x") }
      })
    // The inner reader sees "x" and renders it; the outer sees the inner reader's own
    // subview (its Text output), which carries no value.
    let inner = renderHTML(BadgeReader { Text("A").containerValue(\.badge, "x") })
    #expect(inner == "x")
    #expect(html == "none")
  }

  @Test("container values are not environment; environment flows down")
  func rC7_notEnvironment() throws {
    struct AccentLabel: View {
      @Environment(\.accent) var accent
      var body: some View { Text(accent) }
    }
    let html = renderHTML(
      VStack { AccentLabel().containerValue(\.badge, "x") }.environment(\.accent, "bold"))
    #expect(html.contains(">bold<"))
    #expect(!html.contains(">x<"))
    // The environment is not visible as a container value, and vice versa.
    #expect(try badges { AccentLabel().environment(\.accent, "pro") } == ["none"])
    #expect(renderHTML(AccentLabel()) == "plain")
  }
}
